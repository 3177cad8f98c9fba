// @vitest-environment jsdom
import { esignFieldOf, type EsignField, type EsignTemplateDetail } from '@app/contracts';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AdminContext, defaultI18nProvider, memoryStore } from 'react-admin';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TemplateBuilderApi } from './api';
import { AUTOSAVE_DELAY_MS } from './autosave';
import type { BuilderProviderApi } from './docusealApi';
import type { DocusealTemplateData } from './docusealSchema';

// The builder page on DocuSeal (spec 002): DocusealBuilder (mocked: no DocuSeal here) opens with the token the esign
// service minted for the template; its save events update our copy through PUT .../schema; the own builder when the
// service runs on its own engine.

/** What DocuSeal's builder would hand over on save: the fixture's template as DocuSeal keeps it. */
let docusealData: DocusealTemplateData;
vi.mock('@docuseal/react', () => ({
  DocusealBuilder: (props: {
    token: string;
    host: string;
    fieldTypes: string[];
    onSave: (data: unknown) => void;
    onChange: (data: unknown) => void;
    withSendButton: boolean;
  }) => (
    <div
      data-testid="docuseal-builder-mock"
      data-token={props.token}
      data-host={props.host}
      data-field-types={props.fieldTypes.join(',')}
      data-send={String(props.withSendButton)}
    >
      <button type="button" onClick={() => props.onSave(docusealData)}>
        docuseal save
      </button>
      <button type="button" onClick={() => props.onChange(docusealData)}>
        docuseal change
      </button>
    </div>
  ),
}));
vi.mock('./PdfView', () => ({
  PdfDocument: ({ children }: { children: React.ReactNode }) => <div>{children}</div>,
  PdfPageCanvas: ({ pageNumber }: { pageNumber: number }) => <div data-testid={`canvas-${pageNumber}`} />,
}));
vi.mock('./index', () => ({ templateBuilderApi: {} }));
vi.mock('./builderProviderApi', () => ({ builderProviderApi: {} }));

import TemplateBuilderPage from './TemplateBuilderPage';

const mapped: EsignField = esignFieldOf({
  uuid: 'f-price',
  role_uuid: 'r-buyer',
  name: 'Price',
  type: 'text',
  required: true,
  platform_type: 'amount',
  mapped_entity: 'transaction',
  mapped_field: 'sale_price',
  can_update: true,
  areas: [{ page: 1, x: 0.1, y: 0.1, w: 0.2, h: 0.05 }],
});

function detailOf(id: number, name: string): EsignTemplateDetail {
  return {
    esig_template_id: id,
    name,
    type_id: null,
    storage_paths: { default_document_type: null, default_storage_path: -1 },
    status: 'N',
    external_id: String(40 + id),
    updated_ts: '2026-11-20T15:30:00.000Z',
    created_ts: '2026-11-01T10:00:00.000Z',
    document_type_name: null,
    folder_name: 'General',
    schema: {
      documents: [
        { id: `d${id}a`, name: 'Agreement.pdf', pages: 2 },
        { id: `d${id}b`, name: 'Addendum.pdf', pages: 1 },
      ],
      roles: [{ uuid: 'r-buyer', name: 'Buyer' }],
      fields: [mapped],
    },
    files: [
      {
        id: `d${id}a`,
        name: 'Agreement.pdf',
        pages: 2,
        url: `/files/${id}a.pdf`,
        page_sizes: [
          { width: 612, height: 792 },
          { width: 612, height: 792 },
        ],
      },
      { id: `d${id}b`, name: 'Addendum.pdf', pages: 1, url: `/files/${id}b.pdf`, page_sizes: [{ width: 612, height: 792 }] },
    ],
  };
}

function fakeApi() {
  const templates: Record<number, EsignTemplateDetail> = { 7: detailOf(7, 'Listing Agreement'), 8: detailOf(8, 'Buyer Representation') };
  return {
    getTemplate: vi.fn(async (id: number) => structuredClone(templates[id])),
    saveSchema: vi.fn(async (id: number, body: { updated_ts: string }) => ({
      ...templates[id],
      ...body,
      updated_ts: '2026-11-21T00:00:00.001Z',
    })),
    rename: vi.fn(async (id: number, name: string) => ({ ...templates[id], name })),
    listTemplates: vi.fn(async () => ({
      records: Object.values(templates),
      pagination: { total: 2, page: 1, per_page: 100, pages: 1, has_next: false, has_prev: false },
    })),
    mappableFields: vi.fn(async () => []),
  };
}

