// @vitest-environment jsdom
import type { EsignTemplateDetail } from '@app/contracts';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { AdminContext, defaultI18nProvider, memoryStore } from 'react-admin';
import { MemoryRouter, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toHttpError } from '../../dataProvider/httpError';
import type { TemplateBuilderApi } from './api';
import { AUTOSAVE_DELAY_MS } from './autosave';
import { TEMPLATE_FILTER_DELAY_MS } from './TemplatePicker';

// jsdom has no canvas: the pages render as plain boxes (the overlays and rules do not depend on pdf.js).
// react-pdf 11 suspends while a PDF loads and throws one it cannot read: the stand-in does both, by URL.
const pdf = vi.hoisted(() => ({ broken: new Set<string>(), loading: new Map<string, Promise<void>>() }));
vi.mock('./PdfView', async () => {
  const React = await import('react');
  return {
    PdfDocument: ({ url, children }: { url: string; children: React.ReactNode }) => {
      if (pdf.broken.has(url)) throw new Error('Invalid PDF structure.');
      const loading = pdf.loading.get(url);
      if (loading) React.use(loading);
      return <div>{children}</div>;
    },
    PdfPageCanvas: ({ pageNumber }: { pageNumber: number }) => <div data-testid={`canvas-${pageNumber}`} />,
  };
});
vi.mock('./index', () => ({ templateBuilderApi: {} }));
// The e-sign service runs on its own engine here (the DocuSeal builder: TemplateBuilderPage.docuseal.test.tsx).
vi.mock('./builderProviderApi', () => ({
  builderProviderApi: {
    provider: async () => ({ provider: 'own' }),
    builderToken: async () => {
      throw new Error('no DocuSeal');
    },
  },
}));

import TemplateBuilderPage from './TemplateBuilderPage';

const STALE = 'This template was changed elsewhere. Reload to see the latest version.';

function detailOf(id: number, name: string, updated_ts = '2026-11-20T15:30:00.000Z'): EsignTemplateDetail {
  return {
    esig_template_id: id,
    name,
    type_id: null,
    storage_paths: { default_document_type: null, default_storage_path: -1 },
    status: 'N',
    external_id: `own-${id}`,
    updated_ts,
    created_ts: '2026-11-01T10:00:00.000Z',
    document_type_name: null,
    folder_name: 'General',
    schema: { documents: [{ id: `d${id}`, name, pages: 2 }], roles: [{ uuid: 'r1', name: 'Buyer' }], fields: [] },
    files: [
      {
        id: `d${id}`,
        name,
        pages: 2,
        url: `/files/${id}.pdf`,
        page_sizes: [
          { width: 612, height: 792 },
          { width: 612, height: 792 },
        ],
      },
    ],
  };
}

function fakeApi() {
  const templates: Record<number, EsignTemplateDetail> = { 7: detailOf(7, 'Listing Agreement'), 8: detailOf(8, 'Buyer Representation') };
  let stamp = 0;
  const nextTs = () => `2026-11-21T00:00:00.${String(++stamp).padStart(3, '0')}Z`;
  return {
    getTemplate: vi.fn(async (id: number) => structuredClone(templates[id])),
    saveSchema: vi.fn(async (id: number) => ({ ...templates[id], updated_ts: nextTs() })),
    rename: vi.fn(async (id: number, name: string) => ({ ...templates[id], name, updated_ts: nextTs() })),
    listTemplates: vi.fn(async (search = '') => {
      const records = Object.values(templates).filter((t) => t.name.toLowerCase().includes(search.toLowerCase()));
      return { records, pagination: { total: records.length, page: 1, per_page: 100, pages: 1, has_next: false, has_prev: false } };
    }),
    mappableFields: vi.fn(async () => [
      { label: 'Sale price', mapped_entity: 'transaction', mapped_field: 'sale_price', fieldType: 'number' as const, can_update: true },
    ]),
  };
}
type FakeApi = ReturnType<typeof fakeApi>;

