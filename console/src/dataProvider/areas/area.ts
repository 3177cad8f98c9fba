import type { JsonClient } from '../apiClient';
import type { ResourceConfig } from '../resourceConfig';

/**
 * The HTTP an area's custom methods are written on: `call` carries the session's Bearer token.
 * (Signed-out calls and signed-URL PUTs join here when the areas that make them move in.)
 */
export interface ApiHttp {
  call: JsonClient['call'];
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