function providerApi(provider: 'own' | 'docuseal' | Error) {
  let issued = 0;
  return {
    provider: vi.fn(async () => {
      if (provider instanceof Error) throw provider;
      return { provider };
    }),
    builderToken: vi.fn(async (templateId: number) => ({
      token: `jwt-${templateId}-${++issued}`,
      esig_template_id: templateId,
      template_id: 40 + templateId,
      external_id: `esign-${templateId}`,
      provider: 'docuseal' as const,
      host: 'docuseal.example.com',
      expires_at: '2026-11-20T16:30:00.000Z',
    })),
  };
}

function open(
  api: ReturnType<typeof fakeApi>,
  provider: ReturnType<typeof providerApi>,
  entry = '/app/admin/esign-templates/template-builder?templateId=7',
) {
  return render(
    <MemoryRouter initialEntries={[entry]}>
      <AdminContext store={memoryStore()} i18nProvider={defaultI18nProvider} basename="/app">
        <Routes>
          <Route
            path="/app/admin/esign-templates/template-builder"
            element={
              <TemplateBuilderPage api={api as unknown as TemplateBuilderApi} providerApi={provider as unknown as BuilderProviderApi} />
            }
          />
        </Routes>
      </AdminContext>
    </MemoryRouter>,
  );
}