const Where = () => {
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <>
      <output data-testid="where">{`${location.pathname}${location.search}`}</output>
      <button type="button" onClick={() => navigate('/app/admin/esign-templates')}>
        leave
      </button>
    </>
  );
};

function open(api: FakeApi, entry = '/app/admin/esign-templates/template-builder?templateId=7') {
  return render(
    <MemoryRouter initialEntries={[entry]}>
      <AdminContext store={memoryStore()} i18nProvider={defaultI18nProvider} basename="/app">
        <Routes>
          <Route
            path="/app/admin/esign-templates/template-builder"
            element={<TemplateBuilderPage api={api as unknown as TemplateBuilderApi} />}
          />
          <Route path="*" element={<p data-testid="elsewhere" />} />
        </Routes>
        <Where />
      </AdminContext>
    </MemoryRouter>,
  );
}

const where = () => screen.getByTestId('where').textContent;
const status = () => screen.queryByTestId('builder-save-status')?.textContent ?? null;
const nameInput = () => screen.getByTestId('builder-template-name') as HTMLInputElement;
const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const addText = () => fireEvent.click(screen.getByTestId('palette-text'));

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
  pdf.broken.clear();
  pdf.loading.clear();
});

describe('TemplateBuilderPage', () => {
  it('loads the template of the URL: Back link to the list, its name, the dropdown and the builder', async () => {
    const api = fakeApi();
    open(api);
    expect(await screen.findByTestId('template-builder')).toBeTruthy();
    expect(api.getTemplate).toHaveBeenCalledWith(7);
    expect(screen.getByTestId('builder-back').getAttribute('href')).toBe('/app/admin/esign-templates');
    expect(nameInput().value).toBe('Listing Agreement');
    expect((within(screen.getByTestId('builder-template-picker')).getByRole('combobox') as HTMLInputElement).value).toBe(
      'Listing Agreement',
    );
    expect(screen.getAllByTestId(/^builder-page-\d$/)).toHaveLength(2);
    expect(screen.getAllByTestId(/^palette-/)).toHaveLength(11);
  });

  it('autosaves 1 s after the last change, Saving… then Saved, each save with the updated_ts the last one answered', async () => {
    const api = fakeApi();
    open(api);
    await screen.findByTestId('template-builder');
    addText();
    expect(status()).toBe('Saving…');
    await wait(AUTOSAVE_DELAY_MS / 2);
    addText();
    // 1 s after the first change, half a second after the last: the wait started over.
    await wait(AUTOSAVE_DELAY_MS / 2);
    expect(api.saveSchema).not.toHaveBeenCalled();
    expect(status()).toBe('Saving…');
    await wait(AUTOSAVE_DELAY_MS / 2);
    await waitFor(() => expect(status()).toBe('Saved'));
    expect(api.saveSchema).toHaveBeenCalledTimes(1);
    const [id, body] = api.saveSchema.mock.calls[0] as unknown as [
      number,
      { updated_ts: string; fields: { type: string; role_uuid: string; areas: unknown[] }[]; roles: unknown[] },
    ];
    expect(id).toBe(7);
    expect(body.updated_ts).toBe('2026-11-20T15:30:00.000Z');
    expect(body.fields.map((f) => f.type)).toEqual(['text', 'text']);
    expect(body.fields[0].role_uuid).toBe('r1');
    expect(body.roles).toEqual([{ uuid: 'r1', name: 'Buyer' }]);

    addText();
    await wait(AUTOSAVE_DELAY_MS);
    await waitFor(() => expect(api.saveSchema).toHaveBeenCalledTimes(2));
    expect((api.saveSchema.mock.calls[1] as unknown as [number, { updated_ts: string }])[1].updated_ts).toBe('2026-11-21T00:00:00.001Z');
  });

  it("shows a 409's message with a Reload button that loads the template again", async () => {
    const api = fakeApi();
    api.saveSchema.mockRejectedValueOnce(toHttpError(409, 'Conflict', { status: 'error', message: STALE }));
    open(api);
    await screen.findByTestId('template-builder');
    addText();
    await wait(AUTOSAVE_DELAY_MS);
    const conflict = await screen.findByTestId('builder-conflict');
    expect(conflict.textContent).toContain(STALE);
    // Autosave stops: further changes are not sent over the newer version.
    addText();
    await wait(AUTOSAVE_DELAY_MS * 2);
    expect(api.saveSchema).toHaveBeenCalledTimes(1);
    fireEvent.click(within(conflict).getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(api.getTemplate).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(screen.queryByTestId('builder-conflict')).toBeNull());
    expect(screen.queryAllByTestId(/^builder-field-/)).toHaveLength(0);
    addText();
    await wait(AUTOSAVE_DELAY_MS);
    await waitFor(() => expect(api.saveSchema).toHaveBeenCalledTimes(2));
  });

  it('a failed save shows its message with Retry, which sends the change again', async () => {
    const api = fakeApi();
    api.saveSchema.mockRejectedValueOnce(toHttpError(503, 'Service Unavailable', { status: 'error', message: 'Service unavailable' }));
    open(api);
    await screen.findByTestId('template-builder');
    addText();
    await wait(AUTOSAVE_DELAY_MS);
    await waitFor(() => expect(screen.getByTestId('builder-save-status').getAttribute('data-status')).toBe('error'));
    expect(screen.getByTestId('builder-save-status').textContent).toContain('Service unavailable');
    fireEvent.click(screen.getByTestId('builder-save-retry'));
    await waitFor(() => expect(api.saveSchema).toHaveBeenCalledTimes(2));
    expect((api.saveSchema.mock.calls[1] as unknown as [number, { fields: unknown[] }])[1].fields).toHaveLength(1);
    await waitFor(() => expect(screen.getByTestId('builder-save-status').getAttribute('data-status')).toBe('saved'));
    expect(screen.queryByTestId('builder-save-retry')).toBeNull();
  });

  it('saves the name on Enter and on the check button; a blank name says This field is required and sends nothing', async () => {
    const api = fakeApi();
    open(api);
    await screen.findByTestId('template-builder');
    fireEvent.change(nameInput(), { target: { value: 'Listing Agreement 2026' } });
    fireEvent.keyDown(nameInput(), { key: 'Enter' });
    await waitFor(() => expect(api.rename).toHaveBeenCalledWith(7, 'Listing Agreement 2026'));

    fireEvent.change(nameInput(), { target: { value: 'Listing Agreement 2027' } });
    fireEvent.click(screen.getByTestId('builder-template-name-save'));
    await waitFor(() => expect(api.rename).toHaveBeenLastCalledWith(7, 'Listing Agreement 2027'));

    fireEvent.change(nameInput(), { target: { value: '   ' } });
    fireEvent.keyDown(nameInput(), { key: 'Enter' });
    expect((await screen.findByTestId('builder-template-name-error')).textContent).toBe('This field is required');
    expect(api.rename).toHaveBeenCalledTimes(2);
  });

  it("a rename goes after the save in flight and the next save carries the rename's updated_ts", async () => {
    const api = fakeApi();
    open(api);
    await screen.findByTestId('template-builder');
    addText();
    await wait(AUTOSAVE_DELAY_MS);
    await waitFor(() => expect(status()).toBe('Saved'));
    fireEvent.change(nameInput(), { target: { value: 'Renamed' } });
    fireEvent.keyDown(nameInput(), { key: 'Enter' });
    await waitFor(() => expect(api.rename).toHaveBeenCalled());
    addText();
    await wait(AUTOSAVE_DELAY_MS);
    await waitFor(() => expect(api.saveSchema).toHaveBeenCalledTimes(2));
    expect((api.saveSchema.mock.calls[1] as unknown as [number, { updated_ts: string }])[1].updated_ts).toBe('2026-11-21T00:00:00.002Z');
  });

  it('the dropdown filters on the server and a choice switches templateId, saving the edited name first', async () => {
    const api = fakeApi();
    open(api);
    await screen.findByTestId('template-builder');
    fireEvent.change(nameInput(), { target: { value: 'Listing (edited)' } });
    const combo = within(screen.getByTestId('builder-template-picker')).getByRole('combobox');
    fireEvent.mouseDown(combo);
    fireEvent.change(combo, { target: { value: 'buyer' } });
    await wait(TEMPLATE_FILTER_DELAY_MS);
    await waitFor(() => expect(api.listTemplates).toHaveBeenLastCalledWith('buyer'));
    fireEvent.click(await screen.findByRole('option', { name: 'Buyer Representation' }));
    await waitFor(() => expect(where()).toBe('/app/admin/esign-templates/template-builder?templateId=8'));
    expect(api.rename).toHaveBeenCalledWith(7, 'Listing (edited)');
    await waitFor(() => expect(nameInput().value).toBe('Buyer Representation'));
    expect(api.getTemplate).toHaveBeenLastCalledWith(8);
  });

  it('the dropdown says when the templates could not be loaded, and typing asks again', async () => {
    const api = fakeApi();
    api.listTemplates.mockRejectedValueOnce(toHttpError(503, 'Service Unavailable', { status: 'error', message: 'Service unavailable' }));
    open(api);
    await screen.findByTestId('template-builder');
    const combo = within(screen.getByTestId('builder-template-picker')).getByRole('combobox');
    fireEvent.mouseDown(combo);
    expect(await screen.findByText('The templates could not be loaded. Type to try again.')).toBeTruthy();
    fireEvent.change(combo, { target: { value: 'buyer' } });
    await wait(TEMPLATE_FILTER_DELAY_MS);
    expect(await screen.findByRole('option', { name: 'Buyer Representation' })).toBeTruthy();
    expect(screen.queryByText('The templates could not be loaded. Type to try again.')).toBeNull();
  });

  it('a switch saves what autosave still holds for the template left', async () => {
    const api = fakeApi();
    open(api);
    await screen.findByTestId('template-builder');
    addText();
    const combo = within(screen.getByTestId('builder-template-picker')).getByRole('combobox');
    fireEvent.mouseDown(combo);
    fireEvent.click(await screen.findByRole('option', { name: 'Buyer Representation' }));
    await waitFor(() => expect(where()).toContain('templateId=8'));
    expect(api.saveSchema).toHaveBeenCalledTimes(1);
    expect(api.saveSchema.mock.calls[0][0]).toBe(7);
    await waitFor(() => expect(nameInput().value).toBe('Buyer Representation'));
    expect(screen.queryAllByTestId(/^builder-field-/)).toHaveLength(0);
  });

  it('leaving saves the waiting change and clears the state: coming back loads the template afresh', async () => {
    const api = fakeApi();
    open(api);
    await screen.findByTestId('template-builder');
    addText();
    expect(screen.queryAllByTestId(/^builder-field-/)).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'leave' }));
    expect(await screen.findByTestId('elsewhere')).toBeTruthy();
    await waitFor(() => expect(api.saveSchema).toHaveBeenCalledTimes(1));
    expect(screen.queryByTestId('template-builder')).toBeNull();
    cleanup();
    open(api);
    await screen.findByTestId('template-builder');
    expect(api.getTemplate).toHaveBeenCalledTimes(2);
    // Fresh from the server (the fake keeps what it was given): nothing of the old session is left.
    expect(screen.queryAllByTestId(/^builder-field-/)).toHaveLength(0);
    expect(status()).toBeNull();
  });

  it('a PDF that cannot be read says so in place of the pages, with Try again and the way back; the rest of the page still works', async () => {
    // React reports the error the boundary caught; expected here.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    pdf.broken.add('/files/7.pdf');
    const api = fakeApi();
    open(api);
    const failed = await screen.findByTestId('builder-pdf-error');
    expect(failed.textContent).toContain("This template's PDF could not be opened.");
    expect(within(failed).getByTestId('builder-pdf-back').getAttribute('href')).toBe('/app/admin/esign-templates');
    expect(screen.queryAllByTestId(/^builder-page-\d$/)).toHaveLength(0);
    expect(screen.queryByTestId('builder-pdf-loading')).toBeNull();
    // The Back link, the name and the dropdown are there and work.
    expect(screen.getByTestId('builder-back').getAttribute('href')).toBe('/app/admin/esign-templates');
    fireEvent.change(nameInput(), { target: { value: 'Listing Agreement (fixed)' } });
    fireEvent.keyDown(nameInput(), { key: 'Enter' });
    await waitFor(() => expect(api.rename).toHaveBeenCalledWith(7, 'Listing Agreement (fixed)'));

    // Try again reads the PDF afresh (here it has been fixed meanwhile).
    pdf.broken.delete('/files/7.pdf');
    fireEvent.click(within(failed).getByTestId('builder-pdf-retry'));
    expect(await screen.findAllByTestId(/^builder-page-\d$/)).toHaveLength(2);
    expect(screen.queryByTestId('builder-pdf-error')).toBeNull();

    // Broken again, then the dropdown switches to a template whose PDF reads: its pages show.
    cleanup();
    pdf.broken.add('/files/7.pdf');
    open(api);
    await screen.findByTestId('builder-pdf-error');
    const combo = within(screen.getByTestId('builder-template-picker')).getByRole('combobox');
    fireEvent.mouseDown(combo);
    fireEvent.click(await screen.findByRole('option', { name: 'Buyer Representation' }));
    await waitFor(() => expect(where()).toBe('/app/admin/esign-templates/template-builder?templateId=8'));
    await waitFor(() => expect(nameInput().value).toBe('Buyer Representation'));
    expect(await screen.findAllByTestId(/^builder-page-\d$/)).toHaveLength(2);
    expect(screen.queryByTestId('builder-pdf-error')).toBeNull();
  });

  it('a PDF still loading shows its pages loading, not a blank area, while the rest of the page works', async () => {
    let done = () => undefined as void;
    pdf.loading.set('/files/7.pdf', new Promise<void>((resolve) => (done = resolve)));
    const api = fakeApi();
    open(api);
    const loading = await screen.findByTestId('builder-pdf-loading');
    expect(loading.getAttribute('role')).toBe('status');
    expect(loading.getAttribute('aria-busy')).toBe('true');
    expect(loading.textContent).toContain('Loading the PDF…');
    expect(screen.queryAllByTestId(/^builder-page-\d$/)).toHaveLength(0);
    // The page around it did not wait for the PDF.
    expect(screen.getByTestId('builder-back').getAttribute('href')).toBe('/app/admin/esign-templates');
    expect(nameInput().value).toBe('Listing Agreement');
    expect((within(screen.getByTestId('builder-template-picker')).getByRole('combobox') as HTMLInputElement).value).toBe(
      'Listing Agreement',
    );
    expect(screen.getAllByTestId(/^palette-/)).toHaveLength(11);

    // Loaded: the pages take the loading state's place.
    pdf.loading.delete('/files/7.pdf');
    await act(async () => done());
    expect(await screen.findAllByTestId(/^builder-page-\d$/)).toHaveLength(2);
    expect(screen.queryByTestId('builder-pdf-loading')).toBeNull();
    expect(screen.queryByTestId('builder-pdf-error')).toBeNull();
  });

  it('without a templateId it asks to choose one', async () => {
    const api = fakeApi();
    open(api, '/app/admin/esign-templates/template-builder');
    expect((await screen.findByTestId('builder-no-template')).textContent).toBe('Choose a template to edit.');
    expect(api.getTemplate).not.toHaveBeenCalled();
  });
});
