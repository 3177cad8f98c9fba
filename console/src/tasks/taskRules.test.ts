import { HttpError } from 'react-admin';
import { describe, expect, it } from 'vitest';
import {
  bulkRequest,
  descriptionProblem,
  dueToSend,
  EMPTY_BULK,
  isDocumentRequired,
  needsDocumentFirst,
  refusedTasks,
  uploadProblem,
} from './taskRules';

const refusal = (errors: { field: string; error: string }[]) =>
  new HttpError('Bad request', 400, {
    message: 'Bad request',
    errors: Object.fromEntries(errors.map((item) => [item.field, item.error])),
    field_errors: errors,
  });

describe('dueToSend', () => {
  it('sends a whole date and a cleared one, not a date being typed or out of range', () => {
    expect(dueToSend('03/14/2025')).toEqual({ send: true, due_dt: '03/14/2025' });
    expect(dueToSend('')).toEqual({ send: true, due_dt: null });
    expect(dueToSend(null)).toEqual({ send: true, due_dt: null });
    expect(dueToSend('03/14/20')).toEqual({ send: false });
    expect(dueToSend('02/30/2025')).toEqual({ send: false });
    expect(dueToSend('03/14/2031')).toEqual({ send: false });
  });
});

describe('bulkRequest', () => {
  it('sends only the fields that change, and nothing while none does', () => {
    expect(bulkRequest([1, 2, 3], EMPTY_BULK)).toBeNull();
    expect(bulkRequest([1, 2, 3], { ...EMPTY_BULK, status_id: 2 })).toEqual({ task_ids: [1, 2, 3], status_id: 2 });
    expect(bulkRequest([1], { assigned_to_agent_id: 7, due_dt: '04/01/2025', status_id: '' })).toEqual({
      task_ids: [1],
      assigned_to_agent_id: 7,
      due_dt: '04/01/2025',
    });
    expect(bulkRequest([1], { ...EMPTY_BULK, due_dt: '04/01' })).toBeNull();
  });
});

describe('refusedTasks', () => {
  it("names the refused tasks from their 'tasks.{id}' fields", () => {
    const error = refusal([
      { field: 'tasks.12', error: 'You cannot complete this task without attaching a document first.' },
      { field: 'tasks.99', error: 'Task not found' },
    ]);
    expect(refusedTasks(error, [{ task_id: 12, name: 'Inspection report' }])).toEqual({
      tasks: [
        { task_id: 12, name: 'Inspection report', error: 'You cannot complete this task without attaching a document first.' },
        { task_id: 99, name: '#99', error: 'Task not found' },
      ],
      other: [],
    });
  });
});

describe('Document required', () => {
  it('asks for the document before a done status, and reads the server refusal', () => {
    expect(needsDocumentFirst({ doc_type_id: 4, doc_id: null }, 3)).toBe(true);
    expect(needsDocumentFirst({ doc_type_id: 4, doc_id: null }, 4)).toBe(true);
    expect(needsDocumentFirst({ doc_type_id: 4, doc_id: null }, 2)).toBe(false);
    expect(needsDocumentFirst({ doc_type_id: 4, doc_id: 9 }, 3)).toBe(false);
    expect(needsDocumentFirst({ doc_type_id: null, doc_id: null }, 3)).toBe(false);
    expect(
      isDocumentRequired(refusal([{ field: 'status_id', error: 'You cannot complete this task without attaching a document first.' }])),
    ).toBe(true);
    expect(isDocumentRequired(refusal([{ field: 'status_id', error: 'Must be one of the task statuses' }]))).toBe(false);
  });
});

describe('uploadProblem', () => {
  const pdf = { name: 'offer.pdf', type: 'application/pdf', size: 1000 };
  it('needs a folder, then a type, then a PDF, JPG or PNG of at most 50,000,000 bytes', () => {
    expect(uploadProblem({ folderId: null, typeId: null }, pdf)).toBe('Upload folder is required.');
    expect(uploadProblem({ folderId: -1, typeId: null }, pdf)).toBe('Document type is required.');
    expect(uploadProblem({ folderId: -1, typeId: 3 }, pdf)).toBeNull();
    expect(uploadProblem({ folderId: -1, typeId: 3 }, { name: 'a.docx', type: 'application/msword', size: 10 })).toBe(
      'allowed file types: PDF & Image (JPG, PNG)',
    );
    expect(uploadProblem({ folderId: -1, typeId: 3 }, { ...pdf, size: 50_000_001 })).toBe('File is larger than 50,000,000 bytes');
    expect(uploadProblem({ folderId: -1, typeId: 3 }, { name: 'scan.JPG', type: '', size: 10 })).toBeNull();
  });
});

describe('descriptionProblem', () => {
  it('counts the text, not the markup, up to 1500', () => {
    expect(descriptionProblem(`<p>${'a'.repeat(1500)}</p>`)).toBeNull();
    expect(descriptionProblem(`<p>${'a'.repeat(1501)}</p>`)).toBe('Maximum length is 1500');
  });
});
