import { describe, expect, it } from 'vitest';
import { HttpError } from 'react-admin';
import {
  EMPTY_TEMPLATE_FORM,
  nameFromFile,
  templateFileError,
  templatePayload,
  transactionTypeChoices,
  transactionTypeLabel,
  uploadPercent,
  uploadStageErrors,
  validateTemplateForm,
} from './templateForm';

const file = (name: string, type: string, size = 10) => ({ name, type, size });

describe('Add Template rules', () => {
  it("requires template_file, name and storage_folder_id with the spec's words", () => {
    expect(validateTemplateForm(EMPTY_TEMPLATE_FORM)).toEqual({
      template_file: 'This field is required',
      name: 'This field is required',
      storage_folder_id: 'This field is required',
    });
    expect(
      validateTemplateForm({
        ...EMPTY_TEMPLATE_FORM,
        template_file: new File(['%PDF'], 'a.pdf', { type: 'application/pdf' }),
        name: ' A ',
        storage_folder_id: -1,
      }),
    ).toEqual({});
    expect(validateTemplateForm({ ...EMPTY_TEMPLATE_FORM, name: 'x'.repeat(256) }).name).toBe('Must be at most 255 characters');
  });

  it('refuses a file that is not a PDF or is over 50,000,000 bytes before uploading it', () => {
    expect(templateFileError(file('contract.pdf', 'application/pdf'))).toBeUndefined();
    expect(templateFileError(file('contract.PDF', ''))).toBeUndefined();
    expect(templateFileError(file('photo.png', 'image/png'))).toBe('The file must be a PDF');
    expect(templateFileError(file('notes.txt', ''))).toBe('The file must be a PDF');
    expect(templateFileError(file('big.pdf', 'application/pdf', 50_000_001))).toBe('File is larger than 50,000,000 bytes');
    expect(templateFileError(null)).toBe('This field is required');
  });

  it('names the template after its file and sends the type as null, b or s', () => {
    expect(nameFromFile('Listing Agreement.pdf')).toBe('Listing Agreement');
    expect(templatePayload({ name: ' Buyer Rep ', storage_folder_id: -1, type_id: 'all', default_document_type: '' })).toEqual({
      name: 'Buyer Rep',
      storage_folder_id: -1,
      type_id: null,
      default_document_type: null,
    });
    expect(templatePayload({ name: 'S', storage_folder_id: 4, type_id: 's', default_document_type: 9 })).toMatchObject({
      type_id: 's',
      default_document_type: 9,
    });
  });

  it('words transaction types as All, Buyer, Seller', () => {
    expect(transactionTypeChoices([])).toEqual([
      { id: 'all', name: 'All' },
      { id: 'b', name: 'Buyer' },
      { id: 's', name: 'Seller' },
    ]);
    expect([transactionTypeLabel(null), transactionTypeLabel('b'), transactionTypeLabel('s')]).toEqual(['All', 'Buyer', 'Seller']);
  });

  it('turns progress into a percent', () => {
    expect([uploadPercent(0, 100), uploadPercent(45, 100), uploadPercent(100, 100), uploadPercent(5, 0)]).toEqual([0, 45, 100, 0]);
  });

  it('puts a refused file under the file input and anything else in a toast', () => {
    const notPdf = new HttpError('The file must be a PDF', 400, {
      message: 'The file must be a PDF',
      errors: { key: 'The file must be a PDF' },
    });
    expect(uploadStageErrors(notPdf)).toEqual({ fields: { template_file: 'The file must be a PDF' } });
    const tooBig = new HttpError('File is larger than 50,000,000 bytes', 413, { message: 'File is larger than 50,000,000 bytes' });
    expect(uploadStageErrors(tooBig)).toEqual({ fields: { template_file: 'File is larger than 50,000,000 bytes' } });
    expect(uploadStageErrors(new HttpError('Forbidden', 403, {}))).toEqual({ toast: 'Forbidden' });
  });
});
