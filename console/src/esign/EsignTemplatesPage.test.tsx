// @vitest-environment jsdom
import type { EsignPacketBlueprint, EsignTemplate } from '@app/contracts';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, defaultI18nProvider, memoryStore, Notification, testDataProvider } from 'react-admin';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toHttpError } from '../dataProvider/httpError';
import { TemplateUploadError } from './api';
import { stubWindowWidth } from '../test/viewport';

const api = vi.hoisted(() => ({
  listTemplates: vi.fn(),
  listPackets: vi.fn(),
  getTransactionTypes: vi.fn(),
  getStorageOptions: vi.fn(),
  uploadTemplate: vi.fn(),
  updateTemplate: vi.fn(),
  cloneTemplate: vi.fn(),
  deleteTemplate: vi.fn(),
  createPacket: vi.fn(),
  updatePacket: vi.fn(),
  deletePacket: vi.fn(),
}));
vi.mock('./index', () => ({ esignApi: api }));

import EsignTemplatesPage from './EsignTemplatesPage';

function buildTemplate(id: number, overrides: Partial<EsignTemplate> = {}): EsignTemplate {
  return {
    esig_template_id: id,
    name: `Template ${id}`,
    type_id: 's',
    storage_paths: { default_document_type: 3, default_storage_path: -1 },
    status: 'N',
    external_id: `own-${id}`,
    updated_ts: '2026-11-20T15:30:00.000Z',
    created_ts: '2026-11-01T10:00:00.000Z',
    document_type_name: 'Disclosure',
    folder_name: 'General',
    ...overrides,
  };
}
const LISTING = buildTemplate(7, { name: 'Listing Agreement' });
const BUYER_REP = buildTemplate(8, { name: 'Buyer Representation', type_id: 'b', document_type_name: null, folder_name: 'Contracts' });
const PAINT = buildTemplate(9, { name: 'Lead Paint Disclosure', type_id: null });

const PACKET: EsignPacketBlueprint = {
  esig_packet_blueprint_id: 4,
  name: 'Seller packet',
  type_id: 's',
  status: 'N',
  templates: [
    { esig_template_id: 7, name: 'Listing Agreement' },
    { esig_template_id: 9, name: 'Lead Paint Disclosure' },
  ],
  updated_ts: '2026-11-20T15:30:00.000Z',
};

const page = <T,>(records: T[], total = records.length) => ({
  records,
  pagination: { total, page: 1, per_page: 25, pages: 1, has_next: false, has_prev: false },
});

const Where = () => {
  const location = useLocation();
  return <div data-testid="builder">{`${location.pathname}${location.search}`}</div>;
};

function open() {
  render(
    <MemoryRouter initialEntries={['/app/admin/esign-templates']}>
      <AdminContext
        store={memoryStore()}
        i18nProvider={defaultI18nProvider}
        basename="/app"
        dataProvider={testDataProvider({ getOne: () => Promise.resolve({ data: { id: 'me', timezone: 'America/Chicago' } }) as never })}
      >
        <Routes>
          <Route path="/app/admin/esign-templates/template-builder" element={<Where />} />
          <Route path="/app/admin/esign-templates/*" element={<EsignTemplatesPage />} />
        </Routes>
        <Notification />
      </AdminContext>
    </MemoryRouter>,
  );
  return userEvent.setup();
}

const lastQuery = (mock: ReturnType<typeof vi.fn>) => Object.fromEntries(new URLSearchParams(String(mock.mock.calls.at(-1)?.[0] ?? '')));
const loaded = (testId = 'esign-templates-table') =>
  waitFor(() => expect(screen.getByTestId(testId).getAttribute('data-loading')).toBe('false'));
const rows = (testId = 'esign-templates-table') => screen.queryAllByTestId(`${testId}-row`);
const toast = async (text: string) => expect(await screen.findByText(text)).toBeTruthy();

