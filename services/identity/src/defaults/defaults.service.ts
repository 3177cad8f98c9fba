import { ForbiddenException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AuthenticatedUser } from '@app/auth';
import type { LandingPageChoice, UserDefaults } from '@app/contracts';
import { LANDING_PAGE_CHOICES } from './landing-pages';
import { UserDefaultsRepository, type StoredDefaults } from './user-defaults.repository';
import type { UpdateDefaultsDto } from './dto/update-defaults.dto';

export const DEFAULTS_MESSAGES = {
  marketOnly: 'Default scope and form settings are not available for this team.',
  userNotFound: 'User not found',
} as const;

// Shown (and writable) only when the team's market_id is 0 (spec 000 section 5).
const MARKET_ZERO_FIELDS = ['default_scope', 'default_form', 'default_buyer_form', 'default_seller_form', 'default_transaction_page_form'] as const;

@Injectable()
export class DefaultsService {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    private readonly defaults: UserDefaultsRepository,
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
