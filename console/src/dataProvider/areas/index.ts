import type { ResourceConfig } from '../resourceConfig';
import { accountArea } from './account';
import { adminTeamArea } from './admin-team';
import type { ApiHttp } from './area';
import { notificationsArea } from './notifications';
import { tooltipsArea } from './tooltips';
import { vendorsArea } from './vendors';

/** Every area of the console's data provider; an area moving off its own api.ts is added here once. */
export const AREAS = {
  account: accountArea,
  adminTeam: adminTeamArea,
  notifications: notificationsArea,
  tooltips: tooltipsArea,
  vendors: vendorsArea,
} as const;

type Areas = typeof AREAS;
type UnionToIntersection<U> = (U extends unknown ? (k: U) => void : never) extends (k: infer I) => void ? I : never;

/** The custom methods of every area, one flat namespace (react-admin calls them by name). */
export type ConsoleMethods = UnionToIntersection<{ [K in keyof Areas]: ReturnType<Areas[K]['methods']> }[keyof Areas]>;

/** Every area's resources in one registry. */
export const RESOURCES: Readonly<Record<string, ResourceConfig>> = Object.assign({}, ...Object.values(AREAS).map((area) => area.resources));

/** Every area's methods on one http. */
export function consoleMethods(http: ApiHttp): ConsoleMethods {
  return Object.assign({}, ...Object.values(AREAS).map((area) => area.methods(http))) as ConsoleMethods;
}