beforeEach(() => {
  for (const mock of Object.values(api)) mock.mockReset();
  api.listTemplates.mockResolvedValue(page([LISTING, BUYER_REP, PAINT], 3));
  api.listPackets.mockResolvedValue(page([PACKET]));
  api.getTransactionTypes.mockResolvedValue([
    { id: null, label: 'All' },
    { id: 'b', label: 'Buyer' },
    { id: 's', label: 'Seller' },
  ]);
  api.getStorageOptions.mockResolvedValue({
    folders: [
      { client_document_folder_id: -1, folder_name: 'General', transaction_type: null },
      { client_document_folder_id: 12, folder_name: 'Contracts', transaction_type: 'b' },
    ],
    document_types: [{ team_document_type_id: 3, name: 'Disclosure', team_document_category_id: 1, category_name: 'Seller docs' }],
  });
  stubWindowWidth(1280);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

// Journeys through react-admin forms and MUI menus: room for a loaded 2-core machine (vitest's 15 s is the config's).
const JOURNEY = { timeout: 45_000 };

describe('E-sign templates list', JOURNEY, () => {
  it('loads the templates of status N, 25 by name, and shows the columns of spec 2.4', async () => {
    open();
    await loaded();
    expect(lastQuery(api.listTemplates)).toEqual({ status: 'N', page: '1', per_page: '25', order_by: 'name', order_dir: 'asc' });
    const table = screen.getByTestId('esign-templates-table');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual(['Name', 'Transaction Type', 'Document Type', 'Folder', 'Last Updated', 'Actions']);
    const first = within(rows()[0]);
    expect(first.getByTestId('esign-template-name-text').textContent).toBe('Listing Agreement');
    const cells = rows()[0].querySelectorAll('td');
    expect([...cells].slice(1, 5).map((cell) => cell.textContent)).toEqual(['Seller', 'Disclosure', 'General', '11/20/2026 9:30 AM']);
    expect(rows()[1].querySelector('td[data-field="type_id"]')?.textContent).toBe('Buyer');
    expect(rows()[2].querySelector('td[data-field="type_id"]')?.textContent).toBe('All');
    // Edit opens the builder of the row's template (a real link, no placeholder).
    expect(screen.getByTestId('esign-template-edit-7').getAttribute('href')).toBe(
      '/app/admin/esign-templates/template-builder?templateId=7',
    );
    expect(screen.getByRole('link', { name: 'Edit Listing Agreement' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Clone Listing Agreement' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Delete Listing Agreement' })).toBeTruthy();
  });

  it('toggles between Templates and Packet Templates', async () => {
    const user = open();
    await loaded();
    expect(api.listPackets).not.toHaveBeenCalled();
    await user.click(screen.getByTestId('esign-view-packets'));
    await loaded('esign-packets-table');
    expect(screen.queryByTestId('esign-templates-table')).toBeNull();
    expect(lastQuery(api.listPackets)).toMatchObject({ status: 'N', page: '1', per_page: '25' });
    const headers = within(screen.getByTestId('esign-packets-table'))
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual(['Name', 'Transaction Type', 'Templates', 'Actions']);
    const row = rows('esign-packets-table')[0];
    expect([...row.querySelectorAll('td')].slice(0, 3).map((cell) => cell.textContent)).toEqual([
      'Seller packet',
      'Seller',
      'Listing Agreement, Lead Paint Disclosure',
    ]);
    expect(within(row).getByRole('button', { name: 'Edit Packet Seller packet' })).toBeTruthy();
    expect(screen.getByTestId('esign-view-packets').getAttribute('aria-pressed')).toBe('true');
    await user.click(screen.getByTestId('esign-view-templates'));
    await loaded();
    expect(screen.queryByTestId('esign-packets-table')).toBeNull();
  });

  it('renames a template in place on Enter', async () => {
    api.updateTemplate.mockResolvedValue({ ...LISTING, name: 'Exclusive Listing', updated_ts: '2026-11-21T15:30:00.000Z' });
    const user = open();
    await loaded();
    await user.click(screen.getByTestId('esign-template-rename-7'));
    const input = screen.getByTestId('esign-template-name-input-7') as HTMLInputElement;
    expect(input.value).toBe('Listing Agreement');
    await user.clear(input);
    await user.type(input, 'Exclusive Listing{Enter}');
    await waitFor(() => expect(api.updateTemplate).toHaveBeenCalledWith(7, { name: 'Exclusive Listing' }));
    await toast('Template name saved');
    expect(within(screen.getByTestId('esign-template-name-7')).getByTestId('esign-template-name-text').textContent).toBe(
      'Exclusive Listing',
    );
    expect(rows()[0].querySelector('td[data-field="updated_ts"]')?.textContent).toBe('11/21/2026 9:30 AM');
  });

  it("renames with the check button, refuses a blank name, and shows the server's field error under it", async () => {
    api.updateTemplate.mockRejectedValueOnce(
      toHttpError(400, 'Bad Request', {
        status: 'error',
        message: 'Invalid input',
        errors: [{ field: 'name', error: 'Must be at most 255 characters' }],
      }),
    );
    api.updateTemplate.mockResolvedValueOnce({ ...BUYER_REP, name: 'Buyer Agency' });
    const user = open();
    await loaded();
    await user.click(screen.getByTestId('esign-template-rename-8'));
    const input = screen.getByTestId('esign-template-name-input-8') as HTMLInputElement;
    await user.clear(input);
    await user.click(screen.getByTestId('esign-template-name-save-8'));
    expect(screen.getByTestId('esign-template-name-error-8').textContent).toBe('This field is required');
    expect(api.updateTemplate).not.toHaveBeenCalled();
    await user.type(input, 'Too long by the server');
    await user.click(screen.getByTestId('esign-template-name-save-8'));
    expect((await screen.findByTestId('esign-template-name-error-8')).textContent).toBe('Must be at most 255 characters');
    await user.clear(input);
    await user.type(input, 'Buyer Agency');
    await user.click(screen.getByTestId('esign-template-name-save-8'));
    await waitFor(() => expect(api.updateTemplate).toHaveBeenLastCalledWith(8, { name: 'Buyer Agency' }));
    await waitFor(() => expect(screen.queryByTestId('esign-template-name-input-8')).toBeNull());
    expect(within(screen.getByTestId('esign-template-name-8')).getByTestId('esign-template-name-text').textContent).toBe('Buyer Agency');
    // Escape leaves the name as it was and sends nothing.
    await user.click(screen.getByTestId('esign-template-rename-9'));
    await user.type(screen.getByTestId('esign-template-name-input-9'), ' changed{Escape}');
    expect(screen.queryByTestId('esign-template-name-input-9')).toBeNull();
    expect(api.updateTemplate).toHaveBeenCalledTimes(2);
  });

  it('clones a template and loads the list again', async () => {
    api.cloneTemplate.mockResolvedValue(buildTemplate(10, { name: 'Listing Agreement (Copy)' }));
    const user = open();
    await loaded();
    api.listTemplates.mockResolvedValue(page([LISTING, buildTemplate(10, { name: 'Listing Agreement (Copy)' }), BUYER_REP, PAINT], 4));
    await user.click(screen.getByTestId('esign-template-clone-7'));
    expect(api.cloneTemplate).toHaveBeenCalledWith(7);
    await toast('Template cloned');
    await waitFor(() => expect(rows()).toHaveLength(4));
    expect(api.listTemplates).toHaveBeenCalledTimes(2);
  });

  it('clones once per click while the clone is on its way (a double click makes one copy)', async () => {
    let finish!: () => void;
    api.cloneTemplate.mockImplementation(
      () => new Promise((resolve) => (finish = () => resolve(buildTemplate(10, { name: 'Listing Agreement (Copy)' })))),
    );
    const user = open();
    await loaded();
    const button = screen.getByTestId('esign-template-clone-7') as HTMLButtonElement;
    await user.dblClick(button);
    expect(api.cloneTemplate).toHaveBeenCalledTimes(1);
    expect(button.disabled).toBe(true);
    finish();
    await toast('Template cloned');
    await waitFor(() => expect((screen.getByTestId('esign-template-clone-7') as HTMLButtonElement).disabled).toBe(false));
  });

  it("asks 'Do you want to delete this template?' before deleting, and shows the server's 409 naming the packets", async () => {
    const user = open();
    await loaded();
    await user.click(screen.getByTestId('esign-template-delete-9'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Do you want to delete this template?')).toBeTruthy();
    // Cancel deletes nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.deleteTemplate).not.toHaveBeenCalled();

    const inPackets = "This template is used by the packet 'Seller packet'. Remove it from that packet first.";
    api.deleteTemplate.mockRejectedValueOnce(toHttpError(409, 'Conflict', { status: 'error', message: inPackets }));
    await user.click(screen.getByTestId('esign-template-delete-7'));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(api.deleteTemplate).toHaveBeenCalledWith(7);
    await toast(inPackets);
    expect(rows()).toHaveLength(3);

    api.deleteTemplate.mockResolvedValueOnce(null);
    api.listTemplates.mockResolvedValue(page([LISTING, BUYER_REP], 2));
    await user.click(screen.getByTestId('esign-template-delete-9'));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await toast('Template deleted');
    await waitFor(() => expect(rows()).toHaveLength(2));
  });

  it('asks the same question before deleting a packet', async () => {
    api.deletePacket.mockResolvedValue(null);
    const user = open();
    await user.click(await screen.findByTestId('esign-view-packets'));
    await loaded('esign-packets-table');
    await user.click(screen.getByTestId('esign-packet-delete-4'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Do you want to delete this template?')).toBeTruthy();
    api.listPackets.mockResolvedValue(page([]));
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(api.deletePacket).toHaveBeenCalledWith(4);
    await toast('Packet deleted');
    expect((await screen.findByTestId('esign-packets-table-empty')).textContent).toBe('No packet templates found');
  });

  it('creates a packet with its templates in the order arranged', async () => {
    api.createPacket.mockResolvedValue({ ...PACKET, esig_packet_blueprint_id: 5 });
    const user = open();
    await loaded();
    await user.click(screen.getByTestId('esign-create-packet'));
    const dialog = await screen.findByTestId('esign-packet-dialog');
    // Nothing filled: the spec's words, and nothing sent.
    await user.click(within(dialog).getByTestId('esign-packet-save'));
    await waitFor(() =>
      expect(within(dialog).getByTestId('esign-packet-templates-error').textContent).toBe('Choose at least one template'),
    );
    expect(within(dialog).getByText('This field is required')).toBeTruthy();
    expect(api.createPacket).not.toHaveBeenCalled();

    await user.type(within(dialog).getByLabelText(/Packet name/), 'Seller packet');
    await user.click(within(dialog).getByLabelText('Seller'));
    const search = within(dialog).getByTestId('esign-packet-template-search');
    await user.click(search);
    await user.click(await screen.findByRole('option', { name: 'Listing Agreement' }));
    await user.click(search);
    await user.click(await screen.findByRole('option', { name: 'Lead Paint Disclosure' }));
    // The templates the picker asks for: status N, 100 at a time.
    expect(lastQuery(api.listTemplates)).toMatchObject({ status: 'N', per_page: '100' });
    const order = () =>
      within(dialog)
        .getAllByTestId('esign-packet-order-item')
        .map((item) => item.getAttribute('data-id'));
    expect(order()).toEqual(['7', '9']);
    await user.click(within(dialog).getByRole('button', { name: 'Move up Lead Paint Disclosure' }));
    expect(order()).toEqual(['9', '7']);
    await user.click(within(dialog).getByTestId('esign-packet-save'));
    await waitFor(() => expect(api.createPacket).toHaveBeenCalledWith({ name: 'Seller packet', type_id: 's', templates: [9, 7] }));
    await toast('Packet created');
    // The new packet shows on the Packet Templates view.
    await loaded('esign-packets-table');
    expect(screen.queryByTestId('esign-packet-dialog')).toBeNull();
  });

  it('says when the packet picker could not load the templates (not No results found)', async () => {
    const user = open();
    await loaded();
    api.listTemplates.mockRejectedValueOnce(toHttpError(503, 'Service Unavailable', { message: 'Service unavailable' }));
    await user.click(screen.getByTestId('esign-create-packet'));
    const dialog = await screen.findByTestId('esign-packet-dialog');
    await user.click(within(dialog).getByTestId('esign-packet-template-search'));
    expect(await screen.findByText('The templates could not be loaded. Type to try again.')).toBeTruthy();
    expect(screen.queryByText('No results found')).toBeNull();
    // Typing asks again.
    await user.type(within(dialog).getByTestId('esign-packet-template-search'), 'List');
    expect(await screen.findByRole('option', { name: 'Listing Agreement' })).toBeTruthy();
  });

  it('edits a packet: its values loaded, reordered and a template removed', async () => {
    api.updatePacket.mockResolvedValue(PACKET);
    const user = open();
    await user.click(await screen.findByTestId('esign-view-packets'));
    await loaded('esign-packets-table');
    await user.click(screen.getByTestId('esign-packet-edit-4'));
    const dialog = await screen.findByTestId('esign-packet-dialog');
    expect(within(dialog).getByText('Edit Packet')).toBeTruthy();
    expect((within(dialog).getByLabelText(/Packet name/) as HTMLInputElement).value).toBe('Seller packet');
    expect((within(dialog).getByLabelText('Seller') as HTMLInputElement).checked).toBe(true);
    await user.click(within(dialog).getByRole('button', { name: 'Move down Listing Agreement' }));
    const search = within(dialog).getByTestId('esign-packet-template-search');
    await user.click(search);
    // Templates already in the packet are not offered again.
    expect(screen.queryByRole('option', { name: 'Listing Agreement' })).toBeNull();
    await user.click(await screen.findByRole('option', { name: 'Buyer Representation' }));
    await user.click(within(dialog).getByRole('button', { name: 'Remove Listing Agreement' }));
    // The server's field error about the templates shows under the list.
    api.updatePacket.mockRejectedValueOnce(
      toHttpError(400, 'Bad Request', {
        status: 'error',
        message: 'Invalid input',
        errors: [{ field: 'templates[1]', error: 'Choose templates of your team' }],
      }),
    );
    await user.click(within(dialog).getByTestId('esign-packet-save'));
    await waitFor(() =>
      expect(within(dialog).getByTestId('esign-packet-templates-error').textContent).toBe('Choose templates of your team'),
    );
    await user.click(within(dialog).getByTestId('esign-packet-save'));
    await waitFor(() => expect(api.updatePacket).toHaveBeenLastCalledWith(4, { name: 'Seller packet', type_id: 's', templates: [9, 8] }));
    await toast('Packet saved');
  });

  it('searches both lists with quick_search_filter, from page 1', async () => {
    api.listTemplates.mockResolvedValue(page([LISTING, BUYER_REP, PAINT], 60));
    const user = open();
    await loaded();
    await user.click(screen.getByTestId('esign-templates-table-next-page'));
    await waitFor(() => expect(lastQuery(api.listTemplates).page).toBe('2'));
    await user.type(screen.getByTestId('esign-templates-search'), 'Seller{Enter}');
    await waitFor(() =>
      expect(lastQuery(api.listTemplates)).toEqual({
        status: 'N',
        page: '1',
        per_page: '25',
        order_by: 'name',
        order_dir: 'asc',
        quick_search_filter: 'Seller',
      }),
    );
    await user.click(screen.getByTestId('esign-view-packets'));
    await waitFor(() => expect(lastQuery(api.listPackets)).toMatchObject({ quick_search_filter: 'Seller', page: '1', status: 'N' }));
  });

  it('searches once typing settles, with the whole text', async () => {
    open();
    await loaded();
    const search = screen.getByTestId('esign-templates-search');
    for (const text of ['b', 'bu', 'buy']) fireEvent.change(search, { target: { value: text } });
    await waitFor(() => expect(lastQuery(api.listTemplates).quick_search_filter).toBe('buy'), { timeout: 3000 });
    const searched = api.listTemplates.mock.calls.map(([query]) => new URLSearchParams(String(query)).get('quick_search_filter'));
    expect(searched.filter((text) => text !== null)).toEqual(['buy']);
  });

  it('offers 10, 25, 50 and 100 rows and sorts by a column', async () => {
    const user = open();
    await loaded();
    await user.click(within(screen.getByTestId('esign-templates-table-pagination')).getByRole('combobox'));
    const options = (await screen.findAllByRole('option')).map((option) => option.textContent);
    expect(options).toEqual(['10', '25', '50', '100']);
    await user.click(screen.getByRole('option', { name: '50' }));
    await waitFor(() => expect(lastQuery(api.listTemplates)).toMatchObject({ per_page: '50', page: '1' }));
    await user.click(screen.getByTestId('esign-templates-table-sort-updated_ts'));
    await waitFor(() => expect(lastQuery(api.listTemplates)).toMatchObject({ order_by: 'updated_ts', order_dir: 'asc' }));
    await user.click(screen.getByTestId('esign-templates-table-sort-updated_ts'));
    await waitFor(() => expect(lastQuery(api.listTemplates)).toMatchObject({ order_by: 'updated_ts', order_dir: 'desc' }));
  });

  it('shows cards with their actions below 768 px, and the table from 768 px', async () => {
    stubWindowWidth(390);
    const user = open();
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(screen.getByTestId('esign-templates-table').getAttribute('data-layout')).toBe('cards');
    expect(screen.queryByRole('table')).toBeNull();
    const card = within(rows()[0]);
    expect(card.getByText('Transaction Type:')).toBeTruthy();
    expect(card.getByRole('link', { name: 'Edit Listing Agreement' })).toBeTruthy();
    expect(card.getByRole('button', { name: 'Clone Listing Agreement' })).toBeTruthy();
    await user.click(within(screen.getByTestId('esign-templates-table-pagination')).getByRole('combobox'));
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual(['10', '25', '50', '100']);
    cleanup();

    stubWindowWidth(768);
    open();
    await loaded();
    expect(screen.getByTestId('esign-templates-table').parentElement?.getAttribute('data-layout')).toBe('table');
    expect(screen.getByRole('table')).toBeTruthy();
  });

  it('shows the loading, empty and error states', async () => {
    let answer: (value: unknown) => void = () => undefined;
    api.listTemplates.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    const user = open();
    expect((await screen.findAllByTestId('esign-templates-table-loading')).length).toBeGreaterThan(0);
    answer(page([]));
    expect((await screen.findByTestId('esign-templates-table-empty')).textContent).toBe('No templates found');
    cleanup();

    api.listTemplates.mockRejectedValueOnce(
      toHttpError(503, 'Service Unavailable', { status: 'error', message: 'Server error please try again.' }),
    );
    open();
    expect((await screen.findByTestId('esign-templates-table-error')).textContent).toContain('Server error please try again.');
    await user.click(screen.getByTestId('esign-templates-table-retry'));
    await waitFor(() => expect(rows()).toHaveLength(3));
  });
});

describe('Add Template', JOURNEY, () => {
  const pdf = () => new File(['%PDF-1.7 test'], 'Seller Disclosure.pdf', { type: 'application/pdf' });
  const chooseFile = (file: File) => fireEvent.change(screen.getByTestId('esign-template-file-input'), { target: { files: [file] } });

  async function chooseFolder(user: ReturnType<typeof userEvent.setup>, name: string) {
    await user.click(screen.getByRole('combobox', { name: /Folder/ }));
    await user.click(await screen.findByRole('option', { name }));
  }

  it("requires the PDF, the name and the folder, in the spec's words, sending nothing", async () => {
    const user = open();
    await loaded();
    await user.click(screen.getByTestId('esign-add-template'));
    const dialog = await screen.findByTestId('esign-add-template-dialog');
    await user.click(within(dialog).getByTestId('esign-add-template-save'));
    await waitFor(() => expect(within(dialog).getAllByText('This field is required')).toHaveLength(3));
    expect(within(dialog).getByTestId('esign-template-file-error').textContent).toBe('This field is required');
    chooseFile(new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    await waitFor(() => expect(within(dialog).getByTestId('esign-template-file-error').textContent).toBe('The file must be a PDF'));
    expect(api.uploadTemplate).not.toHaveBeenCalled();
  });

  it('uploads the PDF with its progress, creates the template and opens the builder', async () => {
    let progress: (loaded: number, total: number) => void = () => undefined;
    let finish: (template: EsignTemplate) => void = () => undefined;
    api.uploadTemplate.mockImplementation((_file, _fields, onProgress) => {
      progress = onProgress;
      return new Promise((resolve) => (finish = resolve));
    });
    const user = open();
    await loaded();
    await user.click(screen.getByTestId('esign-add-template'));
    const dialog = await screen.findByTestId('esign-add-template-dialog');
    const file = pdf();
    chooseFile(file);
    // The file's name fills the empty template name.
    await waitFor(() => expect((within(dialog).getByLabelText(/Template name/) as HTMLInputElement).value).toBe('Seller Disclosure'));
    expect(within(dialog).getByTestId('esign-template-file-name').textContent).toBe('Seller Disclosure.pdf');
    await chooseFolder(user, 'Contracts');
    await user.click(within(dialog).getByLabelText('Buyer'));
    await user.click(screen.getByRole('combobox', { name: /Document Type/ }));
    await user.click(await screen.findByRole('option', { name: 'Disclosure' }));
    await user.click(within(dialog).getByTestId('esign-add-template-save'));
    await waitFor(() => expect(api.uploadTemplate).toHaveBeenCalled());
    expect(api.uploadTemplate.mock.calls[0][0]).toBe(file);
    expect(api.uploadTemplate.mock.calls[0][1]).toEqual({
      name: 'Seller Disclosure',
      storage_folder_id: 12,
      type_id: 'b',
      default_document_type: 3,
    });
    progress(45, 100);
    await waitFor(() => expect(within(dialog).getByTestId('esign-upload-progress').getAttribute('data-progress')).toBe('45'));
    expect(within(dialog).getByText('Uploading… 45%')).toBeTruthy();
    expect(within(dialog).getByRole('progressbar', { name: 'Upload progress' }).getAttribute('aria-valuenow')).toBe('45');
    expect((within(dialog).getByTestId('esign-add-template-save') as HTMLButtonElement).disabled).toBe(true);
    progress(100, 100);
    finish(buildTemplate(31, { name: 'Seller Disclosure' }));
    expect((await screen.findByTestId('builder')).textContent).toBe('/app/admin/esign-templates/template-builder?templateId=31');
  });

  it("puts the server's field errors on their fields: a refused file under the file, the others under theirs", async () => {
    api.uploadTemplate.mockRejectedValueOnce(
      new TemplateUploadError(
        'upload',
        toHttpError(400, 'Bad Request', {
          status: 'error',
          message: 'The file must be a PDF',
          errors: [{ field: 'key', error: 'The file must be a PDF' }],
        }),
      ),
    );
    api.uploadTemplate.mockRejectedValueOnce(
      new TemplateUploadError(
        'create',
        toHttpError(400, 'Bad Request', {
          status: 'error',
          message: 'Invalid input',
          errors: [{ field: 'storage_folder_id', error: 'Choose a folder of your team' }],
        }),
      ),
    );
    const user = open();
    await loaded();
    await user.click(screen.getByTestId('esign-add-template'));
    const dialog = await screen.findByTestId('esign-add-template-dialog');
    chooseFile(pdf());
    await chooseFolder(user, 'General');
    await user.click(within(dialog).getByTestId('esign-add-template-save'));
    await waitFor(() => expect(within(dialog).getByTestId('esign-template-file-error').textContent).toBe('The file must be a PDF'));
    chooseFile(pdf());
    await waitFor(() => expect(within(dialog).queryByTestId('esign-template-file-error')).toBeNull());
    await user.click(within(dialog).getByTestId('esign-add-template-save'));
    expect(await within(dialog).findByText('Choose a folder of your team')).toBeTruthy();
    expect(api.uploadTemplate).toHaveBeenCalledTimes(2);
    expect(screen.queryByTestId('builder')).toBeNull();
  });

  it('says when the folders and document types could not be loaded, and loads them again on Retry', async () => {
    api.getStorageOptions.mockRejectedValueOnce(toHttpError(503, 'Service Unavailable', { message: 'Service unavailable' }));
    const user = open();
    await loaded();
    await user.click(screen.getByTestId('esign-add-template'));
    const dialog = await screen.findByTestId('esign-add-template-dialog');
    const alert = await within(dialog).findByTestId('esign-storage-options-error');
    expect(alert.textContent).toContain('The folders and document types could not be loaded.');
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(within(dialog).queryByTestId('esign-storage-options-error')).toBeNull());
    expect(api.getStorageOptions).toHaveBeenCalledTimes(2);
    await chooseFolder(user, 'Contracts');
  });
});
