import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { EsignField, EsignTemplate, StorageOptions } from '@app/contracts';
import { api, baseUrl } from './browser-helpers';

/** E-sign templates seeded through the API for the e-sign browser suites (builder, templates, send, board). */

/** A PDF of `pages` letter pages made with pdf-lib, each saying its title and number. */
export async function pdfOf(title: string, pages = 1): Promise<Buffer> {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  for (let n = 1; n <= pages; n += 1) document.addPage([612, 792]).drawText(`${title} - page ${n}`, { x: 72, y: 720, size: 18, font });
  return Buffer.from(await document.save());
}

export interface TemplateSeed {
  name: string;
  pages?: number;
  /** Buyer or seller template (spec 002's type), none by default. */
  typeId?: 'b' | 's' | null;
  /** Roles and fields to save as the template's schema; without them the template keeps the empty one. */
  roles?: { uuid: string; name: string }[];
  fields?: EsignField[];
}

/**
 * A template the way the admin screens make one: the upload URL, the PUT of the PDF, the confirm, the
 * template in the team's first folder, then its schema when roles or fields are given. Its id.
 */
export async function createEsignTemplate(token: string, seed: TemplateSeed): Promise<number> {
  const { name } = seed;
  const bytes = await pdfOf(name, seed.pages ?? 1);
  const upload = await api<{ url: string; key: string }>('/api/esign/templates/upload', {
    method: 'POST',
    token,
    body: { name: `${name}.pdf`, type: 'application/pdf', size: bytes.length },
  });
  expect(upload.status).toBe(201);
  const url = upload.body!.url.startsWith('http') ? upload.body!.url : `${baseUrl()}${upload.body!.url}`;
  expect((await fetch(url, { method: 'PUT', headers: { 'Content-Type': 'application/pdf' }, body: bytes })).ok).toBe(true);
  expect((await api('/api/esign/templates/upload/confirm', { method: 'POST', token, body: { key: upload.body!.key } })).status).toBe(200);
  const options = await api<StorageOptions>('/api/esign/storage-options', { token });
  expect(options.status).toBe(200);
  const created = await api<EsignTemplate & { schema: { documents: unknown[] } }>('/api/esign/templates', {
    method: 'POST',
    token,
    body: {
      template_file: upload.body!.key,
      name,
      storage_folder_id: options.body!.folders[0].client_document_folder_id,
      type_id: seed.typeId ?? null,
      default_document_type: null,
    },
  });
  expect(created.status).toBe(201);
  const id = created.body!.esig_template_id;
  if (seed.roles || seed.fields) {
    const schema = await api(`/api/esign/templates/${id}/schema`, {
      method: 'PUT',
      token,
      body: {
        documents: created.body!.schema.documents,
        roles: seed.roles ?? [],
        fields: seed.fields ?? [],
        updated_ts: created.body!.updated_ts,
      },
    });
    if (schema.status !== 200) throw new Error(`template schema: ${schema.status} ${JSON.stringify(schema.body)}`);
  }
  return id;
}
