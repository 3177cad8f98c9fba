import { fieldErrorsOf, hasFieldErrors, messageOf } from './fieldErrors';
import { COMMON_MESSAGES } from '../messages';

export type Notify = (
  message: string,
  options?: { type?: 'error' | 'success' | 'info' | 'warning'; autoHideDuration?: number | null },
) => void;

/**
 * What a form shows when its save fails: field errors go under their fields (first message per
 * field, returned for react-admin's <Form>) with the spec's form error toast; an error without field
 * errors (403, 404, 409, server away) is the server's message as a toast. `fields` names the form's
 * inputs: a field error for something the form does not show is a toast too, never lost.
 */
export function submitErrors(error: unknown, notify: Notify, fields?: readonly string[]): Record<string, string> | undefined {
  if (hasFieldErrors(error)) {
    const byField = fieldErrorsOf(error);
    const placed = fields ? Object.fromEntries(Object.entries(byField).filter(([field]) => fields.includes(field))) : byField;
    if (Object.keys(placed).length > 0) {
      notify(COMMON_MESSAGES.formError, { type: 'error' });
      return placed;
    }
    notify(Object.values(byField)[0], { type: 'error' });
    return undefined;
  }
  notify(messageOf(error, COMMON_MESSAGES.serverError), { type: 'error' });
  return undefined;
}

/**
 * A form's save: `save` sends it, `onSaved` applies the server's answer on the screen, then
 * `savedMessage` says it worked. A failure answers what submitErrors does (the field errors for
 * react-admin's <Form>, or nothing after a toast).
 */
export async function submitSave<A>(
  notify: Notify,
  {
    save,
    onSaved,
    savedMessage,
    fields,
  }: {
    save: () => Promise<A>;
    onSaved: (answer: A) => void;
    savedMessage: string;
    fields?: readonly string[];
  },
): Promise<Record<string, string> | undefined> {
  try {
    const answer = await save();
    onSaved(answer);
    notify(savedMessage, { type: 'success' });
    return undefined;
  } catch (error) {
    return submitErrors(error, notify, fields);
  }
}
