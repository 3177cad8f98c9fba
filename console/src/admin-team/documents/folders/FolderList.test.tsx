// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, memoryStore, Notification } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createDataProvider } from '../../../dataProvider/dataProvider';
import { RESOURCES } from '../../../dataProvider/resources';
import { jsonResponse } from '../../../test/factories';
import FolderList from './FolderList';

const folder = (id: number, folder_name: string, transaction_type: 'b' | 's' | null = null) => ({
  client_document_folder_id: id,
  folder_name,
  transaction_type,
  client_visible: false,
  vendor_visible: false,
  system: id < 0,
});

// Submitted as the Save button does (react-admin's SaveButton click does not reach the form in jsdom).
const save = (dialog: HTMLElement) => fireEvent.submit(dialog.querySelector('form')!);

/** The screen on the real data provider over a fake API (the wire is dataProvider/resources.test.ts's). */
function open(respond: (url: string, init?: RequestInit) => Response) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => respond(url, init));
  render(
    <AdminContext store={memoryStore()} dataProvider={createDataProvider({ fetch: fetchMock, resources: RESOURCES })}>
      <FolderList />
      <Notification />
    </AdminContext>,
  );
  return fetchMock;
}

afterEach(cleanup);

describe('FolderList', () => {
  it('lists the folders, adds one in its place, and puts a 422 field error under its input', async () => {
    const user = userEvent.setup();
    let created = false;
    open((_url, init) => {
      if (init?.method === 'POST') {
        const body = JSON.parse(String(init.body)) as { folder_name: string };
        if (body.folder_name === 'Photos') {
          return jsonResponse(422, {
            status: 'error',
            message: 'Validation failed',
            errors: [{ field: 'folder_name', error: 'A folder with this name already exists' }],
          });
        }
        created = true;
        return jsonResponse(200, { status: 'success', message: 'Folder Created', record: folder(9, body.folder_name) });
      }
      return jsonResponse(200, { records: [folder(-1, 'Contracts'), folder(3, 'Photos'), ...(created ? [folder(9, 'Appraisal')] : [])] });
    });

    expect(await screen.findByTestId('folder-row-3')).toBeTruthy();
    expect(screen.getByTestId('folder-locked--1')).toBeTruthy();

    await user.click(screen.getByTestId('folder-add'));
    const dialog = await screen.findByTestId('folder-dialog');
    await user.type(within(dialog).getByRole('textbox'), 'Photos');
    save(dialog);
    expect(await within(dialog).findByText('A folder with this name already exists')).toBeTruthy();

    await user.clear(within(dialog).getByRole('textbox'));
    await user.type(within(dialog).getByRole('textbox'), 'Appraisal');
    save(dialog);
    await waitFor(() => expect(screen.queryByTestId('folder-dialog')).toBeNull());
    expect(await screen.findByText('Folder Created')).toBeTruthy();
    const names = screen.getAllByTestId(/^folder-row-/).map((row) => row.getAttribute('data-folder-name'));
    expect(names).toEqual(['Contracts', 'Appraisal', 'Photos']);
  });
});
