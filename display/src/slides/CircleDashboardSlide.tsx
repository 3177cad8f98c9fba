import type { CircleDashboardData, CircleEntry, DashboardResponse, Pace, Role, StatCard } from '@app/contracts';
import { messages } from '../messages';
import { formatCardValue, formatCount, formatPercent } from '../slideshow/format';
import { transactionsLinkOf } from '../slideshow/links';
import { GoalRing, ProgressBar } from './GoalRing';
import { LinkBox } from './LinkBox';

const m = messages.slides.circles;
const PACES: readonly Pace[] = ['not_on_pace', 'on_pace', 'achieved'];

function GoalStatCard({ card }: { card: StatCard }) {
  return (
    <div className="stat-card" data-testid="stat-card" data-card-id={card.id}>
      <span className="stat-card__label">{card.label}</span>
      <span className="stat-card__value" data-testid="stat-card-value">
        {formatCardValue(card, card.value)}
      </span>
      {card.goal !== null && (
        <>
          <ProgressBar percent={card.goal_percent} />
          <span className="stat-card__goal">{m.goal(formatCardValue(card, card.goal), formatPercent(card.goal_percent))}</span>
        </>
      )}
    </div>
  );
}

function Circle({ entry, roles, paced }: { entry: CircleEntry; roles: readonly Role[]; paced: boolean }) {
  const pace = paced ? (entry.pace ?? 'none') : null;
  return (
    <LinkBox
      href={transactionsLinkOf(entry.link_params, roles)}
      className={`circle${pace ? ` circle--paced pace--${pace}` : ''}`}
      label={`${entry.label}: ${formatCount(entry.value)}`}
      testId="circle"
      data-label={entry.label}
      data-value={entry.value ?? ''}
      data-pace={pace ?? undefined}
    >
      <span className="circle__disc">
        <GoalRing percent={entry.goal_percent} />
        <span className="circle__value">{formatCount(entry.value)}</span>
      </span>
      <span className="circle__label">{entry.label}</span>
      {paced && entry.goal !== null && (
        <span className="circle__goal">
          <span>{m.goal(formatCount(entry.goal), formatPercent(entry.goal_percent))}</span>
          <span>{m.pace(formatCount(entry.pacer_value), formatPercent(entry.pacer_percent))}</span>
        </span>
      )}
    </LinkBox>
  );
}

function Ratio({ entry }: { entry: CircleEntry }) {
  return (
    <div
      className="ratio"
      title={entry.label}
      aria-label={`${entry.label}: ${formatPercent(entry.ratio)}`}
      role="group"
      data-testid="ratio"
    >
      <span className="ratio__arrow" aria-hidden="true">
        →
      </span>
      <span className="ratio__value">{formatPercent(entry.ratio)}</span>
    </div>
  );
}

function SideRatio({ entry, side, roles }: { entry: CircleEntry; side: string; roles: readonly Role[] }) {
  return (
    <LinkBox
      href={transactionsLinkOf(entry.link_params, roles)}
      className="side-ratio"
      label={`${entry.label}: ${formatPercent(entry.ratio)}`}
      testId="side-ratio"
      data-side={side}
    >
      <span className="side-ratio__side">{side}</span>
      <span className="side-ratio__value">{formatPercent(entry.ratio)}</span>
      <span className="side-ratio__label">{entry.label}</span>
    </LinkBox>
  );
}

/**
 * Dashboards 7 and 9: goal stat cards, the funnel's circles with goal rings and the ratios between them,
 * the buyer and seller ratios, then under Pacing Goals the circles in their pace colours and the legend.
 */
export function CircleDashboardSlide({ response, roles }: { response: DashboardResponse<CircleDashboardData>; roles: readonly Role[] }) {
  const { contacts_circle_charts: charts, cohort_stat_cards: cards, side_components: sides } = response.data;
  return (
    <section className="slide circles-slide" aria-labelledby="slide-title" data-testid="circle-dashboard">
      <header className="slide__header">
        <h1 id="slide-title" className="slide__title">
          {response.title}
        </h1>
      </header>
      <div className="circles-slide__body">
        <div className="stat-cards">
          {cards.map((card) => (
            <GoalStatCard key={card.id} card={card} />
          ))}
        </div>
        <div className="funnel">
          <div className="funnel__circles">
            {charts.top.map((entry, i) =>
              entry.type === 'ratio' ? (
                <Ratio key={`r${i}`} entry={entry} />
              ) : (
                <Circle key={`c${i}`} entry={entry} roles={roles} paced={false} />
              ),
            )}
          </div>
          <div className="funnel__sides">
            <SideRatio entry={sides.buyer} side={m.buyer} roles={roles} />
            <SideRatio entry={sides.seller} side={m.seller} roles={roles} />
          </div>
        </div>
        <div className="divider" role="separator" aria-label={m.pacingGoals}>
          <span className="divider__text">{m.pacingGoals}</span>
        </div>
        <div className="pacing" data-testid="pacing-circles">
          {charts.bottom.map((entry, i) => (
            <Circle key={i} entry={entry} roles={roles} paced />
          ))}
        </div>
        <ul className="legend" aria-label={m.legendLabel} data-testid="pace-legend">
          {PACES.map((pace) => (
            <li key={pace} className={`legend__item pace--${pace}`}>
              <span className="legend__swatch" aria-hidden="true" />
              {m.legend[pace]}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
