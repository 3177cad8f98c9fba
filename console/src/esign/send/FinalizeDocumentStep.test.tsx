// @vitest-environment jsdom
import { esignFieldOf, type EsignFormState, type EsignTemplateSchema } from '@app/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('../builder/PdfView', () => ({
  PdfDocument: ({ children }: { children: React.ReactNode }) => <div>{children}</div>,
  PdfPageCanvas: () => <div />,
}));
vi.mock('./index', () => ({ esignSendApi: {} }));

import { BUILDER_ECHO_GUARD_MS, BUILDER_RESTORE_DELAYS_MS, createBuilderRestore } from './builderRestore';
import { formStateOf } from './EsignSendPage';
import { draftOf } from './testData';
import { fakeServer, openStepper } from './testServer';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

async function openStep2() {
  const state = formStateOf(draftOf());
  state.activeStep = 1;
  state.formValues['f-name'].value = 'Jo Buyer';
  const server = fakeServer(draftOf({ form_state: state }));
  openStepper(server, '/app/transactions/42/esign/send/dr-1?step=2');
  await screen.findByTestId('template-builder');
  return server;
}
const fillInput = (uuid: string) => within(screen.getByTestId(`builder-fill-${uuid}`)).getByRole('textbox') as HTMLInputElement;

describe('EsignSendPage: step 2, Finalize Document', () => {
  it("shows the request's schema in the builder's Fill Out mode with step 1's values; the toggle switches to Edit Template", async () => {
    await openStep2();
    expect(screen.getByTestId('template-builder').getAttribute('data-mode')).toBe('fill');
    expect(screen.getAllByTestId(/^builder-page-\d$/)).toHaveLength(2);
    await waitFor(() => expect(fillInput('f-name').value).toBe('Jo Buyer'));
    expect(screen.getByTestId('builder-fill-sig-1')).toBeTruthy();
    const toggle = screen.getByTestId('esign-fill-toggle');
    expect(toggle.textContent).toBe('Edit Template');
    fireEvent.click(toggle);
    expect(screen.getByTestId('template-builder').getAttribute('data-mode')).toBe('edit');
    expect(screen.getAllByTestId(/^palette-/)).toHaveLength(11);
    expect(toggle.textContent).toBe('Fill Out');
    fireEvent.click(toggle);
    expect(screen.getByTestId('template-builder').getAttribute('data-mode')).toBe('fill');
  });

  it("a value filled out on the document is step 1's value; the schema and the form autosave; Start Over goes back to step 1", async () => {
    const server = await openStep2();
    await waitFor(() => expect(fillInput('f-name').value).toBe('Jo Buyer'));
    fireEvent.change(fillInput('f-rooms'), { target: { value: '5' } });
    await waitFor(() => expect(server.schemaSaves()).toHaveLength(1), { timeout: 3000 });
    const savedSchema = server.schemaSaves()[0].body as EsignTemplateSchema;
    expect(Object.keys(savedSchema).sort()).toEqual(['documents', 'fields', 'roles']);
    expect(savedSchema.fields.find((field) => field.uuid === 'f-rooms')?.default_value).toBe('5');
    expect(server.schemaSaves()[0].url).toBe('/api/esign/drafts/dr-1/schema');
    await waitFor(
      () =>
        expect((server.saves().at(-1)?.body as EsignFormState | undefined)?.formValues['f-rooms']).toEqual({
          value: 5,
          readonly: true,
          update_transaction: true,
        }),
      { timeout: 3000 },
    );

    fireEvent.click(screen.getByTestId('esign-start-over'));
    const rooms = await screen.findByTestId('esign-field-f-rooms');
    expect((rooms.querySelector('input') as HTMLInputElement).value).toBe('5');
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/app/transactions/42/esign/send/dr-1?step=1'));
  });

  it("shows each value as step 1 does (phone masked, amount in USD, date in the field's format); the schema and the form keep the stored format", async () => {
    const state = formStateOf(draftOf());
    state.activeStep = 1;
    state.formValues['f-phone'].value = '5551234567';
    state.formValues['f-price'].value = 2500.5;
    state.formValues['f-rooms'].value = 3.5;
    state.formValues['f-close'].value = '2026-03-03';
    const server = fakeServer(draftOf({ form_state: state }));
    openStepper(server, '/app/transactions/42/esign/send/dr-1?step=2');
    await screen.findByTestId('template-builder');
    await waitFor(() => expect(fillInput('f-phone').value).toBe('(555) 123-4567'));
    expect(fillInput('f-price').value).toBe('$2,500.50');
    expect(fillInput('f-rooms').value).toBe('3.5');
    // The test date field's format is DD.MM.YYYY.
    expect(fillInput('f-close').value).toBe('03.03.2026');

    // A phone is masked as it is typed; its digits are stored.
    fireEvent.focus(fillInput('f-phone'));
    fireEvent.change(fillInput('f-phone'), { target: { value: '(555) 123-45678' } });
    expect(fillInput('f-phone').value).toBe('(555) 123-4567');
    fireEvent.change(fillInput('f-phone'), { target: { value: '(555) 123-456' } });
    expect(fillInput('f-phone').value).toBe('(555) 123-456');
    fireEvent.blur(fillInput('f-phone'));
    // An amount shows as typed until it loses focus; a third decimal is refused.
    fireEvent.focus(fillInput('f-price'));
    fireEvent.change(fillInput('f-price'), { target: { value: '1200.' } });
    expect(fillInput('f-price').value).toBe('1200.');
    fireEvent.change(fillInput('f-price'), { target: { value: '1200.255' } });
    expect(fillInput('f-price').value).toBe('1200.');
    fireEvent.change(fillInput('f-price'), { target: { value: '1200.25' } });
    fireEvent.blur(fillInput('f-price'));
    expect(fillInput('f-price').value).toBe('$1,200.25');
    // A date typed in its format is stored as YYYY-MM-DD and shown in the format once it loses focus.
    fireEvent.focus(fillInput('f-close'));
    fireEvent.change(fillInput('f-close'), { target: { value: '4.5.2026' } });
    expect(fillInput('f-close').value).toBe('4.5.2026');
    fireEvent.blur(fillInput('f-close'));
    expect(fillInput('f-close').value).toBe('04.05.2026');

    await waitFor(
      () => {
        const saved = server.schemaSaves().at(-1)?.body as EsignTemplateSchema | undefined;
        const stored = (uuid: string) => saved?.fields.find((field) => field.uuid === uuid)?.default_value;
        expect([stored('f-phone'), stored('f-price'), stored('f-close'), stored('f-rooms')]).toEqual([
          '555123456',
          '1200.25',
          '2026-05-04',
          '3.5',
        ]);
      },
      { timeout: 3000 },
    );
    await waitFor(
      () => {
        const values = (server.saves().at(-1)?.body as EsignFormState | undefined)?.formValues;
        expect([values?.['f-phone'].value, values?.['f-price'].value, values?.['f-close'].value]).toEqual([
          '555123456',
          1200.25,
          '2026-05-04',
        ]);
      },
      { timeout: 3000 },
    );

    // Back in step 1 the same values, as step 1 shows them.
    fireEvent.click(screen.getByTestId('esign-start-over'));
    const price = await screen.findByTestId('esign-field-f-price');
    expect((price.querySelector('input') as HTMLInputElement).value).toBe('$1,200.25');
    expect((screen.getByTestId('esign-field-f-close').querySelector('input') as HTMLInputElement).value).toBe('04.05.2026');
  });
});

