import { env, loadServiceConfigOrExit } from '@app/platform';
import { storageConfigSpec, storageOptionsOrExit } from '@app/storage';

/** Signing engines behind EsignProvider: own (the service's own engine, default) or docuseal (a self-hosted DocuSeal). */
export const ESIGN_PROVIDERS = ['own', 'docuseal'] as const;
export type EsignProviderName = (typeof ESIGN_PROVIDERS)[number];

export const esignConfigSpec = {
  // Template PDFs (local driver: files served by this service under /api/esign/files/).
  ...storageConfigSpec,
  /** The signing engine: own (default) or docuseal. */
  ESIGN_PROVIDER: env.oneOf(ESIGN_PROVIDERS, 'own'),
};

export function loadEsignConfig() {
  const config = loadServiceConfigOrExit('esign', esignConfigSpec);
  storageOptionsOrExit(config); // exits 78 on a bad storage setting (e.g. no signing secret in production)
  return config;
}

export type EsignConfig = ReturnType<typeof loadEsignConfig>;
