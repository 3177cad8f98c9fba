import type { TeamForm, UserDefaults } from '@app/contracts';

// Pure parts of Account Settings: form choices and the PATCH body.

export interface Choice {
  id: string | number;
  name: string;
}

/** Form choices of one kind: buyer (b), seller (s), or all forms. */
export function formChoices(forms: readonly TeamForm[], kind: 'b' | 's' | 'all'): Choice[] {
  return forms.filter((form) => kind === 'all' || form.client_type_id === kind).map((form) => ({ id: form.team_form_id, name: form.name }));
}

const MARKET_ZERO_FIELDS = [
  'default_scope',
  'default_form',
  'default_buyer_form',
  'default_seller_form',
  'default_transaction_page_form',
] as const;
const ALL_FIELDS: readonly (keyof UserDefaults)[] = [
  ...MARKET_ZERO_FIELDS,
  'default_landing_page',
  'ui_scale',
  'ui_font_weight',
  'dark_mode',
];

const normalize = (value: unknown) => (value === '' || value === undefined ? null : value);

/**
 * PATCH /user/profile/defaults body: only what changed (the server keeps absent fields). Default scope
 * and form settings only for market 0 (the server refuses changing them otherwise).
 */
export function defaultsPatch(values: Partial<UserDefaults>, previous: Partial<UserDefaults>, marketZero: boolean): Partial<UserDefaults> {
  const patch: Record<string, unknown> = {};
  for (const field of ALL_FIELDS) {
    if (!marketZero && (MARKET_ZERO_FIELDS as readonly string[]).includes(field)) continue;
    const next = normalize(values[field]);
    if (next === null && (field === 'default_landing_page' || field.startsWith('ui_') || field === 'dark_mode')) continue;
    if (next !== normalize(previous[field])) patch[field] = next;
  }
  return patch as Partial<UserDefaults>;
}
