import { loadServiceConfigOrExit } from '@app/platform';

export function loadEsignConfig() {
  return loadServiceConfigOrExit('esign');
}

export type EsignConfig = ReturnType<typeof loadEsignConfig>;
