// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RichTextInput } from './RichTextInput';
import { advance, renderInForm, restoreInputTimers, useFakeInputTimers } from './testing';

beforeEach(useFakeInputTimers);
afterEach(() => {
  cleanup();
  restoreInputTimers();
});

const editor = async () => {
  await waitFor(() => expect(document.querySelector('.ProseMirror')).toBeTruthy());
  return document.querySelector('.ProseMirror') as HTMLElement;
};

/** A paste event as browsers give it: files and the clipboard's text/html and text/plain. */
function paste(target: HTMLElement, content: { files?: File[]; html?: string; text?: string }) {
  const data = { html: content.html ?? '', text: content.text ?? '' };
  fireEvent.paste(target, {
    clipboardData: {
      files: content.files ?? [],
      types: [...(content.html ? ['text/html'] : []), ...(content.text ? ['text/plain'] : []), ...(content.files?.length ? ['Files'] : [])],
      getData: (type: string) => (type === 'text/html' ? data.html : type.startsWith('text') ? data.text : ''),
    },
  });
}

describe('RichTextInput', () => {
  it("refuses a pasted image file: nothing inserted, 'Embeded images not allowed' for 3 s", async () => {
    const { values } = renderInForm(<RichTextInput source="body" label="Body" />, { defaultValues: { body: '<p>Keep</p>' } });
    const target = await editor();
    paste(target, { files: [new File(['x'], 'shot.png', { type: 'image/png' })] });
    expect(await screen.findByText('Embeded images not allowed')).toBeTruthy();
    expect(values().body).toBe('<p>Keep</p>');
    await advance(2900);
    expect(screen.queryByText('Embeded images not allowed')).toBeTruthy();
    await advance(1000);
    await waitFor(() => expect(screen.queryByText('Embeded images not allowed')).toBeNull());
  });

  it('refuses pasted HTML with a base64 image', async () => {
    const { values } = renderInForm(<RichTextInput source="body" label="Body" />, { defaultValues: { body: '<p>Keep</p>' } });
    const target = await editor();
    paste(target, { html: '<p>Look <img src="data:image/png;base64,iVBORw0KGgo="></p>', text: 'Look' });
    expect(await screen.findByText('Embeded images not allowed')).toBeTruthy();
    expect(target.innerHTML).not.toContain('Look');
    expect(values().body).toBe('<p>Keep</p>');
  });

  it('takes pasted text but never its event handlers or scripts', async () => {
    const { values } = renderInForm(<RichTextInput source="body" label="Body" />);
    const target = await editor();
    paste(target, { html: '<p onclick="steal()">Hello<script>alert(1)</script></p>', text: 'Hello' });
    await waitFor(() => expect(values().body).toBe('<p>Hello</p>'));
    expect(screen.queryByText('Embeded images not allowed')).toBeNull();
  });

  it('shows a stored value without scripts or handlers', async () => {
    renderInForm(<RichTextInput source="body" label="Body" />, {
      defaultValues: { body: '<p onmouseover="x()">Hi</p><script>alert(1)</script>' },
    });
    const target = await editor();
    await waitFor(() => expect(target.innerHTML).toBe('<p>Hi</p>'));
  });
});
