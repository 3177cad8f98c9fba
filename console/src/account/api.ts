import type {
  CaptchaResponse,
  ChangePasswordRequest,
  ForgotPasswordRequest,
  LandingPageChoice,
  NotificationSetting,
  ResetPasswordRequest,
  TeamForm,
  UserDefaults,
} from '@app/contracts';
import { createJsonClient, plainFetch, putFile, type FetchLike } from '../dataProvider/apiClient';

export type { FetchLike } from '../dataProvider/apiClient';

/** A plain acknowledgement ({status, message}) as the account calls answer. */
export interface Acknowledgement {
  status?: string;
  message?: string;
  [key: string]: unknown;
}

export interface AccountApiOptions {
  /** fetch with the session's Bearer token (authClient.fetch): the signed-in calls. */
  fetch: FetchLike;
  /** fetch without a session: captcha, forgot and reset password (signed-out visitors). */
  publicFetch?: FetchLike;
  /** fetch for the presigned upload URL (no Authorization header may go there). */
  uploadFetch?: FetchLike;
  apiBase?: string;
}

/**
 * The account area's calls (spec 000 sections 3 and 7) on the console's authenticated fetch. Errors
 * are react-admin HttpErrors like the data provider's: `body.errors` {field: first message},
 * `body.field_errors` the server's [{field, error}].
 */
export function createAccountApi(options: AccountApiOptions) {
  const uploadFetch = options.uploadFetch ?? plainFetch;
  const authed = createJsonClient({ fetch: options.fetch, apiBase: options.apiBase }).call;
  const open = createJsonClient({ fetch: options.publicFetch ?? plainFetch, apiBase: options.apiBase }).call;

  return {
    // Signed-out screens.
    getCaptcha: () => open<CaptchaResponse>('/auth/captcha'),
    forgotPassword: (request: ForgotPasswordRequest) => open<Acknowledgement>('/auth/forgot-password', 'POST', request),
    resetPassword: (request: ResetPasswordRequest) => open<Acknowledgement>('/auth/reset-password', 'POST', request),
    /** Whether a reset link's key still works (200), or the server's 400 message; spends nothing. */
    checkResetKey: (resetKey: string) => open<Acknowledgement>(`/auth/reset-password/check?reset_key=${encodeURIComponent(resetKey)}`),

    // Account area.
    changePassword: (request: ChangePasswordRequest) => authed<Acknowledgement>('/user/password', 'PATCH', request),
    getNotificationSettings: async () => {
      const body = await authed<NotificationSetting[] | { records?: NotificationSetting[] | null }>('/user/notification_settings');
      return Array.isArray(body) ? body : (body?.records ?? []);
    },
    updateNotificationSetting: (notification_id: number, enabled: boolean) =>
      authed<Acknowledgement>('/user/notification_settings', 'PATCH', { notification_id, enabled }),
    getDefaults: () => authed<UserDefaults>('/user/profile/defaults'),
    updateDefaults: (defaults: Partial<UserDefaults>) =>
      authed<UserDefaults | Acknowledgement | null>('/user/profile/defaults', 'PATCH', defaults),
    getForms: async () => {
      const body = await authed<{ records?: TeamForm[] | null } | TeamForm[]>('/user/forms');
      return Array.isArray(body) ? body : (body?.records ?? []);
    },
    getLandingPageChoices: async () => {
      const body = await authed<LandingPageChoice[] | { records?: LandingPageChoice[] | null }>('/user/landing-page-choices');
      return Array.isArray(body) ? body : (body?.records ?? []);
    },
    getProfileImage: () => authed<{ url: string | null } | null>('/user/profile/image'),
    /** Asks where to put the image; the answer's url takes a PUT of the file. */
    requestProfileImageUpload: (name: string, type: string) =>
      authed<{ url: string; key?: string }>('/user/profile/image', 'POST', { name, type }),
    /** After the PUT: the server checks the stored bytes and takes the image ({url}). */
    confirmProfileImage: (key: string) => authed<{ url: string | null }>('/user/profile/image/confirm', 'POST', { key }),
    /** PUTs the file to the presigned url; throws an HttpError with the storage's status. */
    putFile: (url: string, file: Blob) => putFile(uploadFetch, url, file),
  };
}

export type AccountApi = ReturnType<typeof createAccountApi>;
