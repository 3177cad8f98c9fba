// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { CurrencyInput } from './CurrencyInput';
import { PercentInput } from './PercentInput';
import { renderInForm } from './testing';
import { WholeNumberInput } from './WholeNumberInput';

// The three inputs built on NumberTextField.
afterEach(cleanup);
const box = (label: RegExp) => screen.getByLabelText(label) as HTMLInputElement;

describe('WholeNumberInput', () => {
  it("ignores the '.' and ',' keys", async () => {
    const user = userEvent.setup();
    const { values } = renderInForm(<WholeNumberInput source="count" label="Count" />);
    await user.type(box(/Count/), '1,2.5');
    expect(box(/Count/).value).toBe('125');
    await waitFor(() => expect(values().count).toBe(125));
  });

  it('rounds a pasted decimal', async () => {
    const user = userEvent.setup();
    const { values } = renderInForm(<WholeNumberInput source="count" label="Count" />);
    await user.click(box(/Count/));
    await user.paste('12.6');
    await waitFor(() => expect(values().count).toBe(13));
    expect(box(/Count/).value).toBe('13');
  });

  it('holds null when emptied', async () => {
    const user = userEvent.setup();
    const { values } = renderInForm(<WholeNumberInput source="count" label="Count" />, { defaultValues: { count: 7 } });
    await user.clear(box(/Count/));
    await waitFor(() => expect(values().count).toBeNull());
  });
});

describe('CurrencyInput', () => {
  it("formats USD en-US with 2 decimals, placeholder '$0.00', value a number", async () => {
    const user = userEvent.setup();
    const { values } = renderInForm(<CurrencyInput source="amount" label="Amount" />);
    expect(box(/Amount/).placeholder).toBe('$0.00');
    await user.type(box(/Amount/), '1234.567');
    // The third decimal is refused while typing.
    expect(box(/Amount/).value).toBe('1234.56');
    await user.tab();
    expect(box(/Amount/).value).toBe('$1,234.56');
    await waitFor(() => expect(values().amount).toBe(1234.56));
  });

  it('shows a loaded amount formatted and edits the plain number', async () => {
    renderInForm(<CurrencyInput source="amount" label="Amount" />, { defaultValues: { amount: 1500 } });
    expect(box(/Amount/).value).toBe('$1,500.00');
    fireEvent.focus(box(/Amount/));
    expect(box(/Amount/).value).toBe('1500');
  });

  it('selects the plain number on focus, so that typing over a loaded amount replaces it', async () => {
    const user = userEvent.setup();
    const { values } = renderInForm(<CurrencyInput source="amount" label="Amount" />, { defaultValues: { amount: 582000 } });
    await user.click(box(/Amount/));
    expect([box(/Amount/).selectionStart, box(/Amount/).selectionEnd]).toEqual([0, '582000'.length]);
    await user.keyboard('500000');
    expect(box(/Amount/).value).toBe('500000');
    await user.tab();
    await waitFor(() => expect(values().amount).toBe(500000));
  });
});

describe('PercentInput', () => {
  it('keeps 1 to 4 fraction digits', async () => {
    const user = userEvent.setup();
    const { values } = renderInForm(<PercentInput source="pct" label="Split" />);
    await user.type(box(/Split/), '12.123456');
    expect(box(/Split/).value).toBe('12.1234');
    await user.tab();
    await waitFor(() => expect(values().pct).toBe(12.1234));
  });

  it('shows at least one fraction digit', () => {
    renderInForm(<PercentInput source="pct" label="Split" />, { defaultValues: { pct: 12 } });
    expect(box(/Split/).value).toBe('12.0');
  });

  it('lets calculator fields keep up to 8', async () => {
    const user = userEvent.setup();
    const { values } = renderInForm(<PercentInput source="pct" label="Split" calculator />);
    await user.type(box(/Split/), '3.1234567891');
    expect(box(/Split/).value).toBe('3.12345678');
    await user.tab();
    await waitFor(() => expect(values().pct).toBe(3.12345678));
    expect(box(/Split/).value).toBe('3.12345678');
  });
});
