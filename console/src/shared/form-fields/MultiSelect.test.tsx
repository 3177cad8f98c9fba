// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { MultiSelect } from './MultiSelect';
import { renderInForm } from './testing';

afterEach(cleanup);

const choices = [
  { id: 1, name: 'Buyer' },
  { id: 2, name: 'Seller' },
  { id: 3, name: 'Landlord' },
  { id: 4, name: 'Tenant' },
];
// The open menu hides the rest of the page from assistive tech: look past that.
const box = () => screen.getByRole('combobox', { name: /Types/, hidden: true });

describe('MultiSelect', () => {
  it("shows up to 3 labels, then '{0} items selected'", async () => {
    const user = userEvent.setup();
    const { values } = renderInForm(<MultiSelect source="types" label="Types" choices={choices} />);
    await user.click(box());
    const list = screen.getByRole('listbox');
    for (const name of ['Buyer', 'Seller', 'Landlord']) await user.click(within(list).getByRole('option', { name }));
    expect(box().textContent).toBe('Buyer, Seller, Landlord');
    await user.click(within(list).getByRole('option', { name: 'Tenant' }));
    expect(box().textContent).toBe('4 items selected');
    await waitFor(() => expect(values().types).toEqual([1, 2, 3, 4]));
  });

  it("says 'No results found' without choices", async () => {
    const user = userEvent.setup();
    renderInForm(<MultiSelect source="types" label="Types" choices={[]} />);
    await user.click(box());
    expect(within(screen.getByRole('listbox')).getByText('No results found')).toBeTruthy();
  });
});
