import {
  FORM_FIELD_MESSAGES,
  TRANSACTION_EDIT_MESSAGES,
  type StatusDateField,
  type StatusOption,
  type TransactionDetail,
  type TransactionStatusRequest,
} from '@app/contracts';
import { dateRule, isBlank } from '../../shared/form-fields/rules';

// The status-change dialog's rules (spec 001 sections 2 and 4): a status asks for its dates (and Lost
// for a lost reason), each required once touched; a status that asks for nothing (Pipeline) only asks
// for a confirmation and sends no dates. Pure: the dialog and the tests share it.

export type StatusDialogMode = 'confirm' | 'dates';

type StatusAsks = Pick<StatusOption, 'dates' | 'asks_lost_reason'>;

/** Nothing to ask (Pipeline): a confirmation; otherwise the status's dates. */
export const statusDialogMode = (status: StatusAsks): StatusDialogMode =>
  (status.dates?.length ?? 0) === 0 && !status.asks_lost_reason ? 'confirm' : 'dates';

/** The inputs of the dialog for a status, in order: its dates, then lost_reason when it asks for one. */
export function statusInputs(status: StatusAsks): Array<StatusDateField | 'lost_reason'> {
  return [...(status.dates ?? []), ...(status.asks_lost_reason ? (['lost_reason'] as const) : [])];
}

/** The question of a status that asks for nothing: the spec's words for Pipeline. */
export function confirmationOf(status: Pick<StatusOption, 'label' | 'category'>): string {
  return status.label.trim().toLowerCase() === 'pipeline'
    ? TRANSACTION_EDIT_MESSAGES.pipelineConfirm
    : `Move this transaction to ${status.label}?`;
}

/**
 * The dialog's starting values: the dates the transaction already has (a move back keeps them); an empty
 * date starts at `defaultDate` when one is given (a board's drop: today). The lost reason starts empty.
 */
export function statusStartValues(
  status: StatusAsks,
  dates: Partial<TransactionDetail['dates']> | null | undefined,
  defaultDate?: string,
): Record<string, string | null> {
  return Object.fromEntries(
    statusInputs(status).map((key) => [key, dates?.[key] ?? (key === 'lost_reason' ? null : (defaultDate ?? null))]),
  );
}

/**
 * What is wrong with the dialog's values (every input, touched or not; the dialog shows a message once
 * its input is touched or Save was pressed): each input is required, dates MM/DD/YYYY in 2000 to 2030.
 */
export function statusValueErrors(status: StatusAsks, values: Record<string, unknown>): Record<string, string> {
  const errors: Record<string, string> = {};
  const checkDate = dateRule('/');
  for (const key of statusInputs(status)) {
    const value = values[key];
    if (isBlank(value)) errors[key] = FORM_FIELD_MESSAGES.required;
    else if (key !== 'lost_reason') {
      const problem = checkDate(value, values, {} as never);
      if (typeof problem === 'string') errors[key] = problem;
    }
  }
  return errors;
}

/** PATCH /transaction/{client_id}/status: the status and its dates; a confirmation sends no dates. */
export function statusRequestOf(status: Pick<StatusOption, 'id'> & StatusAsks, values: Record<string, unknown>): TransactionStatusRequest {
  if (statusDialogMode(status) === 'confirm') return { status_id: status.id };
  const dates: NonNullable<TransactionStatusRequest['dates']> = {};
  for (const key of statusInputs(status)) {
    const value = values[key];
    if (typeof value === 'string' && value.trim() !== '') dates[key] = value.trim();
  }
  return { status_id: status.id, dates };
}
