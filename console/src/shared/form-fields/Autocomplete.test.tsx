// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { Autocomplete } from './Autocomplete';
import { renderInForm } from './testing';

afterEach(cleanup);

const choices = [
  { id: 1, name: 'Alice Agent' },
  { id: 2, name: 'Bob Broker' },
];
const box = () => screen.getByRole('combobox', { name: /Agent/ });

describe('Autocomplete', () => {
  it('opens its suggestions from the first character, in a 200px list', async () => {
    const user = userEvent.setup();
    const { values } = renderInForm(<Autocomplete source="agent_id" label="Agent" choices={choices} />);
    await user.click(box());
    expect(screen.queryByRole('listbox')).toBeNull();
    await user.type(box(), 'b');
    const list = await screen.findByRole('listbox');
    expect(list.style.maxHeight).toBe('200px');
    await user.click(screen.getByRole('option', { name: 'Bob Broker' }));
    await waitFor(() => expect(values().agent_id).toBe(2));
  });

  it("says 'No results found' when nothing matches", async () => {
    const user = userEvent.setup();
    renderInForm(<Autocomplete source="agent_id" label="Agent" choices={choices} />);
    await user.type(box(), 'zz');
    expect(await screen.findByText('No results found')).toBeTruthy();
  });
});
