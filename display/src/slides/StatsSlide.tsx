import type { DashboardResponse, Role, StatCard, StatsDashboardData } from '@app/contracts';
import { messages } from '../messages';
import { formatCardValue, formatPercent } from '../slideshow/format';
import { transactionsLinkOf } from '../slideshow/links';
import { ProgressBar } from './GoalRing';
import { LinkBox } from './LinkBox';

const m = messages.slides.stats;

/** The card of year-to-date GCI: highlighted, with its goal, pace and a progress bar. */
const HIGHLIGHTED_CARD = 'ytd_gci';

function Row2Card({ card, roles }: { card: StatCard; roles: readonly Role[] }) {
  const highlighted = card.id === HIGHLIGHTED_CARD;
  const paceMarker = card.goal && card.pacer_value !== null ? (card.pacer_value / card.goal) * 100 : null;
  return (
    <LinkBox
      href={transactionsLinkOf(card.link_params, roles)}
      className={`stats-card stats-card--row2${highlighted ? ' is-highlighted' : ''}`}
      testId="stats-card"
      data-card-id={card.id}
    >
      <span className="stats-card__value" data-testid="stats-card-value">
        {formatCardValue(card, card.value)}
      </span>
      <span className="stats-card__label">{card.label}</span>
      {highlighted && (
        <span className="stats-card__goal" data-testid="ytd-gci-progress">
          <ProgressBar percent={card.goal_percent} marker={paceMarker} testId="ytd-gci-bar" />
          <span className="stats-card__goal-lines">
            <span>
              {m.goal} {formatCardValue(card, card.goal)} · {formatPercent(card.goal_percent)}
            </span>
            <span>
              {m.pace} {formatCardValue(card, card.pacer_value)} · {formatPercent(card.pacer_percent)}
            </span>
          </span>
        </span>
      )}
    </LinkBox>
  );
}

function Row3Card({ card }: { card: StatCard }) {
  return (
    <div className="stats-card stats-card--row3" data-testid="stats-card" data-card-id={card.id}>
      <span className="stats-card__value">{formatCardValue(card, card.value)}</span>
      <span className="stats-card__label">{card.label}</span>
    </div>
  );
}

/** Dashboard 2: a title, the row of cards (row2, ytd_gci highlighted) and the row of smaller cards (row3). */
export function StatsSlide({ response, roles }: { response: DashboardResponse<StatsDashboardData>; roles: readonly Role[] }) {
  const { title, row2, row3 } = response.data;
  return (
    <section className="slide stats-slide" aria-labelledby="slide-title" data-testid="stats-dashboard">
      <header className="slide__header">
        <h1 id="slide-title" className="slide__title">
          {title}
        </h1>
      </header>
      <div className="stats-slide__body">
        <div className="stats-row stats-row--2">
          {row2.map((card) => (
            <Row2Card key={card.id} card={card} roles={roles} />
          ))}
        </div>
        <div className="stats-row stats-row--3">
          {row3.map((card) => (
            <Row3Card key={card.id} card={card} />
          ))}
        </div>
      </div>
    </section>
  );
}
