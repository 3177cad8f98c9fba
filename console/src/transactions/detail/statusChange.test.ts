import { describe, expect, it } from 'vitest';
import { confirmationOf, statusDialogMode, statusInputs, statusRequestOf, statusStartValues, statusValueErrors } from './statusChange';

const status = (id: number, label: string, dates: string[], asks_lost_reason = false) =>
  ({ id, label, category: 'active', dates, asks_lost_reason }) as unknown as Parameters<typeof statusRequestOf>[0] & {
    label: string;
    category: 'active';
  };

const pipeline = status(1, 'Pipeline', []);
const underContract = status(5, 'Under Contract', ['under_contract_dt', 'est_close_dt']);
const lost = status(7, 'Lost', ['lost_dt'], true);

describe('the status-change dialog', () => {
  it('only asks Pipeline for a confirmation, and sends no dates', () => {
    expect(statusDialogMode(pipeline)).toBe('confirm');
    expect(statusInputs(pipeline)).toEqual([]);
    expect(confirmationOf(pipeline)).toBe('Move this transaction back to Pipeline?');
    expect(statusRequestOf(pipeline, { under_contract_dt: '01/02/2024' })).toEqual({ status_id: 1 });
    expect(statusValueErrors(pipeline, {})).toEqual({});
  });

  it('asks for the dates of the target status, each required', () => {
    expect(statusDialogMode(underContract)).toBe('dates');
    expect(statusInputs(underContract)).toEqual(['under_contract_dt', 'est_close_dt']);
    expect(statusValueErrors(underContract, {})).toEqual({
      under_contract_dt: 'This field is required',
      est_close_dt: 'This field is required',
    });
    expect(statusValueErrors(underContract, { under_contract_dt: '13/45/2024', est_close_dt: '01/02/2031' })).toEqual({
      under_contract_dt: 'Please enter a valid date (MM/DD/YYYY)',
      est_close_dt: 'Please enter a date between 2000 and 2030',
    });
    expect(statusValueErrors(underContract, { under_contract_dt: '03/01/2024', est_close_dt: '04/15/2024' })).toEqual({});
    expect(
      statusRequestOf(underContract, { under_contract_dt: '03/01/2024', est_close_dt: '04/15/2024', closed_dt: '05/01/2024' }),
    ).toEqual({
      status_id: 5,
      dates: { under_contract_dt: '03/01/2024', est_close_dt: '04/15/2024' },
    });
  });

  it('asks Lost for its date and a lost reason', () => {
    expect(statusInputs(lost)).toEqual(['lost_dt', 'lost_reason']);
    expect(statusValueErrors(lost, { lost_dt: '03/01/2024' })).toEqual({ lost_reason: 'This field is required' });
    expect(statusRequestOf(lost, { lost_dt: '03/01/2024', lost_reason: 'Stopped responding' })).toEqual({
      status_id: 7,
      dates: { lost_dt: '03/01/2024', lost_reason: 'Stopped responding' },
    });
  });

  it('starts from the dates the transaction already has', () => {
    expect(statusStartValues(underContract, { under_contract_dt: '02/01/2024', est_close_dt: null } as never)).toEqual({
      under_contract_dt: '02/01/2024',
      est_close_dt: null,
    });
    expect(confirmationOf(status(9, 'On Hold', []))).toBe('Move this transaction to On Hold?');
  });

  it("starts a board's drop at the default date where the transaction has none (the lost reason stays empty)", () => {
    expect(statusStartValues(underContract, { under_contract_dt: '02/01/2024' } as never, '11/24/2026')).toEqual({
      under_contract_dt: '02/01/2024',
      est_close_dt: '11/24/2026',
    });
    expect(statusStartValues(lost, null, '11/24/2026')).toEqual({ lost_dt: '11/24/2026', lost_reason: null });
  });
});
