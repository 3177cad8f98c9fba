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
import { HttpError } from 'react-admin';
import { httpErrorFromResponse } from '../dataProvider/httpError';
import { DATA_MESSAGES } from '../dataProvider/messages';

export type FetchLike = (url: string, init?: RequestInit) => Promise<Response>;

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

const JSON_HEADERS = { 'Content-Type': 'application/json' };

/**
 * The account area's calls (spec 000 sections 3 and 7) on the console's authenticated fetch. Errors
 * are react-admin HttpErrors like the data provider's: `body.errors` {field: first message},
 * `body.field_errors` the server's [{field, error}].
 */
export function createAccountApi(options: AccountApiOptions) {
  const apiBase = (options.apiBase ?? '/api').replace(/\/+$/, '');
  const publicFetch = options.publicFetch ?? ((url, init) => globalThis.fetch(url, init));
  const uploadFetch = options.uploadFetch ?? ((url, init) => globalThis.fetch(url, init));

  async function call<T>(fetchImpl: FetchLike, path: string, method = 'GET', body?: unknown): Promise<T> {
    let response: Response;
    try {
      response = await fetchImpl(`${apiBase}${path}`, {
        method,
        ...(body === undefined ? {} : { headers: JSON_HEADERS, body: JSON.stringify(body) }),
      });
    } catch (error) {
      const status = (error as { status?: unknown } | null)?.status;
      if (typeof status === 'number') {
        throw new HttpError((error as Error).message || DATA_MESSAGES.serverError, status, {
          message: (error as Error).message,
        });
      }
      throw new HttpError(DATA_MESSAGES.serverUnreachable, 0, { message: DATA_MESSAGES.serverUnreachable });
    }
    if (!response.ok) throw await httpErrorFromResponse(response);
    const text = response.status === 204 ? '' : await response.text();
    if (!text) return null as T;
    try {
      return JSON.parse(text) as T;
    } catch {
      return text as T;
    }
  }

  const authed = <T,>(path: string, method?: string, body?: unknown) => call<T>(options.fetch, path, method, body);
  const open = <T,>(path: string, method?: string, body?: unknown) => call<T>(publicFetch, path, method, body);

  return {
    // Signed-out screens.
    getCaptcha: () => open<CaptchaResponse>('/auth/captcha'),
    forgotPassword: (request: ForgotPasswordRequest) => open<Acknowledgement>('/auth/forgot-password', 'POST', request),
    resetPassword: (request: ResetPasswordRequest) => open<Acknowledgement>('/auth/reset-password', 'POST', request),

    // Account area.
    changePassword: (request: ChangePasswordRequest) => authed<Acknowledgement>('/user/password', 'PATCH', request),
    getNotificationSettings: async () => {
      const body = await authed<NotificationSetting[] | { records?: NotificationSetting[] | null }>(
        '/user/notification_settings',
      );
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
      const body = await authed<LandingPageChoice[] | { records?: LandingPageChoice[] | null }>(
        '/user/landing-page-choices',
      );
      return Array.isArray(body) ? body : (body?.records ?? []);
    },
    getProfileImage: () => authed<{ url: string | null } | null>('/user/profile/image'),
    /** Asks where to put the image; the answer's url takes a PUT of the file. */
    requestProfileImageUpload: (name: string, type: string) =>
      authed<{ url: string; key?: string }>('/user/profile/image', 'POST', { name, type }),
    /** After the PUT: the server checks the stored bytes and takes the image ({url}). */
    confirmProfileImage: (key: string) => authed<{ url: string | null }>('/user/profile/image/confirm', 'POST', { key }),
    /** PUTs the file to the presigned url; throws an HttpError with the storage's status. */
    async putFile(url: string, file: Blob): Promise<void> {
      let response: Response;
      try {
        response = await uploadFetch(url, { method: 'PUT', headers: { 'Content-Type': file.type }, body: file });
      } catch {
        throw new HttpError(DATA_MESSAGES.serverUnreachable, 0, { message: DATA_MESSAGES.serverUnreachable });
      }
      if (!response.ok) throw new HttpError(response.statusText || String(response.status), response.status, {});
    },
  };
}

export type AccountApi = ReturnType<typeof createAccountApi>;
