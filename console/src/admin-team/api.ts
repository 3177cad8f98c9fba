import type {
  BlackoutDay,
  BlackoutDayInput,
  BlackoutOptions,
  DocumentMessageTemplate,
  TeamNotificationSetting,
  TeamSettings,
  TeamSettingsUpdate,
  UploadUrlResponse,
} from '@app/contracts';
import { createJsonClient, plainFetch, putFile, type FetchLike } from '../dataProvider/apiClient';

/** A write's answer (docs/admin-api.md): the spec's message, and the record after the change. */
export interface WriteAnswer<T> {
  status?: string;
  message?: string;
  record?: T;
}

export interface TeamAdminApiOptions {
  /** fetch with the session's Bearer token (authClient.fetch). */
  fetch: FetchLike;
  /** fetch for the presigned upload URL (no Authorization header may go there). */
  uploadFetch?: FetchLike;
  apiBase?: string;
}

/** How a blackout day is named in DELETE /admin/team/blackout-day. */
export type BlackoutDayRef = { team_blackout_day_id: number } | { predefined_day_key: string };

function recordsOf<T>(body: { records?: T[] | null } | T[] | null): T[] {
  if (Array.isArray(body)) return body;
  return body?.records ?? [];
}

function query(params: Record<string, string | number | boolean | null | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/**
 * The team administration calls (docs/admin-api.md, team-admin part) on the console's authenticated
 * fetch that are no data provider resource yet (document folders, categories and types are:
 * dataProvider/resources.ts). Errors are react-admin HttpErrors like the data provider's:
 * `body.errors` {field: first message}, `body.field_errors` the server's [{field, error}], status 0
 * when the server is unreachable.
 */
export function createTeamAdminApi(options: TeamAdminApiOptions) {
  const { call } = createJsonClient({ fetch: options.fetch, apiBase: options.apiBase });
  // The presigned PUT goes without the Authorization header.
  const uploadFetch = options.uploadFetch ?? plainFetch;

  const api = {
    // Team settings.
    getTeam: () => call<TeamSettings>('/admin/team'),
    updateTeam: (patch: TeamSettingsUpdate) => call<WriteAnswer<TeamSettings>>('/admin/team', 'PATCH', patch),
    getLogo: async () => (await call<{ url: string | null } | null>('/admin/team/logo'))?.url ?? null,
    requestLogoUpload: (name: string, type: string) => call<UploadUrlResponse>('/admin/team/logo', 'POST', { name, type }),
    confirmLogo: (key: string) => call<{ url: string | null } | null>('/admin/team/logo/confirm', 'POST', { key }),
    deleteLogo: () => call<WriteAnswer<never>>('/admin/team/logo', 'DELETE'),
    putFile: (url: string, file: Blob) => putFile(uploadFetch, url, file),
    /**
     * The whole logo upload: where to put it, the PUT, the confirm (needed with S3, harmless
     * locally), then the signed URL to show. Any step's failure rejects.
     */
    async uploadLogo(file: File): Promise<string | null> {
      const { url, key } = await api.requestLogoUpload(file.name, file.type);
      await api.putFile(url, file);
      const confirmed = key ? await api.confirmLogo(key) : null;
      return confirmed?.url ?? (await api.getLogo());
    },

    // Send-document message template.
    getMessageTemplate: async () =>
      (await call<DocumentMessageTemplate | null>('/admin/document/message-template'))?.message_template ?? '',
    updateMessageTemplate: (message_template: string) =>
      call<WriteAnswer<DocumentMessageTemplate>>('/admin/document/message-template', 'PATCH', { message_template }),

    // Team notification settings.
    getNotificationSettings: async () =>
      recordsOf(await call<{ records?: TeamNotificationSetting[] | null }>('/admin/notification_settings')),
    updateNotificationSetting: (notification_id: number, enabled: boolean) =>
      call<WriteAnswer<TeamNotificationSetting>>('/admin/notification_settings', 'PATCH', { notification_id, enabled }),

    // Blackout days.
    getBlackoutOptions: async (): Promise<BlackoutOptions> => {
      const body = await call<Partial<BlackoutOptions> | null>('/admin/team/blackout-days/options');
      return { holidays: body?.holidays ?? [], weekdays: body?.weekdays ?? [] };
    },
    getBlackoutDays: async () => recordsOf(await call<{ records?: BlackoutDay[] | null }>('/admin/team/blackout-days')),
    addBlackoutDay: (input: BlackoutDayInput) => call<WriteAnswer<BlackoutDay>>('/admin/team/blackout-day', 'POST', input),
    deleteBlackoutDay: (ref: BlackoutDayRef) => call<WriteAnswer<never>>(`/admin/team/blackout-day${query(ref)}`, 'DELETE'),
  };
  return api;
}

export type TeamAdminApi = ReturnType<typeof createTeamAdminApi>;
