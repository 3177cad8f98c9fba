import path from 'node:path';
import { ESIGN_REQUEST_LIFETIME_DAYS } from '@app/contracts';
import { mailConfigSpec } from '@app/mail';
import { env, loadServiceConfigOrExit, refuseToStart } from '@app/platform';
import { storageConfigSpec, storageOptionsOrExit } from '@app/storage';

/** Signing engines behind EsignProvider: own (the service's own engine, default) or docuseal (a self-hosted DocuSeal). */
export const ESIGN_PROVIDERS = ['own', 'docuseal'] as const;
export type EsignProviderName = (typeof ESIGN_PROVIDERS)[number];

export const esignConfigSpec = {
  // Template PDFs and sealed PDFs (local driver: files served by this service under /api/esign/files/).
  ...storageConfigSpec,
  // Invitations and notices are only queued here (libs/mail); messaging's worker delivers them.
  ...mailConfigSpec,
  /** The signing engine: own (default) or docuseal. */
  ESIGN_PROVIDER: env.oneOf(ESIGN_PROVIDERS, 'own'),
  /**
   * ESIGN_PROVIDER=docuseal: DocuSeal's API base (a self-hosted DocuSeal's ends in /api, e.g.
   * https://docuseal.example.com/api; DocuSeal Cloud https://api.docuseal.com) and its API key, sent as X-Auth-Token
   * and signing the builder's tokens; both required then. The key is never logged nor answered.
   */
  DOCUSEAL_URL: env.string(''),
  DOCUSEAL_API_KEY: env.string(''),
  /** The DocuSeal user the key belongs to (the builder token's user_email); empty: the template's author in DocuSeal. */
  DOCUSEAL_USER_EMAIL: env.string(''),
  /** How long one DocuSeal call may take before it is abandoned (ms). */
  DOCUSEAL_TIMEOUT_MS: env.int(20_000, 1_000, 300_000),
  /**
   * The PKCS#12 certificate (base64) that seals completed PDFs, and its passphrase. Production refuses to start
   * without it; development generates a self-signed one on first start and keeps it under ESIGN_DATA_DIR.
   */
  ESIGN_P12_BASE64: env.string(''),
  ESIGN_P12_PASSPHRASE: env.string(''),
  /** Where development keeps its generated sealing certificate. */
  ESIGN_DATA_DIR: env.string(path.join(process.cwd(), '.data', 'esign')),
  /** How often the worker looks over open requests (expiry, failed invitations, provider status). */
  ESIGN_POLL_INTERVAL_SECONDS: env.int(60, 1, 86_400),
  /** Public signing calls an IP may make per minute (429 past it). */
  ESIGN_SIGNING_CALLS_PER_MINUTE: env.int(120, 1, 1_000_000),
  /** Days a request stays open after sending before it expires. */
  ESIGN_REQUEST_LIFETIME_DAYS: env.int(ESIGN_REQUEST_LIFETIME_DAYS, 1, 365),
  /** Days an unsent send draft is kept after its last change before the worker deletes it (sent drafts go after a day). */
  ESIGN_DRAFT_RETENTION_DAYS: env.int(30, 1, 365),
};

/** What is wrong with the DocuSeal settings when ESIGN_PROVIDER=docuseal (null when nothing is); never names the key's value. */
export function docusealConfigProblem(config: {
  ESIGN_PROVIDER: EsignProviderName;
  DOCUSEAL_URL: string;
  DOCUSEAL_API_KEY: string;
}): string | null {
  if (config.ESIGN_PROVIDER !== 'docuseal') return null;
  const url = config.DOCUSEAL_URL.trim();
  if (!url)
    return 'DOCUSEAL_URL is missing (expected the DocuSeal API base, e.g. https://docuseal.example.com/api; required with ESIGN_PROVIDER=docuseal)';
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'DOCUSEAL_URL is not a valid URL (expected https://... ending in /api for a self-hosted DocuSeal)';
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return 'DOCUSEAL_URL must start with https:// or http://';
  if (parsed.username || parsed.password) return 'DOCUSEAL_URL must not carry credentials (the key goes in DOCUSEAL_API_KEY)';
  if (!config.DOCUSEAL_API_KEY.trim())
    return 'DOCUSEAL_API_KEY is missing (expected the API key of the DocuSeal account; required with ESIGN_PROVIDER=docuseal)';
  return null;
}

export function loadEsignConfig() {
  const config = loadServiceConfigOrExit('esign', esignConfigSpec);
  storageOptionsOrExit(config); // exits 78 on a bad storage setting (e.g. no signing secret in production)
  // ESIGN_PROVIDER=docuseal without DocuSeal's address or key: every provider call would fail; say so at start.
  const docuseal = docusealConfigProblem(config);
  if (docuseal) refuseToStart(config.service, docuseal);
  // Completed requests could not be sealed: say so at start, not at the first completion.
  if (config.NODE_ENV === 'production' && !config.ESIGN_P12_BASE64.trim()) {
    refuseToStart(
      config.service,
      'ESIGN_P12_BASE64 is missing (expected the base64 PKCS#12 certificate that seals completed PDFs, with ESIGN_P12_PASSPHRASE)',
    );
  }
  return config;
}

export type EsignConfig = ReturnType<typeof loadEsignConfig>;
