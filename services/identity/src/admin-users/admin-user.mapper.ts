import {
  TEAM_MEMBER_ROLES,
  type AdminUserRecord,
  type AdminUserRow,
  type LoginHistoryRow,
  type Role,
  type TableColumn,
} from '@app/contracts';
import type { Narrow, TableRow } from '@app/database';
import type { UserEntity } from '../users/user.entity';
import type { AdminUserFormDto } from './dto/admin-user-form.dto';
import { fromSlashedUsDate, toSlashedUsDate } from '@app/dates';

/** The user table's columns (spec 000 section 2), in the spec's order. */
export const USER_TABLE_COLS: readonly TableColumn[] = [
  { field: 'profile_image_path', header: '', sortable: false },
  { field: 'agent_full_name', header: 'Name', sortable: true },
  { field: 'mobile_phone', header: 'Mobile Phone', sortable: true },
  { field: 'created_ts', header: 'Created', sortable: true },
  { field: 'last_access_ts', header: 'Last Access', sortable: true },
  { field: 'status', header: 'Status', sortable: true },
  { field: 'excluded', header: 'Excluded', sortable: true },
  { field: 'download', header: 'Download', sortable: true },
  { field: 'client_count', header: 'Clients', sortable: true },
];

export const HISTORY_TABLE_COLS: readonly TableColumn[] = [
  { field: 'created_ts', header: 'Time', sortable: false },
  { field: 'ip', header: 'IP Address', sortable: false },
  { field: 'user_agent', header: 'Device', sortable: false },
  { field: 'result', header: 'Result', sortable: false },
];

/** A user's single team role (users have exactly one; CLIENT logins are not team members). */
export function roleOf(user: Pick<UserEntity, 'roles'>): Role {
  return user.roles[0];
}

/** Admin screens manage team members; CLIENT logins (contacts) are not theirs and answer 404. */
export function isTeamMember(user: Pick<UserEntity, 'roles'>): boolean {
  return TEAM_MEMBER_ROLES.includes(roleOf(user));
}

type Users = TableRow<'identity.users'>;

/** One row of the user list query (admin-users.repository). */
export type UserListRow = Narrow<
  Pick<
    Users,
    | 'agent_id'
    | 'profile_image_path'
    | 'first_name'
    | 'last_name'
    | 'email'
    | 'mobile_phone'
    | 'created_ts'
    | 'last_access_ts'
    | 'status'
    | 'client_count'
  >,
  { status: 'active' | 'inactive' }
> & {
  /** roles[1]: a user has exactly one team role. */
  role_id: Role;
  excluded: Users['leader_board_exclude'];
  download: Users['can_download'];
};

/** profile_image_path carries a signed, expiring URL of the image (a storage key cannot be shown). */
export function tableRowOf(row: UserListRow, imageUrl: string | null): AdminUserRow {
  return {
    agent_id: row.agent_id,
    profile_image_path: imageUrl,
    agent_full_name: `${row.first_name} ${row.last_name}`,
    first_name: row.first_name,
    last_name: row.last_name,
    email: row.email,
    mobile_phone: row.mobile_phone,
    role_id: row.role_id,
    created_ts: row.created_ts.toISOString(),
    last_access_ts: row.last_access_ts ? row.last_access_ts.toISOString() : null,
    status: row.status === 'active' ? 'Active' : 'Inactive',
    excluded: row.excluded,
    download: row.download,
    client_count: row.client_count,
  };
}

export function historyRowOf(row: { created_ts: Date; ip: string | null; user_agent: string | null; success: boolean }): LoginHistoryRow {
  return { created_ts: row.created_ts.toISOString(), ip: row.ip, user_agent: row.user_agent, result: row.success ? 'Success' : 'Failed' };
}

