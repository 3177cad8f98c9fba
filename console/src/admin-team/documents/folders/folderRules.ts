import {
  SYSTEM_FOLDER_IDS,
  TRANSACTION_TYPE_LABELS,
  type DocumentFolder,
  type DocumentFolderInput,
  type TransactionType,
} from '@app/contracts';
import { nameRules } from '../../common/rules';

// Rules of the Document Folders screen (spec 000 sections 3, 4, 5; docs/admin-api.md). Pure: the
// screen and the tests share them.

/** The list filter: '' every folder, 'b' or 's' that type's folders plus the All ones (as the server filters). */
export type FolderFilter = '' | 'b' | 's';

/** The form's transaction type: a select cannot hold null, so All is 'all' there. */
export type FolderFormType = 'all' | 'b' | 's';

export interface FolderFormValues {
  folder_name: string;
  transaction_type: FolderFormType;
  client_visible: boolean;
  vendor_visible: boolean;
}

/** The data provider's resource (dataProvider/resources.ts). */
export const FOLDERS = 'document-folders';

export const FOLDER_FIELDS = ['folder_name', 'transaction_type', 'client_visible', 'vendor_visible'] as const;
export const folderNameRules = nameRules;

export const FOLDER_FILTER_CHOICES: readonly { id: FolderFilter; name: string }[] = TRANSACTION_TYPE_LABELS.map(({ id, label }) => ({
  id: id ?? '',
  name: label,
}));
export const FOLDER_TYPE_CHOICES: readonly { id: FolderFormType; name: string }[] = TRANSACTION_TYPE_LABELS.map(({ id, label }) => ({
  id: id ?? 'all',
  name: label,
}));

/** Ids -1 and -2 (or what the server flags): never edited nor deleted. */
export function isSystemFolder(folder: Pick<DocumentFolder, 'client_document_folder_id' | 'system'>): boolean {
  return folder.system === true || SYSTEM_FOLDER_IDS.includes(folder.client_document_folder_id);
}

export function transactionTypeLabel(type: TransactionType | undefined): string {
  return TRANSACTION_TYPE_LABELS.find((item) => item.id === (type ?? null))?.label ?? String(type);
}

export function matchesFilter(folder: Pick<DocumentFolder, 'transaction_type'>, filter: FolderFilter): boolean {
  if (!filter) return true;
  return folder.transaction_type === null || folder.transaction_type === filter;
}

/** The server's order: system folders first, then by name (case-insensitive). */
export function sortFolders(folders: readonly DocumentFolder[]): DocumentFolder[] {
  return [...folders].sort((a, b) => {
    const systemFirst = Number(isSystemFolder(b)) - Number(isSystemFolder(a));
    if (systemFirst !== 0) return systemFirst;
    const byName = a.folder_name.localeCompare(b.folder_name, undefined, { sensitivity: 'base' });
    return byName !== 0 ? byName : a.client_document_folder_id - b.client_document_folder_id;
  });
}

/**
 * The list after a create or an update (spec 000 section 4: changed locally, no reload): the folder
 * replaces its old row or joins the list, in order; it leaves the list when it no longer matches
 * the filter.
 */
export function upsertFolder(folders: readonly DocumentFolder[], folder: DocumentFolder, filter: FolderFilter): DocumentFolder[] {
  const others = folders.filter((item) => item.client_document_folder_id !== folder.client_document_folder_id);
  return sortFolders(matchesFilter(folder, filter) ? [...others, folder] : others);
}

export function removeFolder(folders: readonly DocumentFolder[], id: number): DocumentFolder[] {
  return folders.filter((item) => item.client_document_folder_id !== id);
}

/** The form's values for a folder (a new one: private, for All transactions). */
export function folderFormValues(folder?: DocumentFolder | null): FolderFormValues {
  return {
    folder_name: folder?.folder_name ?? '',
    transaction_type: folder?.transaction_type ?? 'all',
    client_visible: folder?.client_visible ?? false,
    vendor_visible: folder?.vendor_visible ?? false,
  };
}

/** The POST/PATCH /documents/folders body. */
export function folderPayload(values: Partial<FolderFormValues>): DocumentFolderInput {
  const type = values.transaction_type;
  return {
    folder_name: typeof values.folder_name === 'string' ? values.folder_name.trim() : '',
    transaction_type: type === 'b' || type === 's' ? type : null,
    client_visible: values.client_visible === true,
    vendor_visible: values.vendor_visible === true,
  };
}

/**
 * The folder to show after a save: the server's record when it sends one, else what was sent over
 * the folder as it was (the answer's record is optional in the contract).
 */
export function savedFolder(
  answer: DocumentFolder | undefined,
  sent: DocumentFolderInput,
  previous?: DocumentFolder | null,
): DocumentFolder | null {
  if (answer && typeof answer.client_document_folder_id === 'number') return answer;
  if (!previous) return null;
  return {
    ...previous,
    ...sent,
    transaction_type: sent.transaction_type ?? null,
    client_visible: sent.client_visible ?? previous.client_visible,
    vendor_visible: sent.vendor_visible ?? previous.vendor_visible,
  };
}