const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  // DocuSeal's documents (reordered: the addendum first) with the price moved to the agreement's second page and a
  // signature added on the addendum; a field not placed yet stays DocuSeal's.
  docusealData = {
    schema: [
      { attachment_uuid: 'att-b', name: 'Addendum' },
      { attachment_uuid: 'att-a', name: 'Agreement' },
    ],
    submitters: [
      { name: 'Buyer', uuid: 'r-buyer' },
      { name: 'Seller', uuid: 'r-seller' },
    ],
    fields: [
      {
        uuid: 'f-price',
        submitter_uuid: 'r-buyer',
        name: 'Price',
        type: 'text',
        required: true,
        areas: [{ attachment_uuid: 'att-a', page: 1, x: 0.5, y: 0.6, w: 0.2, h: 0.04 }],
      },
      {
        uuid: 'f-sign',
        submitter_uuid: 'r-seller',
        name: 'Seller signature',
        type: 'signature',
        required: true,
        areas: [{ attachment_uuid: 'att-b', page: 0, x: 0.1, y: 0.8, w: 0.3, h: 0.06 }],
      },
      { uuid: 'f-loose', submitter_uuid: 'r-seller', name: 'Not placed', type: 'text', areas: [] },
    ],
  };
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('TemplateBuilderPage on DocuSeal', () => {
  it("embeds DocusealBuilder with the esign service's token for the template, not the own builder", async () => {
    const api = fakeApi();
    const provider = providerApi('docuseal');
    open(api, provider);
    const builder = await screen.findByTestId('docuseal-builder-mock');
    expect(provider.builderToken).toHaveBeenCalledWith(7);
    expect(builder.getAttribute('data-token')).toBe('jwt-7-1');
    expect(builder.getAttribute('data-host')).toBe('docuseal.example.com');
    expect(builder.getAttribute('data-field-types')).toBe(
      'text,signature,initials,checkbox,select,radio,multiple,number,phone,date,strikethrough',
    );
    expect(builder.getAttribute('data-send')).toBe('false');
    expect(screen.queryByTestId('template-builder')).toBeNull();
    expect(screen.queryAllByTestId(/^palette-/)).toHaveLength(0);
  });

  it("DocuSeal's save updates our copy through PUT .../schema: pages across our documents, roles from its parties, our mapping kept", async () => {
    const api = fakeApi();
    open(api, providerApi('docuseal'));
    await screen.findByTestId('docuseal-builder-mock');
    fireEvent.click(screen.getByText('docuseal change'));
    fireEvent.click(screen.getByText('docuseal save'));
    await wait(AUTOSAVE_DELAY_MS);
    await waitFor(() => expect(api.saveSchema).toHaveBeenCalledTimes(1));
    const [id, body] = api.saveSchema.mock.calls[0] as unknown as [
      number,
      { updated_ts: string; documents: { id: string }[]; roles: unknown[]; fields: EsignField[] },
    ];
    expect(id).toBe(7);
    expect(body.updated_ts).toBe('2026-11-20T15:30:00.000Z');
    expect(body.documents.map((d) => d.id)).toEqual(['d7b', 'd7a']);
    expect(body.roles).toEqual([
      { uuid: 'r-buyer', name: 'Buyer' },
      { uuid: 'r-seller', name: 'Seller' },
    ]);
    expect(body.fields).toEqual([
      // The addendum (1 page) comes first now: the agreement's second page is page 3.
      { ...mapped, areas: [{ page: 3, x: 0.5, y: 0.6, w: 0.2, h: 0.04 }] },
      expect.objectContaining({
        uuid: 'f-sign',
        role_uuid: 'r-seller',
        type: 'signature',
        required: true,
        mapped_entity: null,
        can_update: false,
        areas: [{ page: 1, x: 0.1, y: 0.8, w: 0.3, h: 0.06 }],
      }),
    ]);
    await waitFor(() => expect(screen.getByTestId('builder-save-status').textContent).toBe('Saved'));

    // The next save carries the updated_ts the last one answered.
    fireEvent.click(screen.getByText('docuseal save'));
    await wait(AUTOSAVE_DELAY_MS);
    await waitFor(() => expect(api.saveSchema).toHaveBeenCalledTimes(2));
    expect((api.saveSchema.mock.calls[1] as unknown as [number, { updated_ts: string }])[1].updated_ts).toBe('2026-11-21T00:00:00.001Z');
  });

  it('a document added or removed in DocuSeal is not saved, and the page says why', async () => {
    const api = fakeApi();
    open(api, providerApi('docuseal'));
    await screen.findByTestId('docuseal-builder-mock');
    docusealData = { ...docusealData, schema: [...docusealData.schema, { attachment_uuid: 'att-c', name: 'Uploaded in DocuSeal' }] };
    fireEvent.click(screen.getByText('docuseal save'));
    await wait(AUTOSAVE_DELAY_MS);
    expect(api.saveSchema).not.toHaveBeenCalled();
    expect(screen.getByTestId('builder-save-status').textContent).toContain("The template's documents were changed in DocuSeal");
  });

  it('a fresh token each time the builder opens (another template, the same one again)', async () => {
    const api = fakeApi();
    const provider = providerApi('docuseal');
    const view = open(api, provider);
    await screen.findByTestId('docuseal-builder-mock');
    view.unmount();
    open(api, provider);
    await waitFor(() => expect(screen.getByTestId('docuseal-builder-mock').getAttribute('data-token')).toBe('jwt-7-2'));
    expect(provider.builderToken).toHaveBeenCalledTimes(2);
  });

  it('says so when the token cannot be had, with Try again', async () => {
    const api = fakeApi();
    const provider = providerApi('docuseal');
    provider.builderToken.mockRejectedValueOnce(
      Object.assign(new Error('x'), { status: 502, body: { message: 'E-sign provider rejected the request' } }),
    );
    open(api, provider);
    expect((await screen.findByTestId('docuseal-builder-error')).textContent).toContain('E-sign provider rejected the request');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('docuseal-builder-mock')).toBeTruthy();
  });

  it('the own builder, unchanged, when the service runs on its own engine or the provider cannot be asked', async () => {
    for (const which of ['own', new Error('offline')] as const) {
      const api = fakeApi();
      const provider = providerApi(which);
      const view = open(api, provider);
      expect(await screen.findByTestId('template-builder')).toBeTruthy();
      expect(screen.getAllByTestId(/^palette-/)).toHaveLength(11);
      expect(screen.queryByTestId('docuseal-builder-mock')).toBeNull();
      expect(provider.builderToken).not.toHaveBeenCalled();
      view.unmount();
    }
  });
});