describe('createBuilderRestore', () => {
  const schema = (value: string | null): EsignTemplateSchema => ({
    documents: [{ id: 'd1', name: 'Offer', pages: 1 }],
    roles: [{ uuid: 'r1', name: 'Buyer' }],
    fields: [
      esignFieldOf({
        uuid: 'f1',
        role_uuid: 'r1',
        name: 'Text 1',
        type: 'text',
        default_value: value,
        areas: [{ page: 1, x: 0, y: 0, w: 0.1, h: 0.1 }],
      }),
    ],
  });

  it('rebuilds at once, restores at 150 ms and 300 ms, then ends the rebuilding state; an echo within 1 s is known', () => {
    vi.useFakeTimers();
    const events: string[] = [];
    const restore = createBuilderRestore({
      rebuild: () => events.push(`rebuild@${Date.now() % 100000}`),
      restore: () => {
        events.push('restore');
        return schema('Jo');
      },
      onRebuilding: (rebuilding) => events.push(rebuilding ? 'rebuilding' : 'done'),
    });
    expect(BUILDER_RESTORE_DELAYS_MS).toEqual([150, 300]);
    restore.refresh();
    expect(events.map((event) => event.replace(/@.*/, ''))).toEqual(['rebuilding', 'rebuild']);
    vi.advanceTimersByTime(149);
    expect(events.filter((event) => event === 'restore')).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(events.filter((event) => event === 'restore')).toHaveLength(1);
    vi.advanceTimersByTime(150);
    expect(events.slice(-2)).toEqual(['restore', 'done']);
    expect(restore.isEcho(schema('Jo'))).toBe(true);
    expect(restore.isEcho(schema('Sam'))).toBe(false);
    vi.advanceTimersByTime(BUILDER_ECHO_GUARD_MS);
    expect(restore.isEcho(schema('Jo'))).toBe(false);
  });

  it('a rebuild that fails just ends the rebuilding state', () => {
    vi.useFakeTimers();
    const onRebuilding = vi.fn();
    const restoreSpy = vi.fn(() => null);
    const restore = createBuilderRestore({
      rebuild: () => {
        throw new Error('no document');
      },
      restore: restoreSpy,
      onRebuilding,
    });
    restore.refresh();
    vi.advanceTimersByTime(1000);
    expect(onRebuilding.mock.calls).toEqual([[true], [false]]);
    expect(restoreSpy).not.toHaveBeenCalled();
  });
});
