import { arr, dateTime, int, named, nullable, obj, oneOf, recordsOf, str } from '@app/platform';

/** The answers of the messaging service in its OpenAPI document, after libs/contracts messaging.ts. */
const nullableStr = nullable(str());

export const DIRECT_MESSAGE_SCHEMA = named('DirectMessage', {
  ...obj({
    dm_id: int(),
    parent_dm_id: nullable(int()),
    dm_value: str({ description: 'Sanitised rich text' }),
    author: obj({ name: str(), profile_image: nullableStr, agent_id: int() }),
    created_ts: dateTime(),
    updated_ts: nullable(dateTime()),
    read_ts: nullable(dateTime()),
    thread: arr({ $ref: '#/components/schemas/DirectMessage' }, { description: 'The replies' }),
  }),
});
export const DIRECT_MESSAGES_SCHEMA = recordsOf(DIRECT_MESSAGE_SCHEMA);

export const COMMENT_SCHEMA = named('Comment', {
  ...obj({
    comment_id: int(),
    parent_comment_id: nullable(int()),
    comment_type: str({ enum: ['trans', 'task', 'doc'] }),
    comment_on_id: int(),
    comment_value: str({ description: 'Sanitised rich text' }),
    visibility: str({ enum: ['i', 'c'], description: 'i internal, c client-facing' }),
    viewed_ts: nullable(dateTime()),
    author: obj({ name: str(), profile_image: nullableStr, id: int() }),
    created_ts: dateTime(),
    updated_ts: nullable(dateTime()),
    thread: arr({ $ref: '#/components/schemas/Comment' }, { description: 'The replies' }),
    transaction: obj({ client_id: int(), first_name: str(), last_name: str(), formatted_address: str() }),
    'task?': obj({ id: int(), name: str() }),
    'document?': obj({ id: int(), filename: str() }),
  }),
});
export const COMMENTS_SCHEMA = recordsOf(COMMENT_SCHEMA);
export const COMMENT_THREADS_SCHEMA = obj({ records: arr(COMMENT_SCHEMA) });
export const UPDATED_SCHEMA = obj({ updated: int() });
export const MESSAGE_SCHEMA = obj({ message: str() });

export const INBOX_COUNTS_SCHEMA = obj({ dms: int(), comments: int(), mentions: int() });
export const MENTION_OPTIONS_SCHEMA = arr(
  oneOf(
    obj({ type: str({ enum: ['user'] }), id: int(), label: str(), profile_image: nullableStr }),
    obj({ type: str({ enum: ['group'] }), id: str({ enum: ['all', 'team', 'agents', 'isas', 'tcs'] }), label: str(), profile_image: nullable(str()) }),
  ),
);
export const NOTIFICATION_PREVIEW_SCHEMA = obj({
  subject: str(),
  message: obj({ html: str(), text: str() }),
  recipients: arr(str()),
  from_email: str(),
  'template?': obj({ subject: str(), template: str({ description: 'Merge fields as written ({{address}})' }) }),
});
