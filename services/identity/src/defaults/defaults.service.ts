import { ForbiddenException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AuthenticatedUser } from '@app/auth';
import type { FieldError, LandingPageChoice, TeamForm, UserDefaults } from '@app/contracts';
import { FieldErrorsException } from '@app/platform';
import { RpcClient } from '@app/rpc';
import { LANDING_PAGE_CHOICES } from './landing-pages';
import { UserDefaultsRepository, type StoredDefaults } from './user-defaults.repository';
import type { UpdateDefaultsDto } from './dto/update-defaults.dto';

export const DEFAULTS_MESSAGES = {
  marketOnly: 'Default scope and form settings are not available for this team.',
  userNotFound: 'User not found',
  notTeamForm: 'Choose a form of your team',
  notBuyerForm: 'Choose a buyer form of your team',
  notSellerForm: 'Choose a seller form of your team',
} as const;

// Shown (and writable) only when the team's market_id is 0 (spec 000 section 5).
const MARKET_ZERO_FIELDS = [
  'default_scope',
  'default_form',
  'default_buyer_form',
  'default_seller_form',
  'default_transaction_page_form',
] as const;

// Each default form must be one of the team's forms (GET /user/forms), of the side its name says.
const FORM_FIELDS = {
  default_form: { side: null, message: DEFAULTS_MESSAGES.notTeamForm },
  default_buyer_form: { side: 'b', message: DEFAULTS_MESSAGES.notBuyerForm },
  default_seller_form: { side: 's', message: DEFAULTS_MESSAGES.notSellerForm },
  default_transaction_page_form: { side: null, message: DEFAULTS_MESSAGES.notTeamForm },
} as const satisfies Record<string, { side: TeamForm['client_type_id'] | null; message: string }>;
type FormField = keyof typeof FORM_FIELDS;

@Injectable()
export class DefaultsService {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    private readonly defaults: UserDefaultsRepository,
    private readonly rpc: RpcClient,
  ) {}

  landingPageChoices(): readonly LandingPageChoice[] {
    return LANDING_PAGE_CHOICES;
  }

  async get(caller: AuthenticatedUser): Promise<UserDefaults> {
    const stored = await this.defaults.find(caller.agent_id, caller.team_id);
    if (!stored) throw new NotFoundException(DEFAULTS_MESSAGES.userNotFound);
    return wireOf(stored);
  }

  async update(caller: AuthenticatedUser, changes: UpdateDefaultsDto): Promise<UserDefaults> {
    // Forms live in the transactions service: asked before the write, so no transaction waits on it.
    await this.checkForms(caller, changes);
    return this.dataSource.transaction(async (manager) => {
      const stored = await this.defaults.find(caller.agent_id, caller.team_id, manager);
      if (!stored) throw new NotFoundException(DEFAULTS_MESSAGES.userNotFound);
      const marketChange = MARKET_ZERO_FIELDS.some((f) => changes[f] !== undefined && changes[f] !== stored[f]);
      if (marketChange && stored.market_id !== 0) throw new ForbiddenException(DEFAULTS_MESSAGES.marketOnly);
      const { default_landing_page, ...columns } = changes;
      if (default_landing_page !== undefined) await this.defaults.setLandingPage(caller.agent_id, default_landing_page, manager);
      await this.defaults.upsert(caller.agent_id, columns, manager);
      const saved = await this.defaults.find(caller.agent_id, caller.team_id, manager);
      return wireOf(saved!);
    });
  }

  /**
   * Refuses a default form that is not one of the caller's team's forms of the right side (another
   * team's id, an unknown one, a seller form as default_buyer_form). Only changed, non-null values are
   * asked about: null clears, and the stored value may be sent back as it is.
   */
  private async checkForms(caller: AuthenticatedUser, changes: UpdateDefaultsDto): Promise<void> {
    const stored = await this.defaults.find(caller.agent_id, caller.team_id);
    // Unknown user or another market: update answers 404 or 403 as before.
    if (!stored || stored.market_id !== 0) return;
    const asked = (Object.keys(FORM_FIELDS) as FormField[]).filter((field) => changes[field] != null && changes[field] !== stored[field]);
    if (asked.length === 0) return;
    const forms = await this.rpc.send('transactions.forms.list', { team_id: caller.team_id });
    const errors: FieldError[] = asked
      .filter((field) => {
        const { side } = FORM_FIELDS[field];
        return !forms.some((form) => form.team_form_id === changes[field] && (side === null || form.client_type_id === side));
      })
      .map((field) => ({ field, error: FORM_FIELDS[field].message }));
    if (errors.length) throw new FieldErrorsException(errors);
  }
}

function wireOf(stored: StoredDefaults): UserDefaults {
  return {
    default_scope: stored.default_scope,
    default_landing_page: stored.default_landing_page,
    default_form: stored.default_form,
    default_buyer_form: stored.default_buyer_form,
    default_seller_form: stored.default_seller_form,
    default_transaction_page_form: stored.default_transaction_page_form,
    ui_scale: stored.ui_scale,
    ui_font_weight: stored.ui_font_weight,
    dark_mode: stored.dark_mode,
  };
}
