import { describe, expect, it, vi } from 'vitest';
import { HttpError } from 'react-admin';
import { documentKind, formatBytes } from './documentRules';
import { documentLinkPath, documentPath, folderPath } from './paths';
import { contentTypeOf, uploadDocument, uploadErrorsOf } from './upload';

describe('uploadDocument', () => {
  it('asks for a signed URL with the folder, type and task, PUTs the bytes there, then confirms the key', async () => {
    const api = {
      requestUpload: vi.fn().mockResolvedValue({ url: 'https://files.test/put?sig=1', key: 'k1', expires_in: 300, max_bytes: 50_000_000 }),
      putFile: vi.fn().mockResolvedValue(undefined),
      confirmUpload: vi.fn().mockResolvedValue({ id: 5, filename: 'offer.pdf' }),
    };
    const file = new File(['%PDF-1.4'], 'offer.pdf', { type: 'application/pdf' });
    const document = await uploadDocument(api, 42, file, { folderId: -1, typeId: 3, taskId: 9 });
    expect(api.requestUpload).toHaveBeenCalledWith(42, {
      name: 'offer.pdf',
      type: 'application/pdf',
      size: file.size,
      folder_id: -1,
      doc_type_id: 3,
      task_id: 9,
    });
    expect(api.putFile).toHaveBeenCalledWith('https://files.test/put?sig=1', file);
    expect(api.confirmUpload).toHaveBeenCalledWith(42, 'k1');
    expect(document).toEqual({ id: 5, filename: 'offer.pdf' });
  });

  it('puts the server refusals where they belong', () => {
    const fieldError = new HttpError('Bad', 400, { field_errors: [{ field: 'folder_id', error: 'Upload folder is required.' }] });
    expect(uploadErrorsOf(fieldError, 'x')).toEqual({ folder: 'Upload folder is required.', type: undefined, general: undefined });
    const tooLarge = new HttpError('File is larger than 50,000,000 bytes', 413, { message: 'File is larger than 50,000,000 bytes' });
    expect(uploadErrorsOf(tooLarge, 'x').general).toBe('File is larger than 50,000,000 bytes');
  });

  it('names a file without a type by its extension', () => {
    expect(contentTypeOf({ name: 'scan.PNG', type: '' })).toBe('image/png');
    expect(contentTypeOf({ name: 'a.pdf', type: 'application/pdf' })).toBe('application/pdf');
  });
});

describe('documents paths and rules', () => {
  it('builds the routes of spec 001 section 2', () => {
    expect(folderPath('/app', 7, 'signed-documents')).toBe('/app/transactions/7/documents/signed-documents');
    expect(documentPath('/app', 7, 'general', 12)).toBe('/app/transactions/7/documents/general/12');
    expect(documentLinkPath('/app', 7, 12)).toBe('/app/transactions/7/documents/view/12');
  });
  it('shows PDFs in a frame and images as images', () => {
    expect(documentKind({ content_type: 'application/pdf', filename: 'a' })).toBe('pdf');
    expect(documentKind({ content_type: 'image/jpeg', filename: 'a' })).toBe('image');
    expect(documentKind({ content_type: 'text/plain', filename: 'a.txt' })).toBe('other');
    expect(formatBytes(1_500_000)).toBe('1.5 MB');
  });
});
