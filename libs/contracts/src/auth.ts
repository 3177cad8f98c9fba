import type { Permission, Role } from './roles';

/** Claims of an access token signed by identity (ES256). */
export interface AccessTokenClaims {
  sub: string; // agent_id as a string, per JWT
  team_id: number;
  roles: Role[];
  permissions: Permission[];
  market_id: number;
  /** The session (refresh token family) the token was issued in: logout and password changes end it alone. */
  sid?: string;
}

export interface SelectedTeam {
  team_id: number;
  name: string;
  market_id: number;
}

/** GET /user/profile (spec 000 section 3). */
export interface UserProfile {
  agent_id: number;
  status: 'active' | 'inactive';
  roles: Role[];
  permissions: Permission[];
  team: SelectedTeam;
  first_name: string;
  last_name: string;
  mobile_phone: string | null;
  email: string;
  alternate_email: string | null;
  address_1: string | null;
  address_2: string | null;
  city: string | null;
  state: string | null;
  postal_code: string | null;
  timezone: string | null;
  default_landing_page: string;
  business_entity: string | null;
  notes?: string | null;
  brokerage_cap_amt: number | null;
  royalty_cap_amt: number | null;
  brokerage_cap_anniversary_dt: string | null;
  royalty_cap_anniversary_dt: string | null;
  brokerage_pct: number | null;
  agent_pct: number | null;
  profile_image_path: string | null;
}

/**
 * POST /auth/login and POST /auth/refresh. The console and Display Mode (X-Requested-With: console) get
 * the refresh token only as the HttpOnly cookie REFRESH_COOKIE_NAME, never in the body; other clients
 * get it in the body.
 */
/** POST /auth/login. */
export interface LoginRequest {
  email: string;
  password: string;
}

/** POST /auth/refresh and /auth/logout: the token in the body, or (the console) in the realty_refresh cookie. */
export interface RefreshRequest {
  refresh_token?: string;
}

export interface TokenResponse {
  access_token: string;
  refresh_token?: string;
  /** Seconds until the access token expires. */
  expires_in: number;
  user: UserProfile;
}

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_SECONDS = 30 * 24 * 3600;

/** The console's and Display Mode's header: their refresh token travels only as an HttpOnly cookie. */
export const CONSOLE_CLIENT_HEADER = 'X-Requested-With';
export const CONSOLE_CLIENT_VALUE = 'console';
/** The HttpOnly, SameSite=Strict cookie holding the refresh token, scoped to /api/auth (Secure outside development). */
export const REFRESH_COOKIE_NAME = 'realty_refresh';
export const REFRESH_COOKIE_PATH = '/api/auth';

/**
 * localStorage key where the console and Display Mode keep the signed-in user (same origin, shared); the
 * access token lives in each page's memory and the refresh token in the HttpOnly cookie.
 */
export const SESSION_STORAGE_KEY = 'realty.session';
