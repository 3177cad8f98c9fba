// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { advance as wait, renderInForm, restoreInputTimers, useFakeInputTimers } from './testing';
import { WebLinkInput } from './WebLinkInput';

const setup = () => userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
const linkButton = () => screen.getByRole('button', { name: 'Open link in a new tab' }) as HTMLButtonElement;

beforeEach(useFakeInputTimers);
afterEach(() => {
  cleanup();
  restoreInputTimers();
});

describe('WebLinkInput', () => {
  it('checks the link 2 seconds after the last keystroke', async () => {
    const user = setup();
    renderInForm(<WebLinkInput source="website" label="Website" />);
    await user.type(screen.getByLabelText('Website'), 'www.example.com');
    await wait(1999);
    expect(screen.queryByText('The URL must start with "http://" or "https://".')).toBeNull();
    await wait(1);
    expect(screen.getByText('The URL must start with "http://" or "https://".')).toBeTruthy();
  });

  it('restarts the delay on every keystroke', async () => {
    const user = setup();
    renderInForm(<WebLinkInput source="website" label="Website" />);
    const input = screen.getByLabelText('Website');
    await user.type(input, 'https://nope');
    await wait(1500);
    await user.type(input, 'x');
    await wait(1500);
    expect(screen.queryByText('The URL format is invalid.')).toBeNull();
    await wait(500);
    expect(screen.getByText('The URL format is invalid.')).toBeTruthy();
  });

  it('httpsOnly refuses http://', async () => {
    const user = setup();
    renderInForm(<WebLinkInput source="website" label="Website" httpsOnly />);
    await user.type(screen.getByLabelText('Website'), 'http://example.com');
    await wait(2000);
    expect(screen.getByText('The URL must start with "https://".')).toBeTruthy();
  });

  it('keeps the Link button disabled while empty, pending or wrong, and opens a valid link in a new tab', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const user = setup();
    renderInForm(<WebLinkInput source="website" label="Website" />);
    expect(linkButton().disabled).toBe(true);
    const input = screen.getByLabelText('Website');
    await user.type(input, 'https://example.com/a');
    expect(linkButton().disabled).toBe(true);
    await wait(2000);
    expect(linkButton().disabled).toBe(false);
    await user.click(linkButton());
    expect(open).toHaveBeenCalledWith('https://example.com/a', '_blank', 'noopener,noreferrer');

    await user.clear(input);
    await user.type(input, 'ftp://example.com');
    await wait(2000);
    expect(linkButton().disabled).toBe(true);
  });

  it('lets a saved link be opened at once', async () => {
    renderInForm(<WebLinkInput source="website" label="Website" />, { defaultValues: { website: 'https://example.com' } });
    await wait(0);
    expect(linkButton().disabled).toBe(false);
  });
});
