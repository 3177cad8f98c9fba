import { MESSAGE_TEMPLATE_MAX_LENGTH } from '@app/contracts';
import { maxLength, required } from '../../common/rules';

// Rules of the send-document message template (docs/admin-api.md): required, at most 5000 characters.

export const MESSAGE_TEMPLATE_FIELDS = ['message_template'] as const;
export const messageTemplateRules = [required, maxLength(MESSAGE_TEMPLATE_MAX_LENGTH)];

/** The counter under the field: how much is used of the limit, and whether it is over. */
export function templateUsage(value: unknown): { count: number; max: number; over: boolean } {
  const count = typeof value === 'string' ? value.length : 0;
  return { count, max: MESSAGE_TEMPLATE_MAX_LENGTH, over: count > MESSAGE_TEMPLATE_MAX_LENGTH };
}
