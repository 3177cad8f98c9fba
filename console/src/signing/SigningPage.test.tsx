// @vitest-environment jsdom
import type { EsignSigningSession } from '@app/contracts';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../test/factories';
import { buildField, buildSession } from './testSession';

// jsdom draws no PDF and has no canvas: the pages are empty boxes, the signature pad a stand-in that
// "draws" on a pointer press and hands back a fixed PNG.
// react-pdf 11 suspends while a PDF loads and throws one it cannot read: the stand-in does both on demand.
const pdf = vi.hoisted(() => ({ mode: 'ready' as 'ready' | 'loading' | 'broken' }));
vi.mock('../esign/builder/PdfView', async () => {
  const React = await import('react');
  const never = new Promise<never>(() => undefined);
  return {
    PdfDocument: ({ children }: { children: React.ReactNode }) => {
      if (pdf.mode === 'broken') throw new Error('Invalid PDF structure.');
      if (pdf.mode === 'loading') React.use(never);
      return <div>{children}</div>;
    },
    PdfPageCanvas: ({ pageNumber }: { pageNumber: number }) => <canvas data-testid={`pdf-canvas-${pageNumber}`} />,
  };
});
const DRAWN_PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const pad = vi.hoisted(() => ({ image: '' }));
vi.mock('react-signature-canvas', async () => {
  const React = await import('react');
  class FakeSignatureCanvas extends React.Component<{ canvasProps?: Record<string, unknown>; onBegin?: () => void; onEnd?: () => void }> {
    drawn = false;
    isEmpty = () => !this.drawn;
    clear = () => {
      this.drawn = false;
    };
    getTrimmedCanvas = () => ({ toDataURL: (type: string) => (type === 'image/png' ? pad.image : '') });
    render() {
      return React.createElement('canvas', {
        ...this.props.canvasProps,
        onPointerDown: () => {
          this.props.onBegin?.();
          this.drawn = true;
          this.props.onEnd?.();
        },
      });
    }
  }
  return { default: FakeSignatureCanvas };
});

import SigningPage from './SigningPage';

type Handler = (url: string, init: RequestInit) => Response | Promise<Response>;
let calls: { url: string; init: RequestInit }[] = [];

/** fetch answers the session for GET and `post` for the POSTs. */
function serve(session: EsignSigningSession | Response, post?: Handler) {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      calls.push({ url, init });
      if ((init.method ?? 'GET') === 'GET') return session instanceof Response ? session : jsonResponse(200, session);
      return post ? post(url, init) : jsonResponse(500, { status: 'error', message: 'unexpected' });
    }),
  );
}

const posts = () => calls.filter((call) => call.init.method === 'POST');
const bodyOf = (call: { init: RequestInit }) => JSON.parse(String(call.init.body));

const open = (token = 'tok-1') =>
  render(
    <MemoryRouter initialEntries={[`/sign/${token}`]}>
      <Routes>
        <Route path="/sign/:token" element={<SigningPage />} />
      </Routes>
    </MemoryRouter>,
  );

const field = (uuid: string) => screen.getByTestId(`signing-field-${uuid}`);
/** The control inside a field's box (its input, select or button). */
const control = (uuid: string) => field(uuid).querySelector('input, select, button') as HTMLInputElement;
const type = (uuid: string, value: string) => {
  fireEvent.focus(control(uuid));
  fireEvent.change(control(uuid), { target: { value } });
  fireEvent.blur(control(uuid));
};
const tickConsent = () => fireEvent.click(screen.getByTestId('signing-consent'));

async function signTyped(uuid: string, text: string) {
  fireEvent.click(control(uuid));
  const dialog = await screen.findByTestId('signature-dialog');
  fireEvent.click(within(dialog).getByTestId('signature-type-tab'));
  fireEvent.change(within(dialog).getByTestId('signature-typed-input'), { target: { value: text } });
  fireEvent.click(within(dialog).getByTestId('signature-apply'));
  await waitFor(() => expect(screen.queryByTestId('signature-dialog')).toBeNull());
}

