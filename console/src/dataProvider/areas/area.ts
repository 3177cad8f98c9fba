import type { JsonClient } from '../apiClient';
import type { ResourceConfig } from '../resourceConfig';

/**
 * The HTTP an area's custom methods are written on. `call` and `send` carry the session's Bearer
 * token; `publicCall` and `signerCall` do not (signed-out pages: vendor enrollment, a signer's link);
 * `putFile` PUTs to a presigned URL, where no Authorization header may go.
 */
export interface ApiHttp {
  call: JsonClient['call'];
  send: JsonClient['send'];
  publicCall: JsonClient['call'];
  signerCall: JsonClient['call'];
  putFile: (url: string, file: Blob) => Promise<void>;
}

/**
 * One console area's part of the data provider: its react-admin resources (getList, getOne, create,
 * update, delete through dataProvider.ts) and its named custom methods (a status change, a merge, a
 * send, ...), which components reach with useConsoleData() and React Query's useQuery/useMutation.
 * Method names are one namespace across areas (areas.test.ts checks it): name them for the call.
 */
export interface Area<M extends object> {
  resources: Readonly<Record<string, ResourceConfig>>;
  methods: (http: ApiHttp) => M;
}

export const defineArea = <M extends object>(area: Area<M>): Area<M> => area;

/** `id` as a path segment. */
export const seg = (value: number | string): string => encodeURIComponent(String(value));

/** Rows of a {records} answer; [] when it has none. */
export function recordsOf<T>(body: { records?: T[] | null } | null | undefined): T[] {
  return Array.isArray(body?.records) ? body.records : [];
}
