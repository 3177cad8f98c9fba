// @vitest-environment jsdom
import type { EsignTemplateDocumentFile, EsignTemplateSchema, MappableField } from '@app/contracts';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useReducer } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { builderReducer, initialBuilderState, type BuilderState } from './builderState';
import { NUDGE_STEP, NUDGE_STEP_LARGE } from './geometry';

vi.mock('./PdfView', () => ({
  PdfDocument: ({ children }: { children: React.ReactNode }) => <div>{children}</div>,
  PdfPageCanvas: () => <canvas />,
}));

import { TemplateBuilder, type TemplateBuilderMode } from './TemplateBuilder';

const FILES: EsignTemplateDocumentFile[] = [
  {
    id: 'd1',
    name: 'Offer',
    pages: 2,
    url: '/offer.pdf',
    page_sizes: [
      { width: 612, height: 792 },
      { width: 612, height: 792 },
    ],
  },
];
const MAPPABLE: MappableField[] = [
  { label: 'Sale price', mapped_entity: 'transaction', mapped_field: 'sale_price', fieldType: 'number', can_update: true },
  { label: 'Address', mapped_entity: 'transaction', mapped_field: 'address_1', fieldType: 'text', can_update: false },
];
const schema = (): EsignTemplateSchema => ({
  documents: [{ id: 'd1', name: 'Offer', pages: 2 }],
  roles: [{ uuid: 'r1', name: 'Buyer' }],
  fields: [],
});

let latest: BuilderState;
const Harness = ({ mode = 'edit', start = schema() }: { mode?: TemplateBuilderMode; start?: EsignTemplateSchema }) => {
  const [state, dispatch] = useReducer(builderReducer, start, initialBuilderState);
  latest = state;
  return <TemplateBuilder mode={mode} files={FILES} state={state} dispatch={dispatch} mappableFields={MAPPABLE} />;
};

