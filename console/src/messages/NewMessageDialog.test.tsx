// @vitest-environment jsdom
import type { MentionOption } from '@app/contracts';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, HttpError, memoryStore, Notification } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NewMessageDialog } from './NewMessageDialog';
import { buildDm, stubEditorLayout } from './testing';

vi.mock('./index', () => ({ messagesApi: {} }));

const tina: MentionOption = { type: 'user', id: 12, label: 'Tina Coordinator', profile_image: null };

function setup() {
  const api = {
    createDirectMessage: vi.fn(async (_request: { dm_value: string }) => buildDm(50)),
    getMentionOptions: vi.fn(async (_term: string): Promise<MentionOption[]> => [
      tina,
      { type: 'group', id: 'tcs', label: 'tcs', profile_image: null },
    ]),
  };
  const onClose = vi.fn();
  const onSent = vi.fn();
  render(
    <AdminContext store={memoryStore()}>
      <NewMessageDialog open onClose={onClose} onSent={onSent} api={api} />
      <Notification />
    </AdminContext>,
  );
  return { api, onClose, onSent, user: userEvent.setup() };
}

const editor = async () => {
  await waitFor(() => expect(document.querySelector('.ProseMirror')).toBeTruthy());
  return document.querySelector('.ProseMirror') as HTMLElement;
};

/** Types into the editor as its commands do (jsdom has no layout for real key strokes in ProseMirror). */
const typeIn = (box: HTMLElement, text: string) =>
  act(async () => {
    (
      box as unknown as { editor: { commands: { focus: (at: string) => void; insertContent: (text: string) => void } } }
    ).editor.commands.insertContent(text);
  });

afterEach(cleanup);
beforeEach(() => {
  vi.clearAllMocks();
  stubEditorLayout();
});

describe('NewMessageDialog', () => {
  it("labels the box Send Message with the spec's placeholder and offers the five groups", async () => {
    setup();
    const box = await editor();
    expect(box.getAttribute('aria-label')).toBe('Send Message');
    expect(box.getAttribute('aria-placeholder')).toBe('Message a user or group, type @ to begin');
    expect(['all', 'team', 'agents', 'isas', 'tcs'].map((group) => screen.getByTestId(`mention-group-${group}`).textContent)).toEqual([
      '@all',
      '@team',
      '@agents',
      '@isas',
      '@tcs',
    ]);
  });

  it("sends a clicked group as a mention and says 'Message has been sent'", async () => {
    const { api, onClose, onSent, user } = setup();
    await editor();
    await user.click(screen.getByTestId('mention-group-tcs'));
    await waitFor(() => expect((document.querySelector('.ProseMirror') as HTMLElement).textContent).toContain('@tcs'));
    await user.click(screen.getByTestId('editor-submit'));
    await waitFor(() => expect(api.createDirectMessage).toHaveBeenCalled());
    expect(api.createDirectMessage.mock.calls[0]).toEqual([
      { dm_value: expect.stringContaining('<span data-mention="group:tcs">@tcs</span>') },
    ]);
    expect(await screen.findByText('Message has been sent')).toBeTruthy();
    expect(onClose).toHaveBeenCalled();
    expect(onSent).toHaveBeenCalledWith(expect.objectContaining({ dm_id: 50 }));
  });

  it('suggests people after @ and inserts the one picked as a user mention', async () => {
    const { api, user } = setup();
    const box = await editor();
    await typeIn(box, '@Ti');
    expect(await screen.findByTestId('mention-option-user-12', {}, { timeout: 3000 })).toBeTruthy();
    expect(api.getMentionOptions).toHaveBeenLastCalledWith('Ti');
    fireEvent.mouseDown(screen.getByTestId('mention-option-user-12'));
    await waitFor(() => expect(box.textContent).toContain('@Tina Coordinator'));
    await user.click(screen.getByTestId('editor-submit'));
    await waitFor(() => expect(api.createDirectMessage).toHaveBeenCalled());
    expect(api.createDirectMessage.mock.calls[0][0]).toEqual({
      dm_value: expect.stringContaining('<span data-mention="user:12">@Tina Coordinator</span>'),
    });
  });

  it("shows the server's refusal under the box and keeps the dialog open", async () => {
    const { api, onClose, user } = setup();
    api.createDirectMessage.mockRejectedValue(
      new HttpError('Validation failed', 400, {
        message: 'Validation failed',
        errors: { dm_value: 'Mention a user or group to send this message' },
      }),
    );
    const box = await editor();
    await typeIn(box, 'Hello');
    await act(async () => {
      await user.click(screen.getByTestId('editor-submit'));
    });
    expect(await screen.findByText('Mention a user or group to send this message')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('draws the placeholder while the box is empty: the ::before reads data-placeholder from its own element', async () => {
    setup();
    const box = await editor();
    await waitFor(() => expect(box.getAttribute('data-empty')).toBe('true'));
    // The rule that draws it (CSS attr() reads the attribute of the element the pseudo-element belongs to).
    const css = Array.from(document.querySelectorAll('style'))
      .map((style) => style.textContent ?? '')
      .join('\n');
    const rules = [...css.matchAll(/([^{}]+)\{[^{}]*content:\s*attr\(data-placeholder\)[^{}]*\}/g)].map((match) => match[1].trim());
    expect(rules.length).toBeGreaterThan(0);
    const drawnOn = rules.flatMap((selector) => Array.from(document.querySelectorAll(selector.replace(/::?before\s*$/, ''))));
    expect(drawnOn.length).toBeGreaterThan(0);
    for (const element of drawnOn) expect(element.getAttribute('data-placeholder')).toBe('Message a user or group, type @ to begin');
  });
});
