import type { DocumentFolder } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import {
  FOLDER_FILTER_CHOICES,
  FOLDER_TYPE_CHOICES,
  folderFormValues,
  folderPayload,
  isSystemFolder,
  matchesFilter,
  removeFolder,
  savedFolder,
  sortFolders,
  transactionTypeLabel,
  upsertFolder,
} from './folderRules';

function buildFolder(overrides: Partial<DocumentFolder> = {}): DocumentFolder {
  return {
    client_document_folder_id: 10,
    folder_name: 'Inspections',
    transaction_type: null,
    client_visible: false,
    vendor_visible: false,
    system: false,
    ...overrides,
  };
}

const SYSTEM_A = buildFolder({ client_document_folder_id: -1, folder_name: 'Uploads', system: true });
const SYSTEM_B = buildFolder({ client_document_folder_id: -2, folder_name: 'Executed', system: true });

describe('folder rules', () => {
  it('treats ids -1 and -2 as system folders, whatever the flag says', () => {
    expect(isSystemFolder(SYSTEM_A)).toBe(true);
    expect(isSystemFolder({ client_document_folder_id: -2, system: false })).toBe(true);
    expect(isSystemFolder(buildFolder())).toBe(false);
  });

  it('labels transaction types All, Buyer, Seller', () => {
    expect([null, 'b', 's'].map((type) => transactionTypeLabel(type as DocumentFolder['transaction_type']))).toEqual([
      'All',
      'Buyer',
      'Seller',
    ]);
    expect(FOLDER_FILTER_CHOICES.map((choice) => choice.id)).toEqual(['', 'b', 's']);
    expect(FOLDER_TYPE_CHOICES.map((choice) => choice.id)).toEqual(['all', 'b', 's']);
  });

  it('filters as the server does: a type lists its folders and the All ones', () => {
    expect(matchesFilter(buildFolder({ transaction_type: 'b' }), 'b')).toBe(true);
    expect(matchesFilter(buildFolder({ transaction_type: null }), 'b')).toBe(true);
    expect(matchesFilter(buildFolder({ transaction_type: 's' }), 'b')).toBe(false);
    expect(matchesFilter(buildFolder({ transaction_type: 's' }), '')).toBe(true);
  });

  it('orders system folders first, then by name regardless of case', () => {
    const sorted = sortFolders([
      buildFolder({ client_document_folder_id: 3, folder_name: 'photos' }),
      SYSTEM_A,
      buildFolder({ client_document_folder_id: 4, folder_name: 'Appraisal' }),
      SYSTEM_B,
    ]);

    expect(sorted.map((folder) => folder.client_document_folder_id)).toEqual([-2, -1, 4, 3]);
  });

  it('adds a created folder in its place, replaces an edited one, and drops one the filter no longer shows', () => {
    const list = [SYSTEM_A, buildFolder({ client_document_folder_id: 3, folder_name: 'Photos', transaction_type: 'b' })];

    const added = upsertFolder(list, buildFolder({ client_document_folder_id: 4, folder_name: 'Appraisal', transaction_type: 'b' }), 'b');
    expect(added.map((folder) => folder.folder_name)).toEqual(['Uploads', 'Appraisal', 'Photos']);

    const renamed = upsertFolder(
      added,
      buildFolder({ client_document_folder_id: 3, folder_name: 'Aerial photos', transaction_type: 'b' }),
      'b',
    );
    expect(renamed.map((folder) => folder.folder_name)).toEqual(['Uploads', 'Aerial photos', 'Appraisal']);

    const moved = upsertFolder(
      renamed,
      buildFolder({ client_document_folder_id: 3, folder_name: 'Aerial photos', transaction_type: 's' }),
      'b',
    );
    expect(moved.map((folder) => folder.client_document_folder_id)).toEqual([-1, 4]);

    const hiddenNew = upsertFolder(list, buildFolder({ client_document_folder_id: 9, transaction_type: 's' }), 'b');
    expect(hiddenNew).toHaveLength(2);
  });

  it('removes a deleted folder and leaves the list as it was', () => {
    const list = [SYSTEM_A, buildFolder({ client_document_folder_id: 3 })];

    expect(removeFolder(list, 3)).toEqual([SYSTEM_A]);
    expect(list).toHaveLength(2);
  });

  it('opens a new folder private, for All transactions', () => {
    expect(folderFormValues()).toEqual({ folder_name: '', transaction_type: 'all', client_visible: false, vendor_visible: false });
    expect(folderFormValues(buildFolder({ transaction_type: 's', client_visible: true }))).toMatchObject({
      transaction_type: 's',
      client_visible: true,
    });
  });

  it('sends the name trimmed, All as null, and the visibility switches', () => {
    expect(folderPayload({ folder_name: ' Photos ', transaction_type: 'all', client_visible: true })).toEqual({
      folder_name: 'Photos',
      transaction_type: null,
      client_visible: true,
      vendor_visible: false,
    });
    expect(folderPayload({ folder_name: 'Offers', transaction_type: 'b' }).transaction_type).toBe('b');
  });

  it("shows the server's record after a save, else what was sent over the old folder", () => {
    const record = buildFolder({ client_document_folder_id: 12, folder_name: 'Offers' });
    const sent = folderPayload({ folder_name: 'Offers 2', transaction_type: 's', vendor_visible: true });

    expect(savedFolder(record, sent)).toBe(record);
    expect(savedFolder(undefined, sent, record)).toEqual({
      ...record,
      folder_name: 'Offers 2',
      transaction_type: 's',
      vendor_visible: true,
    });
    // A create without a record: nothing to show, the list reloads.
    expect(savedFolder(undefined, sent, null)).toBeNull();
  });
});
