import {
  ESIGN_MESSAGES,
  ESIGN_NAME_MAX_LENGTH,
  ESIGN_TEMPLATE_MAX_BYTES,
  ESIGN_TRANSACTION_TYPES,
  type TransactionType,
  type TransactionTypeOption,
} from '@app/contracts';
import { fieldErrorsOf, hasFieldErrors, messageOf, statusOf } from '../shared/forms/fieldErrors';
import type { TemplateUploadFields } from './api';
import { ESIGN_TEMPLATE_LABELS as L } from './messages';

// Add Template (spec 002 section 5: template_file, name and storage_folder_id required). Pure: the
// dialog and the tests share it. The server judges the file by its bytes; these checks only spare a
// pointless upload.

/** The form's inputs, in order: the server's field errors on these go under them. */
export const TEMPLATE_FORM_FIELDS = ['template_file', 'name', 'storage_folder_id', 'type_id', 'default_document_type'] as const;

/** A choice's value for a transaction type (a choice cannot hold null): 'all' is All (null). */
export type TransactionTypeValue = 'all' | 'b' | 's';

export interface TemplateFormValues {
  template_file: File | null;
  name: string;
  storage_folder_id: number | '' | null;
  type_id: TransactionTypeValue;
  default_document_type: number | '' | null;
}

export const EMPTY_TEMPLATE_FORM: TemplateFormValues = {
  template_file: null,
  name: '',
  storage_folder_id: '',
  type_id: 'all',
  default_document_type: '',
};

export const toTransactionTypeValue = (type: TransactionType | undefined): TransactionTypeValue =>
  type === 'b' || type === 's' ? type : 'all';
export const fromTransactionTypeValue = (value: unknown): TransactionType => (value === 'b' || value === 's' ? value : null);

/** The transaction types as select choices (the server's list, else the spec's three). */
export function transactionTypeChoices(
  options: readonly TransactionTypeOption[] | null | undefined,
): { id: TransactionTypeValue; name: string }[] {
  const list = options && options.length > 0 ? options : ESIGN_TRANSACTION_TYPES;
  return list.map((option) => ({ id: toTransactionTypeValue(option.id), name: option.label }));
}

/** A transaction type in words: All, Buyer or Seller. */
export function transactionTypeLabel(type: TransactionType | undefined, options?: readonly TransactionTypeOption[] | null): string {
  const list = options && options.length > 0 ? options : ESIGN_TRANSACTION_TYPES;
  const value = toTransactionTypeValue(type);
  return list.find((option) => toTransactionTypeValue(option.id) === value)?.label ?? '';
}

/** Whether a chosen file looks like a PDF by its type or name (the server checks the bytes). */
export function looksLikePdf(file: Pick<File, 'name' | 'type'>): boolean {
  return (
    file.type === 'application/pdf' ||
    (!file.type && /\.pdf$/i.test(file.name)) ||
    (file.type === 'application/octet-stream' && /\.pdf$/i.test(file.name))
  );
}

/** The file's error before any upload, in the server's words; undefined when it may go. */
export function templateFileError(file: Pick<File, 'name' | 'type' | 'size'> | null | undefined): string | undefined {
  if (!file) return ESIGN_MESSAGES.required;
  if (!looksLikePdf(file)) return ESIGN_MESSAGES.notAPdf;
  if (file.size > ESIGN_TEMPLATE_MAX_BYTES) return ESIGN_MESSAGES.fileTooLarge;
  return undefined;
}

/** A template's name from its file: the file name without .pdf, at most 255 characters. */
export function nameFromFile(fileName: string): string {
  return fileName
    .replace(/\.pdf$/i, '')
    .trim()
    .slice(0, ESIGN_NAME_MAX_LENGTH);
}

/** The form's own checks, in the server's words ({field: message}); empty when it may be sent. */
export function validateTemplateForm(values: Partial<TemplateFormValues>): Record<string, string> {
  const errors: Record<string, string> = {};
  const fileError = templateFileError(values.template_file);
  if (fileError) errors.template_file = fileError;
  const name = (values.name ?? '').trim();
  if (!name) errors.name = ESIGN_MESSAGES.required;
  else if (name.length > ESIGN_NAME_MAX_LENGTH) errors.name = ESIGN_MESSAGES.nameTooLong;
  if (values.storage_folder_id === '' || values.storage_folder_id === null || values.storage_folder_id === undefined) {
    errors.storage_folder_id = ESIGN_MESSAGES.required;
  }
  return errors;
}

/** POST /esign/templates's fields besides the file. */
export function templatePayload(values: Partial<TemplateFormValues>): TemplateUploadFields {
  const documentType = values.default_document_type;
  return {
    name: (values.name ?? '').trim(),
    storage_folder_id: Number(values.storage_folder_id),
    type_id: fromTransactionTypeValue(values.type_id),
    default_document_type: documentType === '' || documentType === null || documentType === undefined ? null : Number(documentType),
  };
}

/** Percent of an upload, 0..100. */
export function uploadPercent(loaded: number, total: number): number {
  if (!(total > 0)) return 0;
  return Math.max(0, Math.min(100, Math.round((loaded / total) * 100)));
}

/**
 * Where a failed step of the file's upload shows: a refusal of the file (400, 413, 415: not a PDF, too
 * large) goes under the file input in the server's words; anything else (403, 5xx, unreachable) is a toast.
 */
export function uploadStageErrors(error: unknown): { fields?: Record<string, string>; toast?: string } {
  const status = statusOf(error);
  if (status === 400 || status === 413 || status === 415 || status === 422) {
    const byField = hasFieldErrors(error) ? fieldErrorsOf(error) : {};
    const message = Object.values(byField)[0] ?? messageOf(error, ESIGN_MESSAGES.notAPdf);
    return { fields: { template_file: message } };
  }
  return { toast: messageOf(error, L.serverError) };
}