const field = () => latest.schema.fields.at(-1)!;
const props = () => within(screen.getByTestId('builder-properties'));
const type = (label: string | RegExp, value: string) => fireEvent.change(props().getByLabelText(label), { target: { value } });
async function choose(label: string | RegExp, option: string) {
  fireEvent.mouseDown(props().getByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

afterEach(cleanup);

describe('TemplateBuilder', () => {
  it('sets every property of a field from the properties panel', async () => {
    render(<Harness />);
    fireEvent.click(screen.getByTestId('palette-text'));
    expect(screen.getByTestId(`builder-field-${field().uuid}`).getAttribute('data-colour')).toBe('s1');
    type('Name *', 'Buyer email');
    type('Title', 'Email');
    type('Description', 'Where the documents go');
    fireEvent.click(props().getByLabelText('Required'));
    fireEvent.click(props().getByLabelText('Read only'));
    type('Default value', 'n/a');
    type('Pattern', '^\\S+@\\S+$');
    await choose('Entry type', 'Hyperlink');
    type('Hyperlink host', 'example.com');
    expect(field()).toMatchObject({
      name: 'Buyer email',
      title: 'Email',
      description: 'Where the documents go',
      required: false,
      readonly: true,
      default_value: 'n/a',
      validation: { pattern: '^\\S+@\\S+$', host: 'example.com' },
      platform_type: 'hyperlink',
    });
    // A blank name is shown as missing.
    type('Name *', '');
    expect(props().getByText('This field is required')).toBeTruthy();
    // Many inputs and two menus in jsdom: room for a loaded machine.
  }, 40_000);

  it('a number maps to a transaction field (can_update as the field allows) and takes the amount type', async () => {
    render(<Harness />);
    fireEvent.click(screen.getByTestId('palette-number'));
    await choose('Entry type', 'Amount');
    fireEvent.mouseDown(props().getByRole('combobox', { name: 'Transaction field' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Sale price' }));
    expect(field()).toMatchObject({ platform_type: 'amount', mapped_entity: 'transaction', mapped_field: 'sale_price', can_update: true });
    fireEvent.click(props().getByLabelText('Can update the transaction'));
    expect(field().can_update).toBe(false);
  });

  it('a date takes the signing date ({{date}}) and a date format', async () => {
    render(<Harness />);
    fireEvent.click(screen.getByTestId('palette-date'));
    expect(field().preferences.format).toBe('MM/DD/YYYY');
    fireEvent.click(props().getByLabelText('Signing date'));
    expect(field().default_value).toBe('{{date}}');
    await choose('Date format', 'YYYY-MM-DD');
    expect(field().preferences.format).toBe('YYYY-MM-DD');
  });

  it('edits the options of a select, keeping at least one', () => {
    render(<Harness />);
    fireEvent.click(screen.getByTestId('palette-select'));
    const options = within(screen.getByTestId('builder-options'));
    fireEvent.change(options.getByLabelText('Option 1'), { target: { value: 'Cash' } });
    fireEvent.click(options.getByRole('button', { name: 'Add option' }));
    expect(field().options.map((o) => o.value)).toEqual(['Cash', 'Option 2', 'Option 3']);
    fireEvent.click(options.getByRole('button', { name: 'Remove option 2' }));
    fireEvent.click(options.getByRole('button', { name: 'Remove option 2' }));
    expect(field().options.map((o) => o.value)).toEqual(['Cash']);
    expect((options.getByRole('button', { name: 'Remove option 1' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('copies and deletes the selected field; arrow keys nudge it, Shift further, Delete removes it', () => {
    render(<Harness />);
    fireEvent.click(screen.getByTestId('palette-signature'));
    const original = field();
    fireEvent.click(props().getByRole('button', { name: 'Copy field' }));
    expect(latest.schema.fields).toHaveLength(2);
    expect(field().name).toBe('Signature 2');
    fireEvent.click(props().getByRole('button', { name: 'Delete field' }));
    expect(latest.schema.fields.map((f) => f.uuid)).toEqual([original.uuid]);

    const box = screen.getByTestId(`builder-field-${original.uuid}`);
    const { x, y } = original.areas[0];
    fireEvent.keyDown(box, { key: 'ArrowRight' });
    fireEvent.keyDown(box, { key: 'ArrowDown', shiftKey: true });
    expect(field().areas[0].x).toBeCloseTo(x + NUDGE_STEP);
    expect(field().areas[0].y).toBeCloseTo(y + NUDGE_STEP_LARGE);
    fireEvent.keyDown(box, { key: 'Delete' });
    expect(latest.schema.fields).toHaveLength(0);
  });

  it('roles: add (Second Party, colour s2), new fields go to the chosen role, rename, remove with its fields after a question', async () => {
    render(<Harness />);
    const roles = within(screen.getByTestId('builder-roles'));
    fireEvent.click(roles.getByRole('button', { name: 'Add role' }));
    const second = latest.schema.roles[1];
    expect(second.name).toBe('Second Party');
    expect(screen.getByTestId(`builder-role-${second.uuid}`).getAttribute('data-colour')).toBe('s2');
    fireEvent.click(screen.getByTestId('palette-initials'));
    expect(field().role_uuid).toBe(second.uuid);
    expect(screen.getByTestId(`builder-field-${field().uuid}`).getAttribute('data-colour')).toBe('s2');
    fireEvent.change(within(screen.getByTestId(`builder-role-${second.uuid}`)).getByLabelText('Role name'), {
      target: { value: 'Seller' },
    });
    expect(latest.schema.roles[1].name).toBe('Seller');
    fireEvent.click(roles.getByRole('button', { name: 'Remove role Seller' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain("Remove the role 'Seller' and its field?");
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(latest.schema.roles.map((r) => r.name)).toEqual(['Buyer']);
    expect(latest.schema.fields).toHaveLength(0);
  });

  it('shows a thumbnail per page and zooms in and out', () => {
    render(<Harness />);
    const thumbnails = within(screen.getByTestId('builder-thumbnails'));
    expect(thumbnails.getAllByRole('button')).toHaveLength(2);
    expect(screen.getByTestId('builder-zoom').textContent).toBe('100%');
    fireEvent.click(screen.getByRole('button', { name: 'Zoom in' }));
    expect(screen.getByTestId('builder-zoom').textContent).toBe('125%');
    fireEvent.click(screen.getByRole('button', { name: 'Zoom out' }));
    fireEvent.click(screen.getByRole('button', { name: 'Zoom out' }));
    expect(screen.getByTestId('builder-zoom').textContent).toBe('75%');
  });

  it('fill mode: no palette nor roles; a field takes its value on the page', () => {
    const start = builderReducer(initialBuilderState(schema()), {
      type: 'addField',
      fieldType: 'text',
      page: 1,
      x: 0.2,
      y: 0.2,
      uuid: 'f1',
    }).schema;
    render(<Harness mode="fill" start={start} />);
    expect(screen.queryByTestId('builder-palette')).toBeNull();
    expect(screen.queryByTestId('builder-roles')).toBeNull();
    fireEvent.change(within(screen.getByTestId('builder-fill-f1')).getByRole('textbox'), { target: { value: '123 Main St' } });
    expect(field().default_value).toBe('123 Main St');
    expect(field().areas[0]).toMatchObject({ x: 0.2, y: 0.2 });
  });
});
