// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AdminContext, memoryStore } from 'react-admin';
import { afterEach, describe, expect, it } from 'vitest';
import { HelpTooltip } from './HelpTooltip';
import { tooltipStore } from './tooltipStore';

afterEach(cleanup);

const renderAs = (permissions: string[]) =>
  render(
    <AdminContext
      store={memoryStore()}
      authProvider={{
        login: async () => undefined,
        logout: async () => undefined,
        checkAuth: async () => undefined,
        checkError: async () => undefined,
        getPermissions: async () => ({ roles: ['ADMIN'], permissions }),
      }}
    >
      <HelpTooltip tooltipKey="contacts" />
    </AdminContext>,
  );

describe('HelpTooltip', () => {
  it('shows nothing until its tooltip is loaded, then the ? icon with the sanitised content', async () => {
    renderAs([]);
    expect(screen.queryByTestId('help-tooltip-contacts')).toBeNull();
    act(() =>
      tooltipStore.merge({
        '108': { id: 108, content: '<p>Your <strong>contacts</strong><script>alert(1)</script></p>', position: 'right' },
      }),
    );
    fireEvent.click(await screen.findByTestId('help-tooltip-contacts'));
    const content = await screen.findByTestId('help-tooltip-content-108');
    expect(content.innerHTML).toContain('<strong>contacts</strong>');
    expect(content.innerHTML).not.toContain('script');
    expect(screen.queryByTestId('help-tooltip-edit-108')).toBeNull();
  });

  it('links to the back-office page for users with manage_tooltips', async () => {
    act(() => tooltipStore.merge({ '108': { id: 108, content: '<p>Help</p>', position: 'top' } }));
    renderAs(['manage_tooltips']);
    fireEvent.click(await screen.findByTestId('help-tooltip-contacts'));
    // The test's AdminContext routes with a hash; the console's BrowserRouter gives the plain path.
    expect((await screen.findByTestId('help-tooltip-edit-108')).getAttribute('href')).toMatch(/^#?\/app\/backoffice\/tooltips\/108$/);
  });

  it('stays open when the mouse that opened it by hovering then clicks the icon', async () => {
    act(() => tooltipStore.merge({ '108': { id: 108, content: '<p>Hover help</p>', position: 'top' } }));
    renderAs([]);
    const icon = await screen.findByTestId('help-tooltip-contacts');
    fireEvent.mouseOver(icon);
    await screen.findByTestId('help-tooltip-content-108');
    fireEvent.click(icon);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.getByTestId('help-tooltip-content-108').textContent).toContain('Hover help');
  });

  it('opened by a click, stays while the pointer leaves for its link, and closes on a click elsewhere', async () => {
    act(() => tooltipStore.merge({ '108': { id: 108, content: '<p>Pinned help</p>', position: 'right' } }));
    renderAs(['manage_tooltips']);
    const icon = await screen.findByTestId('help-tooltip-contacts');
    fireEvent.click(icon);
    await screen.findByTestId('help-tooltip-edit-108');
    fireEvent.mouseLeave(icon);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.getByTestId('help-tooltip-edit-108')).toBeTruthy();
    fireEvent.click(document.body);
    await waitFor(() => expect(screen.queryByTestId('help-tooltip-content-108')).toBeNull());
  });
});
