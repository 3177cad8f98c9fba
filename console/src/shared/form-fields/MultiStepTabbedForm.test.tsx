// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TextInput } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MultiStepTabbedForm, type FormStep } from './MultiStepTabbedForm';
import { requiredRule } from './rules';
import { renderInAdmin } from './testing';

afterEach(cleanup);

const required = [requiredRule()];
const steps: FormStep[] = [
  { label: 'Contact', fields: ['name'], content: <TextInput source="name" label="Name" validate={required} /> },
  { label: 'Property', fields: ['address'], content: <TextInput source="address" label="Address" validate={required} /> },
  { label: 'Terms', fields: ['price'], content: <TextInput source="price" label="Price" validate={required} /> },
];

const tab = (name: string) => screen.getByRole('tab', { name }) as HTMLButtonElement;
const button = (name: string) => screen.queryByRole('button', { name }) as HTMLButtonElement | null;
const selected = () => screen.getAllByRole('tab').find((element) => element.getAttribute('aria-selected') === 'true')?.textContent;

function renderForm() {
  const onSubmit = vi.fn();
  renderInAdmin(<MultiStepTabbedForm steps={steps} onSubmit={onSubmit} />);
  return { onSubmit, user: userEvent.setup() };
}

describe('MultiStepTabbedForm', () => {
  it('enables a tab only when the tabs before it are valid, and shows Next only on a valid tab', async () => {
    const { user } = renderForm();
    await waitFor(() => expect(tab('Property').disabled).toBe(true));
    expect(tab('Terms').disabled).toBe(true);
    expect(button('Next')).toBeNull();
    expect(button('Submit')).toBeNull();

    await user.type(screen.getByLabelText(/Name/), 'Dana');
    await waitFor(() => expect(tab('Property').disabled).toBe(false));
    expect(tab('Terms').disabled).toBe(true);
    expect(button('Next')).toBeTruthy();
  });

  it('moves with Next and Previous, and Submit is on the last tab, disabled while invalid', async () => {
    const { user, onSubmit } = renderForm();
    await user.type(screen.getByLabelText(/Name/), 'Dana');
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    expect(selected()).toBe('Property');
    await user.click(button('Previous')!);
    expect(selected()).toBe('Contact');
    await user.click(button('Next')!);

    await user.type(screen.getByLabelText(/Address/), '1 Main St');
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    expect(selected()).toBe('Terms');
    // Last tab: no Next, a Submit that waits for the form to be valid.
    expect(button('Next')).toBeNull();
    expect(button('Submit')!.disabled).toBe(true);

    await user.type(screen.getByLabelText(/Price/), '500000');
    await waitFor(() => expect(button('Submit')!.disabled).toBe(false));
    await user.click(button('Submit')!);
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0][0]).toMatchObject({ name: 'Dana', address: '1 Main St', price: '500000' });
  });

  it('wraps Previous from the first tab to the last once every tab is valid', async () => {
    const { user } = renderForm();
    expect(button('Previous')!.disabled).toBe(true);
    await user.type(screen.getByLabelText(/Name/), 'Dana');
    await user.type(screen.getByLabelText(/Address/), '1 Main St');
    await waitFor(() => expect(button('Previous')!.disabled).toBe(false));
    await user.click(button('Previous')!);
    expect(selected()).toBe('Terms');
  });
});
