import { HttpError } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { COMMON_MESSAGES } from '../messages';
import { submitSave } from './submitErrors';

describe(submitSave.name, () => {
  it('applies the answer, says it worked, and places nothing', async () => {
    const notify = vi.fn();
    const onSaved = vi.fn();

    const placed = await submitSave(notify, {
      save: async () => ({ record: { id: 3 } }),
      onSaved,
      savedMessage: 'Saved',
      fields: ['name'],
    });

    expect(placed).toBeUndefined();
    expect(onSaved).toHaveBeenCalledWith({ record: { id: 3 } });
    expect(notify).toHaveBeenCalledWith('Saved', { type: 'success' });
  });

  it("answers the form's field errors with the form error toast, and applies nothing", async () => {
    const notify = vi.fn();
    const onSaved = vi.fn();
    const refusal = new HttpError('Validation failed', 400, { errors: { name: 'Too long' } });

    const placed = await submitSave(notify, {
      save: () => Promise.reject(refusal),
      onSaved,
      savedMessage: 'Saved',
      fields: ['name'],
    });

    expect(placed).toEqual({ name: 'Too long' });
    expect(onSaved).not.toHaveBeenCalled();
    expect(notify).toHaveBeenCalledWith(COMMON_MESSAGES.formError, { type: 'error' });
  });

  it("says the server's message when there is nothing to place", async () => {
    const notify = vi.fn();

    const placed = await submitSave(notify, {
      save: () => Promise.reject(new HttpError('System folders cannot be edited or deleted', 403, {})),
      onSaved: vi.fn(),
      savedMessage: 'Saved',
    });

    expect(placed).toBeUndefined();
    expect(notify).toHaveBeenCalledWith('System folders cannot be edited or deleted', { type: 'error' });
  });
});
