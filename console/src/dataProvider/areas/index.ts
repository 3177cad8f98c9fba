import type { ResourceConfig } from '../resourceConfig';
import { accountArea } from './account';
import { adminDashboardsArea } from './admin-dashboards';
import { adminTeamArea } from './admin-team';
import { adminUsersArea } from './admin-users';
import type { ApiHttp } from './area';
import { boardsArea } from './boards';
import { commissionArea } from './commission';
import { contactsArea } from './contacts';
import { documentsArea } from './documents';
import { esignArea } from './esign';
import { messagesArea } from './messages';
import { notificationsArea } from './notifications';
import { signingArea } from './signing';
import { skyslopeArea } from './skyslope';
import { tasksArea } from './tasks';
import { tooltipsArea } from './tooltips';
import { transactionsArea } from './transactions';
import { vendorsArea } from './vendors';

/** Every area of the console's data provider; a new area is added here once. */
export const AREAS = {
  account: accountArea,
  adminDashboards: adminDashboardsArea,
  adminTeam: adminTeamArea,
  adminUsers: adminUsersArea,
  boards: boardsArea,
  commission: commissionArea,
  contacts: contactsArea,
  documents: documentsArea,
  esign: esignArea,
  messages: messagesArea,
  notifications: notificationsArea,
  signing: signingArea,
  skyslope: skyslopeArea,
  tasks: tasksArea,
  tooltips: tooltipsArea,
  transactions: transactionsArea,
  vendors: vendorsArea,
} as const;

type Areas = typeof AREAS;
type UnionToIntersection<U> = (U extends unknown ? (k: U) => void : never) extends (k: infer I) => void ? I : never;

/** The custom methods of every area, one flat namespace (react-admin calls them by name). */
export type ConsoleMethods = UnionToIntersection<{ [K in keyof Areas]: ReturnType<Areas[K]['methods']> }[keyof Areas]>;

/** Every area's resources in one registry. */
export const RESOURCES: Readonly<Record<string, ResourceConfig>> = Object.assign(
  {},
  ...Object.values(AREAS).map((area) => area.resources),
) as Record<string, ResourceConfig>;

/** Every area's methods on one http. */
export function consoleMethods(http: ApiHttp): ConsoleMethods {
  return Object.assign({}, ...Object.values(AREAS).map((area) => area.methods(http))) as ConsoleMethods;
}
