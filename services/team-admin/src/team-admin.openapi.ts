import { arr, bool, dateTime, dict, int, named, nullable, obj, oneOf, PAGINATION_SCHEMA, recordsOf, str, successWith } from '@app/platform';

/** The answers of the team-admin service in its OpenAPI document, after libs/contracts admin.ts and tooltips.ts. */
const nullableStr = nullable(str());
const side = nullable(str({ enum: ['b', 's'], description: 'null: All' }));

export const TEAM_SETTINGS_SCHEMA = named(
  'TeamSettings',
  obj({
    team_id: int(),
    name: str(),
    address_1: nullableStr,
    address_2: nullableStr,
    city: nullableStr,
    state: nullableStr,
    postal_code: nullableStr,
    timezone: nullable(str({ description: 'An IANA name or UTC' })),
    logo_url: nullable(str({ description: 'A signed, expiring URL' })),
  }),
);
export const TEAM_SETTINGS_SAVED_SCHEMA = successWith(TEAM_SETTINGS_SCHEMA);
export const LOGO_URL_SCHEMA = obj({ url: nullable(str({ description: 'A signed, expiring URL; null without a logo' })) });

export const FOLDER_SCHEMA = named(
  'DocumentFolder',
  obj({ client_document_folder_id: int(), folder_name: str(), transaction_type: side, client_visible: bool(), vendor_visible: bool(), system: bool() }),
);
export const FOLDERS_SCHEMA = oneOf(recordsOf(FOLDER_SCHEMA), obj({ record: FOLDER_SCHEMA }, { description: 'With folder_id: that folder' }));
export const FOLDER_SAVED_SCHEMA = successWith(FOLDER_SCHEMA);

export const CATEGORY_SCHEMA = named('DocumentCategory', obj({ team_document_category_id: int(), name: str() }));
export const CATEGORIES_SCHEMA = recordsOf(CATEGORY_SCHEMA);
export const CATEGORY_SAVED_SCHEMA = successWith(CATEGORY_SCHEMA);

export const DOCUMENT_TYPE_SCHEMA = named(
  'DocumentType',
  obj({ id: int(), team_document_type_id: int(), name: str(), team_document_category_id: nullable(int()), category_name: nullableStr }),
);
export const DOCUMENT_TYPES_SCHEMA = obj({ records: arr(DOCUMENT_TYPE_SCHEMA), pagination: PAGINATION_SCHEMA });
export const DOCUMENT_TYPE_SAVED_SCHEMA = successWith(DOCUMENT_TYPE_SCHEMA);

const messageTemplate = obj({ message_template: str() });
export const MESSAGE_TEMPLATE_SCHEMA = messageTemplate;
export const MESSAGE_TEMPLATE_SAVED_SCHEMA = successWith(messageTemplate);

const notificationSetting = obj({ notification_id: int(), name: str(), enabled: bool() });
export const NOTIFICATION_SETTINGS_SCHEMA = obj({ records: arr(notificationSetting) });
export const NOTIFICATION_SETTING_SAVED_SCHEMA = successWith(notificationSetting);

const option = obj({ id: str(), label: str() });
export const BLACKOUT_OPTIONS_SCHEMA = obj({ holidays: arr(option), weekdays: arr(option) });
const blackoutDay = obj({
  team_blackout_day_id: int(),
  kind: str({ enum: ['holiday', 'weekday', 'custom'] }),
  predefined_day_key: nullableStr,
  day_label: str(),
  day_date: nullable(str({ description: 'MM-DD-YYYY for custom days' })),
});
export const BLACKOUT_DAYS_SCHEMA = obj({ records: arr(blackoutDay) });
export const BLACKOUT_DAY_SAVED_SCHEMA = successWith(blackoutDay);

const position = str({ enum: ['top', 'right', 'bottom', 'left'] });
const tooltip = { id: int(), content: str({ description: 'Sanitised rich text' }), position };
export const TOOLTIP_RECORD_SCHEMA = named('TooltipRecord', obj({ ...tooltip, market_id: int(), key: nullableStr, updated_ts: dateTime() }));
export const TOOLTIPS_SCHEMA = obj({ status: str({ enum: ['success'] }), tooltips: dict(obj(tooltip), 'By tooltip id') });
export const TOOLTIP_RECORDS_SCHEMA = obj({ records: arr(TOOLTIP_RECORD_SCHEMA) });
export const TOOLTIP_SAVED_SCHEMA = successWith(TOOLTIP_RECORD_SCHEMA);