async function signDrawn(uuid: string) {
  fireEvent.click(control(uuid));
  const dialog = await screen.findByTestId('signature-dialog');
  fireEvent.pointerDown(within(dialog).getByTestId('signature-canvas'));
  fireEvent.click(within(dialog).getByTestId('signature-apply'));
  await waitFor(() => expect(screen.queryByTestId('signature-dialog')).toBeNull());
}

/** Every required field filled with an acceptable value (and a few optional ones). */
async function fillAll() {
  type('f-name', 'Jane Q. Buyer');
  type('f-phone', '(555) 123-4567');
  type('f-price', '1,500.50');
  type('f-count', '2');
  fireEvent.click(control('f-agree'));
  fireEvent.click(control('f-extras'));
  const choices = await screen.findByTestId('choices-dialog');
  fireEvent.click(within(choices).getByTestId('choice-opt-Fridge'));
  fireEvent.click(within(choices).getByTestId('choice-opt-Dryer'));
  fireEvent.click(within(choices).getByTestId('choices-apply'));
  await waitFor(() => expect(screen.queryByTestId('choices-dialog')).toBeNull());
  fireEvent.change(control('f-close'), { target: { value: '45 days' } });
  type('f-move', '01/04/2025');
  await signDrawn('f-sign');
  await signTyped('f-init', 'JQB');
}

const today = () => {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
};

