import { NOTIFICATION_RECIPIENTS_MAX } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { addRecipient, canSendUpdated, fieldErrorsByFormField, formFieldOf, sendRequestOf } from './rules';

describe('notification dialog rules', () => {
  it('disables Send Updated Email without recipients, except when the source is a task', () => {
    expect(canSendUpdated([], 'other')).toBe(false);
    expect(canSendUpdated([], 'task')).toBe(true);
    expect(canSendUpdated(['betty@example.com'], 'other')).toBe(true);
  });

  it('adds a typed address with the EmailInput rule, once, at most 50', () => {
    expect(addRecipient([], ' betty@example.com ')).toEqual({ recipients: ['betty@example.com'] });
    expect(addRecipient(['betty@example.com'], 'BETTY@example.com')).toEqual({ recipients: ['betty@example.com'] });
    expect(addRecipient([], 'betty@example')).toEqual({ recipients: [], error: 'This is an invalid email address' });
    expect(addRecipient([], 'betty..g@example.com').error).toBe('This is an invalid email address');
    expect(addRecipient(['a@example.com'], '')).toEqual({ recipients: ['a@example.com'] });
    const full = Array.from({ length: NOTIFICATION_RECIPIENTS_MAX }, (_, index) => `r${index}@example.com`);
    expect(addRecipient(full, 'one.more@example.com')).toEqual({ recipients: full, error: 'At most 50 recipients' });
  });

  it("puts the server's field errors on the dialog's fields", () => {
    expect(formFieldOf('recipients')).toBe('recipients');
    expect(formFieldOf('recipients[2]')).toBe('recipients');
    expect(formFieldOf('recipients.2')).toBe('recipients');
    expect(formFieldOf('message')).toBe('message_html');
    expect(formFieldOf('message.html')).toBe('message_html');
    expect(formFieldOf('message.text')).toBe('message_text');
    expect(formFieldOf('from_email')).toBe('from_email');
    expect(formFieldOf('subject')).toBe('subject');
    expect(formFieldOf('template')).toBe('template');
    expect(formFieldOf('task_ids')).toBeNull();
    expect(
      fieldErrorsByFormField({ 'recipients.1': 'This is an invalid email address', 'recipients.3': 'other', task_ids: 'Not found' }),
    ).toEqual({
      fields: { recipients: 'This is an invalid email address' },
      other: 'Not found',
    });
  });

  it('sends the edited email: recipients only when there are some, the plain text only when edited', () => {
    const values = {
      subject: 'Closing on 2119 Highland Blvd',
      message_html: '<p>Hi Betty</p>',
      message_text: 'Hi Betty',
      from_email: 'sawyer@example.com',
    };
    expect(sendRequestOf(31, values, [], false)).toEqual({
      task_ids: [31],
      subject: 'Closing on 2119 Highland Blvd',
      message: { html: '<p>Hi Betty</p>' },
      from_email: 'sawyer@example.com',
    });
    expect(sendRequestOf(31, values, ['betty@example.com'], true)).toEqual({
      task_ids: [31],
      subject: 'Closing on 2119 Highland Blvd',
      message: { html: '<p>Hi Betty</p>', text: 'Hi Betty' },
      recipients: ['betty@example.com'],
      from_email: 'sawyer@example.com',
    });
  });
});