/** The user form as GET /admin/user answers it; a VENDOR's real-estate fields answer empty. */
export function recordOf(user: UserEntity, profileImageUrl: string | null): AdminUserRecord {
  const vendor = roleOf(user) === 'VENDOR';
  const realEstate = <T>(value: T, empty: T): T => (vendor ? empty : value);
  return {
    agent_id: user.agent_id,
    first_name: user.first_name,
    last_name: user.last_name,
    mobile_phone: user.mobile_phone,
    email: user.email,
    alternate_email: user.alternate_email,
    role_id: roleOf(user),
    start_dt: toSlashedUsDate(user.start_dt),
    can_download: user.can_download,
    can_download_activities: user.can_download_activities,
    esign_enabled: user.esign_enabled,
    leader_board_exclude: realEstate(user.leader_board_exclude, false),
    manage_billing: user.manage_billing,
    brokerage_cap_amt: realEstate(user.brokerage_cap_amt, null),
    royalty_cap_amt: realEstate(user.royalty_cap_amt, null),
    brokerage_cap_anniversary_dt: realEstate(toSlashedUsDate(user.brokerage_cap_anniversary_dt), null),
    royalty_cap_anniversary_dt: realEstate(toSlashedUsDate(user.royalty_cap_anniversary_dt), null),
    agent_trans_fee_amt: realEstate(user.agent_trans_fee_amt, null),
    agent_monthly_fee_amt: realEstate(user.agent_monthly_fee_amt, null),
    lic_nbr: user.lic_nbr,
    pid: user.pid,
    career_path: realEstate(user.career_path, null),
    lead_source: realEstate(user.lead_source, null),
    notes: user.notes,
    business_entity: user.business_entity,
    default_commission_templates: realEstate(
      { buyer: user.default_buyer_commission_templates ?? [], seller: user.default_seller_commission_templates ?? [] },
      { buyer: [], seller: [] },
    ),
    status: user.status,
    profile_image_url: profileImageUrl,
  };
}

/** The form fields that map one to one onto a column. */
const PLAIN_FIELDS = [
  'first_name',
  'last_name',
  'mobile_phone',
  'alternate_email',
  'can_download',
  'can_download_activities',
  'esign_enabled',
  'leader_board_exclude',
  'manage_billing',
  'brokerage_cap_amt',
  'royalty_cap_amt',
  'agent_trans_fee_amt',
  'agent_monthly_fee_amt',
  'lic_nbr',
  'pid',
  'career_path',
  'lead_source',
  'notes',
  'business_entity',
] as const satisfies readonly (keyof AdminUserFormDto & keyof UserEntity)[];

/**
 * Copies the form's present fields onto the user (absent: unchanged). When the resulting role is VENDOR
 * the real-estate fields are not stored: whatever was sent or stored before is cleared.
 */
export function applyForm(user: UserEntity, form: Partial<AdminUserFormDto>): void {
  const target = user as unknown as Record<string, unknown>;
  for (const field of PLAIN_FIELDS) {
    if (form[field] !== undefined) target[field] = form[field];
  }
  if (form.email !== undefined) user.email = form.email.trim();
  if (form.role_id !== undefined) user.roles = [form.role_id];
  if (form.start_dt !== undefined) user.start_dt = fromSlashedUsDate(form.start_dt);
  if (form.brokerage_cap_anniversary_dt !== undefined) {
    user.brokerage_cap_anniversary_dt = form.brokerage_cap_anniversary_dt && fromSlashedUsDate(form.brokerage_cap_anniversary_dt);
  }
  if (form.royalty_cap_anniversary_dt !== undefined) {
    user.royalty_cap_anniversary_dt = form.royalty_cap_anniversary_dt && fromSlashedUsDate(form.royalty_cap_anniversary_dt);
  }
  if (form.default_commission_templates !== undefined) {
    user.default_buyer_commission_templates = [...new Set(form.default_commission_templates.buyer)];
    user.default_seller_commission_templates = [...new Set(form.default_commission_templates.seller)];
  }
  if (roleOf(user) === 'VENDOR') clearRealEstateFields(user);
}

/** REAL_ESTATE_USER_FIELDS as columns: what a VENDOR user does not have. */
function clearRealEstateFields(user: UserEntity): void {
  user.brokerage_cap_amt = null;
  user.royalty_cap_amt = null;
  user.brokerage_cap_anniversary_dt = null;
  user.royalty_cap_anniversary_dt = null;
  user.agent_trans_fee_amt = null;
  user.agent_monthly_fee_amt = null;
  user.career_path = null;
  user.lead_source = null;
  user.default_buyer_commission_templates = [];
  user.default_seller_commission_templates = [];
  user.leader_board_exclude = false;
}