beforeEach(() => {
  pad.image = DRAWN_PNG;
  pdf.mode = 'ready';
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('SigningPage (/sign/{token})', () => {
  it("loads the link's session without an account, then shows the signer's inputs and the others' values read-only", async () => {
    serve(buildSession());
    open('Ab_9-x');
    expect(screen.getByTestId('signing-loading')).toBeTruthy();
    await screen.findByTestId('signing-field-f-name');
    expect(calls[0].url).toBe('/api/esign/sign/Ab_9-x');
    expect(calls[0].init.credentials).toBe('omit');
    expect(new Headers(calls[0].init.headers).has('Authorization')).toBe(false);
    expect(document.title).toBe('Sign: Purchase Agreement · Realty');
    expect(screen.getByTestId('signing-title').textContent).toBe('Sign: Purchase Agreement');
    expect(screen.getByTestId('signing-page').getAttribute('data-state')).toBe('open');

    // Own fields: inputs named by their titles.
    expect(screen.getByLabelText('Buyer name').tagName).toBe('INPUT');
    expect((screen.getByLabelText('Offer price') as HTMLInputElement).placeholder).toBe('$0.00');
    expect((screen.getByLabelText('Move-in date') as HTMLInputElement).placeholder).toBe('DD/MM/YYYY');
    expect(screen.getByLabelText('Closing').tagName).toBe('SELECT');
    expect(screen.getByLabelText('Buyer signature: Sign').tagName).toBe('BUTTON');
    expect(screen.getByLabelText('Included items: Choose').tagName).toBe('BUTTON');
    expect((screen.getByLabelText('Financing contingency') as HTMLInputElement).type).toBe('checkbox');
    for (const element of screen.getByTestId('signing-page').querySelectorAll('input:not([type=hidden]), select, textarea')) {
      const name = element.getAttribute('aria-label') ?? element.closest('label')?.textContent;
      expect(name, element.outerHTML).toBeTruthy();
    }
    // Others' values read-only; a field of another signer without a value shows nothing.
    expect(field('f-seller').textContent).toBe('Sam Seller');
    expect(field('f-seller').querySelector('input')).toBeNull();
    expect(field('f-address').textContent).toBe('12 Elm Street');
    expect(screen.queryByTestId('signing-field-f-seller-sign')).toBeNull();
    // The signing date: today, read-only.
    const [y, m, d] = today().split('-');
    expect(field('f-today').textContent).toBe(`${m}/${d}/${y}`);
    expect(field('f-today').querySelector('input')).toBeNull();
    // Both pages, each drawn from its PDF.
    expect(screen.getByTestId('signing-page-2')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('pdf-canvas-2')).toBeTruthy());
    expect(screen.getByTestId('signing-page-2').contains(screen.getByTestId('pdf-canvas-2'))).toBe(true);
    expect(screen.getByTestId('signing-progress').textContent).toBe('0 of 8 fields');
  });

  it('keeps the fields while a PDF loads, and when it cannot be read (a message above the pages)', async () => {
    pdf.mode = 'loading';
    serve(buildSession());
    open();
    await screen.findByTestId('signing-field-f-name');
    expect(screen.getByTestId('signing-page-1')).toBeTruthy();
    expect(screen.queryByTestId('pdf-canvas-1')).toBeNull();
    cleanup();
    pdf.mode = 'broken';
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    serve(buildSession());
    open();
    expect((await screen.findByTestId('signing-pdf-error')).textContent).toBe(
      'Purchase Agreement: This document could not be shown. The fields can still be filled in.',
    );
    type('f-name', 'Jane');
    expect(control('f-name').value).toBe('Jane');
  });

  it('Next field goes to each empty required field in reading order, then to the invalid ones, then to consent', async () => {
    serve(buildSession());
    open();
    await screen.findByTestId('signing-field-f-name');
    const next = screen.getByTestId('signing-next-field');
    fireEvent.click(next);
    expect(document.activeElement).toBe(control('f-name'));
    expect(field('f-name').getAttribute('data-active')).toBe('true');
    fireEvent.change(control('f-name'), { target: { value: 'Jane' } });
    expect(screen.getByTestId('signing-progress').textContent).toBe('1 of 8 fields');
    fireEvent.click(next);
    // The optional email is skipped: the phone is the next required one.
    expect(document.activeElement).toBe(control('f-phone'));
    fireEvent.click(next);
    expect(document.activeElement).toBe(control('f-price'));
    await fillAll();
    expect(screen.getByTestId('signing-progress').textContent).toBe('8 of 8 fields');
    type('f-email', 'jane@');
    fireEvent.click(next);
    expect(document.activeElement).toBe(control('f-email'));
    type('f-email', 'jane@example.test');
    fireEvent.click(next);
    expect(document.activeElement).toBe(screen.getByTestId('signing-consent'));
    tickConsent();
    fireEvent.click(next);
    expect(document.activeElement).toBe(screen.getByTestId('signing-finish'));
  });

  it('Finish waits for consent, then shows the message of every invalid field (esignValueError) and sends nothing', async () => {
    serve(buildSession());
    open();
    await screen.findByTestId('signing-field-f-name');
    const finish = screen.getByTestId('signing-finish') as HTMLButtonElement;
    expect(finish.disabled).toBe(true);
    expect(screen.getByText('I agree to use electronic records and signatures.')).toBeTruthy();
    // A touched field shows its message at once, the others not yet.
    type('f-phone', '555');
    expect(screen.getByTestId('signing-field-error-f-phone').textContent).toBe('Please enter a valid phone number');
    expect(screen.queryByTestId('signing-field-error-f-name')).toBeNull();
    // A pasted number with the US country code keeps its 10 digits.
    type('f-phone', '+1 (555) 123-4567');
    expect(control('f-phone').value).toBe('(555) 123-4567');
    type('f-phone', '555');
    type('f-email', 'jane@');
    tickConsent();
    expect(finish.disabled).toBe(false);
    fireEvent.click(finish);
    const message = (uuid: string) => screen.getByTestId(`signing-field-error-${uuid}`).textContent;
    expect(message('f-name')).toBe('This field is required');
    expect(message('f-email')).toBe('Please enter a valid email address');
    expect(message('f-phone')).toBe('Please enter a valid phone number');
    expect(message('f-agree')).toBe('This field is required');
    expect(message('f-sign')).toBe('This field is required');
    expect(screen.queryByTestId('signing-field-error-f-count')).toBeNull();
    expect(control('f-name').getAttribute('aria-invalid')).toBe('true');
    expect(control('f-name').getAttribute('aria-describedby')).toBe('signing-error-f-name');
    expect(screen.getByTestId('signing-attention').textContent).toBe('9 fields need your attention');
    // The guide moved to the first of them.
    expect(document.activeElement).toBe(control('f-name'));
    type('f-move', '31/02/2025');
    expect(message('f-move')).toBe('Incorrect format');
    type('f-price', '12.345');
    expect(message('f-price')).toBe('Please enter a valid value');
    expect(posts()).toEqual([]);
    // Unticking consent disables Finish again.
    tickConsent();
    expect(finish.disabled).toBe(true);
  });

  it('Finish posts every value as stored: typed and drawn signatures, the signing date, phone digits, floats, arrays, booleans', async () => {
    serve(buildSession(), () => jsonResponse(200, { state: 'signed' }));
    open();
    await screen.findByTestId('signing-field-f-name');
    await fillAll();
    // The drawn signature shows on the field, and on its second area (a mirror).
    expect(field('f-sign').querySelector('img')?.getAttribute('src')).toBe(DRAWN_PNG);
    expect(screen.getByTestId('signing-page-2').querySelectorAll(`img[src="${DRAWN_PNG}"]`)).toHaveLength(2);
    expect(field('f-init').textContent).toBe('JQB');
    // An amount shows in USD once left.
    expect(control('f-price').value).toBe('$1,500.50');
    tickConsent();
    fireEvent.click(screen.getByTestId('signing-finish'));
    await screen.findByTestId('signing-done');
    expect(posts()).toHaveLength(1);
    const [post] = posts();
    expect(post.url).toBe('/api/esign/sign/tok-1/complete');
    expect(post.init.credentials).toBe('omit');
    expect(bodyOf(post)).toEqual({
      consent: true,
      values: {
        'f-name': 'Jane Q. Buyer',
        'f-email': null,
        'f-phone': '5551234567',
        'f-price': 1500.5,
        'f-count': 2,
        'f-agree': true,
        'f-waive': false,
        'f-extras': ['Fridge', 'Dryer'],
        'f-close': '45 days',
        'f-loan': null,
        'f-move': '2025-04-01',
        'f-today': today(),
        'f-sign': { kind: 'drawn', image: DRAWN_PNG },
        'f-init': { kind: 'typed', text: 'JQB' },
      },
    });
    expect(screen.getByTestId('signing-done').getAttribute('data-state')).toBe('signed');
    expect(screen.getByText('Thank you for signing')).toBeTruthy();
    expect(screen.queryByTestId('signing-download')).toBeNull();
  });

  it('the signature dialog: Clear, nothing drawn, a drawing too large, typed preview, the same signature again', async () => {
    const second = buildField({
      uuid: 'f-sign-2',
      type: 'signature',
      title: 'Buyer signature again',
      required: true,
      areas: [{ page: 2, x: 0.5, y: 0.9, w: 0.3, h: 0.05 }],
    });
    serve(buildSession({ own_field_ids: ['f-sign', 'f-init', 'f-sign-2'], fields: [...buildSession().fields, second] }));
    open();
    await screen.findByTestId('signing-field-f-sign');
    fireEvent.focus(control('f-sign'));
    fireEvent.click(control('f-sign'));
    fireEvent.blur(control('f-sign'));
    let dialog = await screen.findByTestId('signature-dialog');
    // The dialog taking the focus does not count as leaving the field.
    expect(screen.queryByTestId('signing-field-error-f-sign')).toBeNull();
    fireEvent.click(within(dialog).getByTestId('signature-apply'));
    expect(within(dialog).getByTestId('signature-error').textContent).toBe('Draw in the box first');
    fireEvent.pointerDown(within(dialog).getByTestId('signature-canvas'));
    expect(within(dialog).queryByTestId('signature-error')).toBeNull();
    fireEvent.click(within(dialog).getByTestId('signature-clear'));
    fireEvent.click(within(dialog).getByTestId('signature-apply'));
    expect(within(dialog).getByTestId('signature-error').textContent).toBe('Draw in the box first');
    pad.image = `data:image/png;base64,${'A'.repeat(500_000)}`;
    fireEvent.pointerDown(within(dialog).getByTestId('signature-canvas'));
    fireEvent.click(within(dialog).getByTestId('signature-apply'));
    expect(within(dialog).getByTestId('signature-error').textContent).toBe('The drawing is too large. Clear it and draw it again smaller.');
    // Typed: the signer's name to start with, previewed in the script face.
    fireEvent.click(within(dialog).getByTestId('signature-type-tab'));
    const input = within(dialog).getByTestId('signature-typed-input') as HTMLInputElement;
    expect(input.value).toBe('Jane Q. Buyer');
    expect(within(dialog).getByTestId('signature-typed-preview').textContent).toBe('Jane Q. Buyer');
    fireEvent.click(within(dialog).getByTestId('signature-clear'));
    fireEvent.click(within(dialog).getByTestId('signature-apply'));
    expect(within(dialog).getByTestId('signature-error').textContent).toBe('Type it first');
    fireEvent.change(input, { target: { value: 'J. Buyer' } });
    fireEvent.click(within(dialog).getByTestId('signature-apply'));
    await waitFor(() => expect(screen.queryByTestId('signature-dialog')).toBeNull());
    expect(field('f-sign').textContent).toBe('J. Buyer');
    expect(control('f-sign').getAttribute('aria-label')).toBe('Buyer signature: J. Buyer');
    // The next signature field offers the same signature again.
    fireEvent.click(control('f-sign-2'));
    dialog = await screen.findByTestId('signature-dialog');
    fireEvent.click(within(dialog).getByTestId('signature-reuse'));
    await waitFor(() => expect(screen.queryByTestId('signature-dialog')).toBeNull());
    expect(field('f-sign-2').textContent).toBe('J. Buyer');
    // Cancelling an empty field's dialog shows its message (the field was visited).
    fireEvent.click(control('f-init'));
    dialog = await screen.findByTestId('signature-dialog');
    fireEvent.click(within(dialog).getByText('Cancel'));
    await waitFor(() => expect(screen.queryByTestId('signature-dialog')).toBeNull());
    expect(screen.getByTestId('signing-field-error-f-init').textContent).toBe('This field is required');
    // Initials start from the name's initials.
    fireEvent.click(control('f-init'));
    dialog = await screen.findByTestId('signature-dialog');
    fireEvent.click(within(dialog).getByTestId('signature-type-tab'));
    expect((within(dialog).getByTestId('signature-typed-input') as HTMLInputElement).value).toBe('JQB');
  });

  it("shows the server's field errors under their fields and moves the guide to the first; a consent error under consent", async () => {
    serve(buildSession(), () =>
      jsonResponse(400, {
        status: 'error',
        message: 'Please check the fields',
        errors: [
          { field: 'values.f-move', error: 'Incorrect format' },
          { field: 'values.f-phone', error: 'Please enter a valid phone number' },
          { field: 'consent', error: 'Please agree to use electronic records and signatures' },
        ],
      }),
    );
    open();
    await screen.findByTestId('signing-field-f-name');
    await fillAll();
    tickConsent();
    fireEvent.click(screen.getByTestId('signing-finish'));
    await screen.findByTestId('signing-field-error-f-phone');
    expect(screen.getByTestId('signing-field-error-f-phone').textContent).toBe('Please enter a valid phone number');
    expect(screen.getByTestId('signing-field-error-f-move').textContent).toBe('Incorrect format');
    expect(screen.getByTestId('signing-consent-error').textContent).toBe('Please agree to use electronic records and signatures');
    expect(document.activeElement).toBe(control('f-phone'));
    // Changing the field takes the server's message away.
    type('f-phone', '5559876543');
    expect(screen.queryByTestId('signing-field-error-f-phone')).toBeNull();
  });

  it('a request closed meanwhile (409) shows its closed page; a throttled Finish shows the message', async () => {
    let answer = jsonResponse(429, { status: 'error', message: 'Too many requests. Please try again later.' });
    serve(buildSession(), () => answer);
    open();
    await screen.findByTestId('signing-field-f-name');
    await fillAll();
    tickConsent();
    fireEvent.click(screen.getByTestId('signing-finish'));
    expect((await screen.findByTestId('signing-failure')).textContent).toBe('Too many requests. Please try again later.');
    answer = jsonResponse(409, { status: 'error', message: 'This request has expired' });
    fireEvent.click(screen.getByTestId('signing-finish'));
    const closed = await screen.findByTestId('signing-closed');
    expect(closed.getAttribute('data-state')).toBe('expired');
    expect(screen.getByTestId('signing-message').textContent).toBe('This request has expired');
  });

  it('Decline needs a reason, posts it and shows the done page', async () => {
    serve(buildSession(), () => jsonResponse(200, { state: 'declined' }));
    open();
    await screen.findByTestId('signing-field-f-name');
    fireEvent.click(screen.getByTestId('signing-decline'));
    const dialog = await screen.findByTestId('decline-dialog');
    fireEvent.click(within(dialog).getByTestId('decline-confirm'));
    expect(within(dialog).getByText('This field is required')).toBeTruthy();
    expect(posts()).toEqual([]);
    const reason = within(dialog).getByTestId('decline-reason') as HTMLTextAreaElement;
    expect(reason.maxLength).toBe(1000);
    fireEvent.change(reason, { target: { value: '  The price is wrong.  ' } });
    await act(async () => fireEvent.click(within(dialog).getByTestId('decline-confirm')));
    const done = await screen.findByTestId('signing-done');
    expect(posts().map((call) => [call.url, bodyOf(call)])).toEqual([['/api/esign/sign/tok-1/decline', { reason: 'The price is wrong.' }]]);
    expect(done.getAttribute('data-state')).toBe('declined');
    expect(screen.getByTestId('signing-message').textContent).toBe('This request was declined');
  });

  it.each([
    ['waiting', 'It is not your turn to sign yet', 'You will get an email when it is your turn.'],
    ['declined', 'This request was declined', 'Questions? Contact Avery Agent at agent@demo-realty.test.'],
    ['expired', 'This request has expired', 'Questions? Contact Avery Agent at agent@demo-realty.test.'],
    ['cancelled', 'This request was cancelled', 'Questions? Contact Avery Agent at agent@demo-realty.test.'],
  ] as const)('a %s link shows its own page with its message', async (state, message, next) => {
    serve(buildSession({ state, message, documents: [], fields: [], own_field_ids: [], values: {} }));
    open();
    const closed = await screen.findByTestId('signing-closed');
    expect(closed.getAttribute('data-state')).toBe(state);
    expect(screen.getByTestId('signing-message').textContent).toBe(message);
    expect(screen.getByText(next)).toBeTruthy();
    expect(screen.queryByTestId('signing-finish')).toBeNull();
    expect(document.title).toBe('Sign: Purchase Agreement · Realty');
  });

  it('a signed link offers the sealed PDF once the request is complete, and says it comes later before', async () => {
    serve(buildSession({ state: 'signed', message: 'This document has already been signed', signed_document_url: null }));
    open();
    await screen.findByTestId('signing-done');
    expect(screen.getByTestId('signing-message').textContent).toBe('This document has already been signed');
    expect(screen.getByText(/Once everyone has signed/)).toBeTruthy();
    expect(screen.queryByTestId('signing-download')).toBeNull();
    cleanup();
    serve(
      buildSession({
        state: 'signed',
        message: 'This document has already been signed',
        signed_document_url: 'https://files.test/sealed.pdf?sig=1',
      }),
    );
    open();
    const download = await screen.findByTestId('signing-download');
    expect(download.getAttribute('href')).toBe('https://files.test/sealed.pdf?sig=1');
    expect(download.textContent).toBe('Download the signed document');
  });

  it("an unknown link shows 'This signing link is not valid'; a throttled one the server's message and Try again", async () => {
    serve(jsonResponse(404, { status: 'error', message: 'This signing link is not valid' }));
    open('nope');
    expect((await screen.findByTestId('signing-message')).textContent).toBe('This signing link is not valid');
    expect(screen.queryByTestId('signing-retry')).toBeNull();
    expect(document.title).toBe('Sign · Realty');
    cleanup();
    serve(jsonResponse(429, { status: 'error', message: 'Too many requests. Please try again later.' }));
    open();
    expect((await screen.findByTestId('signing-error-message')).textContent).toBe('Too many requests. Please try again later.');
    serve(buildSession());
    fireEvent.click(screen.getByTestId('signing-retry'));
    await screen.findByTestId('signing-field-f-name');
  });
});
