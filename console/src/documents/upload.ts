import type { TransactionDocument } from '@app/contracts';
import { fieldErrorsOf, messageOf } from '../shared/forms/fieldErrors';
import type { DocumentsApi } from './api';

/** A file's content type as the upload request names it (the server checks the bytes anyway). */
export function contentTypeOf(file: Pick<File, 'type' | 'name'>): string {
  if (file.type) return file.type;
  if (/\.pdf$/i.test(file.name)) return 'application/pdf';
  if (/\.png$/i.test(file.name)) return 'image/png';
  if (/\.jpe?g$/i.test(file.name)) return 'image/jpeg';
  return 'application/octet-stream';
}

/**
 * The account area's upload flow on the document purpose: ask for a signed URL, PUT the bytes there,
 * confirm (the server checks them, records the document and attaches it to the task, if any).
 */
export async function uploadDocument(
  api: Pick<DocumentsApi, 'requestUpload' | 'putFile' | 'confirmUpload'>,
  clientId: number,
  file: File,
  choice: { folderId: number; typeId: number; taskId?: number },
): Promise<TransactionDocument> {
  const type = contentTypeOf(file);
  const ticket = await api.requestUpload(clientId, {
    name: file.name,
    type,
    size: file.size,
    folder_id: choice.folderId,
    doc_type_id: choice.typeId,
    ...(choice.taskId !== undefined ? { task_id: choice.taskId } : {}),
  });
  await api.putFile(ticket.url, file.type ? file : new Blob([file], { type }));
  return api.confirmUpload(clientId, ticket.key);
}

/** A refused upload's messages: under the folder and type dropdowns, or the upload's own (413, 415, key). */
export function uploadErrorsOf(error: unknown, fallback: string): { folder?: string; type?: string; general?: string } {
  const fields = fieldErrorsOf(error);
  const folder = fields.folder_id;
  const type = fields.doc_type_id;
  const rest = Object.entries(fields)
    .filter(([field]) => field !== 'folder_id' && field !== 'doc_type_id')
    .map(([, message]) => message);
  const general = rest[0] ?? (folder || type ? undefined : messageOf(error, fallback));
  return { folder, type, general };
}
