// The own engine's sealing: values stamped into the request's PDFs, the audit certificate pages and
// the PKCS#7 seal (spec 002). The seal-request job and the preview call use it.
export { stampDocuments } from './stamp-documents';
export { sealRequest, SEAL_REASON } from './seal-request';
export { loadSigningCertificate, SigningCertificateError, signingCertificateFingerprint } from './signing-certificate';
export type {
  SealDocument,
  SealEvent,
  SealInput,
  SealResult,
  SealSigner,
  SigningCertificate,
  SigningCertificateConfig,
  StampInput,
} from './sealing.types';
