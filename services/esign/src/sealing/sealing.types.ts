import type { EsignField } from '@app/contracts';

/** One original PDF of a request, in the order its pages count. */
export interface SealDocument {
  name: string;
  bytes: Uint8Array;
}

export interface SealSigner {
  name: string;
  email: string;
  role: string;
  ip: string | null;
  user_agent: string | null;
  viewed_at: Date | null;
  signed_at: Date | null;
}

export interface SealEvent {
  type: string;
  actor: string;
  email: string | null;
  ip: string | null;
  user_agent: string | null;
  at: Date;
  detail: string | null;
}

export interface StampInput {
  documents: SealDocument[];
  fields: EsignField[];
  /** Field uuid -> value (strings, numbers, booleans, arrays of strings, EsignSignatureValue). */
  values: Record<string, unknown>;
}

export interface SealInput extends StampInput {
  requestId: number;
  title: string;
  templateNames: string[];
  signers: SealSigner[];
  events: SealEvent[];
  completedAt: Date;
}

export interface SigningCertificate {
  /** The PKCS#12 file (private key + certificate). */
  p12: Buffer;
  passphrase: string;
  /** The certificate's subject, e.g. 'CN=Realty e-sign (development), O=Realty'. */
  subject: string;
}

export interface SealResult {
  /** The sealed PDF: the stamped documents, the audit certificate pages and the PKCS#7 signature. */
  pdf: Buffer;
  /** SHA-256 (hex) of `pdf`. */
  sha256: string;
  /** SHA-256 (hex) of the stamped documents before the certificate pages (printed on the certificate). */
  contentSha256: string;
  /** SHA-256 (hex) of each original document, in order. */
  originals: { name: string; sha256: string }[];
}

export interface SigningCertificateConfig {
  NODE_ENV: string;
  ESIGN_P12_BASE64: string;
  ESIGN_P12_PASSPHRASE: string;
  ESIGN_DATA_DIR: string;
}
