import { describe, expect, it, vi } from 'vitest';
import { fieldErrorsOf, statusOf } from '../shared/forms/fieldErrors';
import { jsonResponse } from '../test/factories';
import { createEsignApi, TemplateUploadError, type UploadRequest } from './api';

const json = (body: unknown, status = 200) => jsonResponse(status, body);

/** An XMLHttpRequest stand-in: records the PUT and plays progress events, then answers `status`. */
class FakeUpload implements UploadRequest {
  static last: FakeUpload | null = null;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: Blob | null = null;
  status = 0;
  statusText = '';
  upload: UploadRequest['upload'] = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  constructor(private readonly answer: number) {
    FakeUpload.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: Blob) {
    this.body = body;
    queueMicrotask(() => {
      this.upload.onprogress?.({ loaded: 40, total: 100, lengthComputable: true });
      this.upload.onprogress?.({ loaded: 100, total: 100, lengthComputable: true });
      if (this.answer === 0) {
        this.onerror?.();
        return;
      }
      this.status = this.answer;
      this.statusText = this.answer === 200 ? 'OK' : 'Forbidden';
      this.onload?.();
    });
  }
  abort() {
    this.onabort?.();
  }
}

function setup(respond: (url: string, init?: RequestInit) => Response, putStatus = 200) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => respond(url, init));
  const sut = createEsignApi({ fetch: fetchMock, createUploadRequest: () => new FakeUpload(putStatus) });
  const calls = () =>
    fetchMock.mock.calls.map(([url, init]) => ({
      url,
      method: init?.method ?? 'GET',
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    }));
  return { sut, calls };
}

const TEMPLATE = {
  esig_template_id: 7,
  name: 'Listing Agreement',
  type_id: 's',
  storage_paths: { default_document_type: 3, default_storage_path: -1 },
  status: 'N',
  external_id: 'own-7',
  updated_ts: '2026-11-20T10:00:00.000Z',
  created_ts: '2026-11-20T10:00:00.000Z',
  document_type_name: 'Disclosure',
  folder_name: 'General',
};
const pdf = () => new File(['%PDF-1.7 test'], 'Listing Agreement.pdf', { type: 'application/pdf' });

