import type { UserDefaults } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { defaultsPatch, formChoices } from './settingsForm';

const FORMS = [
  { team_form_id: 1, name: 'Buyer Standard', client_type_id: 'b' as const, edit_only: false },
  { team_form_id: 2, name: 'Seller Standard', client_type_id: 's' as const, edit_only: false },
  { team_form_id: 3, name: 'Buyer Edit', client_type_id: 'b' as const, edit_only: true },
];

const SAVED: UserDefaults = {
  default_scope: null,
  default_landing_page: 'SNAPSHOT',
  default_form: null,
  default_buyer_form: null,
  default_seller_form: null,
  default_transaction_page_form: null,
  ui_scale: 'ui-default',
  ui_font_weight: 'fw-400',
  dark_mode: false,
};

describe('account settings form', () => {
  it('offers buyer forms, seller forms or all forms', () => {
    expect(formChoices(FORMS, 'b').map((choice) => choice.id)).toEqual([1, 3]);
    expect(formChoices(FORMS, 's')).toEqual([{ id: 2, name: 'Seller Standard' }]);
    expect(formChoices(FORMS, 'all')).toHaveLength(3);
  });

  it('sends only what changed', () => {
    expect(defaultsPatch({ ...SAVED, dark_mode: true, ui_scale: 'ui-large' }, SAVED, true)).toEqual({
      dark_mode: true,
      ui_scale: 'ui-large',
    });
    expect(defaultsPatch(SAVED, SAVED, true)).toEqual({});
  });

  it('clears a form with null and leaves market-0 settings out for other markets', () => {
    expect(defaultsPatch({ ...SAVED, default_form: '' as never }, { ...SAVED, default_form: 4 }, true)).toEqual({
      default_form: null,
    });
    expect(defaultsPatch({ ...SAVED, default_buyer_form: 1, dark_mode: true }, SAVED, false)).toEqual({ dark_mode: true });
  });
});
