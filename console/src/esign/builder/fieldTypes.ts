import {
  ESIGN_DEFAULT_DATE_FORMAT,
  ESIGN_FIELD_TYPES,
  ESIGN_OPTION_FIELD_TYPES,
  esignFieldOf,
  type EsignField,
  type EsignFieldArea,
  type EsignFieldType,
  type EsignPlatformType,
} from '@app/contracts';
import { FIELD_TYPE_LABELS } from './messages';
import { newUuid } from './uuid';

/** The palette: the 11 field types of spec section 9, in order. */
export const PALETTE_TYPES: readonly EsignFieldType[] = ESIGN_FIELD_TYPES;

/** A letter page in PDF points, for a page whose size is unknown. */
export const LETTER_PAGE = { width: 612, height: 792 };

/** A new field's size in PDF points (converted to fractions of its page when placed). */
const DEFAULT_SIZE_POINTS: Record<EsignFieldType, { width: number; height: number }> = {
  text: { width: 150, height: 20 },
  signature: { width: 160, height: 44 },
  initials: { width: 60, height: 36 },
  checkbox: { width: 16, height: 16 },
  select: { width: 130, height: 20 },
  radio: { width: 16, height: 16 },
  multiple: { width: 130, height: 20 },
  number: { width: 100, height: 20 },
  phone: { width: 110, height: 20 },
  date: { width: 90, height: 20 },
  strikethrough: { width: 150, height: 12 },
};

/** A new field's size as fractions of a page of `pageSize` points. */
export function defaultSizeOf(type: EsignFieldType, pageSize: { width: number; height: number } = LETTER_PAGE) {
  const size = DEFAULT_SIZE_POINTS[type];
  const width = pageSize.width > 0 ? pageSize.width : LETTER_PAGE.width;
  const height = pageSize.height > 0 ? pageSize.height : LETTER_PAGE.height;
  return { w: Math.min(1, size.width / width), h: Math.min(1, size.height / height) };
}

export function hasOptions(type: EsignFieldType): boolean {
  return ESIGN_OPTION_FIELD_TYPES.includes(type);
}

/** Which entry types (the spec's {product}_type) a field of this type may take. */
export function platformTypesOf(type: EsignFieldType): readonly EsignPlatformType[] {
  if (type === 'text') return ['hyperlink', 'phone'];
  if (type === 'number') return ['amount'];
  return [];
}

/** Signature, initials and strikethrough carry no value of their own (no default, pattern or mapping). */
export function takesValue(type: EsignFieldType): boolean {
  return type !== 'signature' && type !== 'initials' && type !== 'strikethrough';
}

/** Pattern, entry type and mapping apply to fields typed in as text. */
export function takesPattern(type: EsignFieldType): boolean {
  return type === 'text' || type === 'number' || type === 'phone';
}

/** The next free '{Type} {n}' name among the fields (names identify fields in the server's messages). */
export function nextFieldName(type: EsignFieldType, fields: readonly Pick<EsignField, 'name'>[]): string {
  const taken = new Set(fields.map((field) => field.name));
  const base = FIELD_TYPE_LABELS[type];
  let n = 1;
  while (taken.has(`${base} ${n}`)) n += 1;
  return `${base} ${n}`;
}

/** A new field of `type` for `roleUuid` at `area`, with the type's defaults. */
export function createField(
  type: EsignFieldType,
  roleUuid: string,
  area: EsignFieldArea,
  fields: readonly Pick<EsignField, 'name'>[],
): EsignField {
  return esignFieldOf({
    uuid: newUuid(),
    role_uuid: roleUuid,
    name: nextFieldName(type, fields),
    type,
    // A checkbox or a strikethrough left empty is an answer too.
    required: type !== 'checkbox' && type !== 'strikethrough',
    // The server wants at least one option on these: two to start with.
    options: hasOptions(type) ? [1, 2].map((n) => ({ value: `Option ${n}`, uuid: newUuid() })) : [],
    preferences: { format: type === 'date' ? ESIGN_DEFAULT_DATE_FORMAT : null, font_size: null },
    areas: [area],
  });
}