describe(createEsignApi.name, () => {
  it("calls the issue's paths with their methods and bodies", async () => {
    const { sut, calls } = setup((url) => (url.includes('/esign/packets') ? json({ esig_packet_blueprint_id: 3 }) : json(TEMPLATE)));
    await sut.listTemplates(new URLSearchParams('status=N&page=1&per_page=25'));
    await sut.listPackets(new URLSearchParams('status=N&page=2&per_page=10'));
    await sut.updateTemplate(7, { name: 'Renamed' });
    await sut.cloneTemplate(7);
    await sut.deleteTemplate(7);
    await sut.createPacket({ name: 'Seller packet', type_id: 's', templates: [7, 5] });
    await sut.updatePacket(3, { name: 'Seller packet', type_id: null, templates: [5, 7] });
    await sut.deletePacket(3);
    expect(calls()).toEqual([
      { url: '/api/esign/templates?status=N&page=1&per_page=25', method: 'GET', body: undefined },
      { url: '/api/esign/packets?status=N&page=2&per_page=10', method: 'GET', body: undefined },
      { url: '/api/esign/templates/7', method: 'PATCH', body: { name: 'Renamed' } },
      { url: '/api/esign/templates/7/clone', method: 'POST', body: undefined },
      { url: '/api/esign/templates/7', method: 'DELETE', body: undefined },
      { url: '/api/esign/packets', method: 'POST', body: { name: 'Seller packet', type_id: 's', templates: [7, 5] } },
      { url: '/api/esign/packets/3', method: 'PATCH', body: { name: 'Seller packet', type_id: null, templates: [5, 7] } },
      { url: '/api/esign/packets/3', method: 'DELETE', body: undefined },
    ]);
  });

  it('reads the options: transaction types (a list or {records}) and the storage options', async () => {
    const types = [
      { id: null, label: 'All' },
      { id: 'b', label: 'Buyer' },
      { id: 's', label: 'Seller' },
    ];
    const listed = setup((url) =>
      url.endsWith('transaction-types')
        ? json(types)
        : json({ folders: [{ client_document_folder_id: -1, folder_name: 'General', transaction_type: null }] }),
    );
    expect(await listed.sut.getTransactionTypes()).toEqual(types);
    expect((await listed.sut.getStorageOptions()).folders).toHaveLength(1);
    expect((await listed.sut.getStorageOptions()).document_types).toEqual([]);
    const wrapped = setup(() => json({ records: types }));
    expect(await wrapped.sut.getTransactionTypes()).toEqual(types);
    expect(listed.calls().map((call) => call.url)).toEqual([
      '/api/esign/transaction-types',
      '/api/esign/storage-options',
      '/api/esign/storage-options',
    ]);
  });

  it('uploads a template: upload URL, PUT with progress, confirm, then the template on the confirmed key', async () => {
    const { sut, calls } = setup((url) =>
      url.endsWith('/upload')
        ? json({ url: 'http://files.test/put/abc?sig=1', key: 'esign/abc.pdf', expires_in: 300, max_bytes: 50_000_000 })
        : url.endsWith('/confirm')
          ? json({ key: 'esign/abc.pdf', pages: 2, size: 13 })
          : json(TEMPLATE, 201),
    );
    const progress: [number, number][] = [];
    const file = pdf();
    const template = await sut.uploadTemplate(
      file,
      { name: 'Listing Agreement', storage_folder_id: -1, type_id: 's', default_document_type: 3 },
      (loaded, total) => progress.push([loaded, total]),
    );
    expect(template.esig_template_id).toBe(7);
    expect(calls()).toEqual([
      {
        url: '/api/esign/templates/upload',
        method: 'POST',
        body: { name: 'Listing Agreement.pdf', type: 'application/pdf', size: file.size },
      },
      { url: '/api/esign/templates/upload/confirm', method: 'POST', body: { key: 'esign/abc.pdf' } },
      {
        url: '/api/esign/templates',
        method: 'POST',
        body: { template_file: 'esign/abc.pdf', name: 'Listing Agreement', storage_folder_id: -1, type_id: 's', default_document_type: 3 },
      },
    ]);
    // The PUT goes to the signed URL, without the session, with the declared type.
    expect(FakeUpload.last).toMatchObject({
      method: 'PUT',
      url: 'http://files.test/put/abc?sig=1',
      headers: { 'Content-Type': 'application/pdf' },
    });
    expect(FakeUpload.last?.body).toBe(file);
    expect(progress).toEqual([
      [40, 100],
      [100, 100],
      [file.size, file.size],
    ]);
  });

  it('names the failed step: the file refused at confirm, or the template refused with its field errors', async () => {
    const refused = setup((url) =>
      url.endsWith('/upload')
        ? json({ url: 'http://files.test/put/abc', key: 'k', expires_in: 300, max_bytes: 50_000_000 })
        : json(
            { status: 'error', message: 'The file must be a PDF', errors: [{ field: 'template_file', error: 'The file must be a PDF' }] },
            400,
          ),
    );
    const fileError = await refused.sut
      .uploadTemplate(pdf(), { name: 'x', storage_folder_id: -1, type_id: null, default_document_type: null })
      .catch((e: unknown) => e);
    expect(fileError).toBeInstanceOf(TemplateUploadError);
    expect((fileError as TemplateUploadError).stage).toBe('upload');
    expect(statusOf((fileError as TemplateUploadError).cause)).toBe(400);

    const create = setup((url) =>
      url.endsWith('/upload')
        ? json({ url: 'http://files.test/put/abc', key: 'k', expires_in: 300, max_bytes: 50_000_000 })
        : url.endsWith('/confirm')
          ? json({ key: 'k', pages: 1, size: 3 })
          : json(
              {
                status: 'error',
                message: 'Invalid input',
                errors: [{ field: 'storage_folder_id', error: 'Choose a folder of your team' }],
              },
              400,
            ),
    );
    const createError = (await create.sut
      .uploadTemplate(pdf(), { name: 'x', storage_folder_id: 99, type_id: null, default_document_type: null })
      .catch((e: unknown) => e)) as TemplateUploadError;
    expect(createError.stage).toBe('create');
    expect(fieldErrorsOf(createError.cause)).toEqual({ storage_folder_id: 'Choose a folder of your team' });
  });

  it('rejects a PUT the storage refuses, or one that cannot reach it, before any confirm', async () => {
    const forbidden = setup(() => json({ url: 'http://files.test/put/abc', key: 'k', expires_in: 300, max_bytes: 50_000_000 }), 403);
    const error = (await forbidden.sut
      .uploadTemplate(pdf(), { name: 'x', storage_folder_id: -1, type_id: null, default_document_type: null })
      .catch((e: unknown) => e)) as TemplateUploadError;
    expect([error.stage, statusOf(error.cause)]).toEqual(['upload', 403]);
    expect(forbidden.calls().map((call) => call.url)).toEqual(['/api/esign/templates/upload']);

    const away = setup(() => json({ url: 'http://files.test/put/abc', key: 'k', expires_in: 300, max_bytes: 50_000_000 }), 0);
    const offline = (await away.sut
      .uploadTemplate(pdf(), { name: 'x', storage_folder_id: -1, type_id: null, default_document_type: null })
      .catch((e: unknown) => e)) as TemplateUploadError;
    expect(statusOf(offline.cause)).toBe(0);
  });

  it('reads a write answered as {record} as well as the record itself', async () => {
    const { sut } = setup(() =>
      json({ status: 'success', record: { ...TEMPLATE, name: 'Listing Agreement (Copy)', esig_template_id: 8 } }),
    );
    expect((await sut.cloneTemplate(7)).esig_template_id).toBe(8);
  });
});
