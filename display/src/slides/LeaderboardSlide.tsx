import { lazy, Suspense } from 'react';
import type { LeaderboardResponse } from '@app/contracts';
import { messages } from '../messages';
import { AgentAvatar } from '../screen/AgentAvatar';
import { CrownIcon } from '../screen/Icons';
import { excludedNotice, formatLeaderboardCount, formatPercent, leaderboardTitle, showsTotalProduction } from '../slideshow/format';

const m = messages.slides.leaderboard;

// recharts is big: its own chunk, loaded when a leaderboard first shows.
const LeaderboardDoughnut = lazy(() => import('./LeaderboardDoughnut'));

/** Rows that fit a TV screen; the doughnut holds the rest as 'All others'. */
export const LEADERBOARD_ROWS = 10;

/**
 * Dashboard 4: the title (with '(YTD)' on a ytd slide), the ranked rows (the roster's rows: place and its
 * colour, avatar, name, group, a crown on first place, count, percentage), the notice of excluded agents,
 * the doughnut and Total Production.
 */
export function LeaderboardSlide({ board, ytd }: { board: LeaderboardResponse; ytd: boolean }) {
  const rows = board.leaderboard_data.slice(0, LEADERBOARD_ROWS);
  const notice = excludedNotice(board);
  return (
    <section className="slide leaderboard-slide" aria-labelledby="slide-title" data-testid="leaderboard">
      <header className="slide__header">
        <h1 id="slide-title" className="slide__title" data-testid="leaderboard-title">
          {leaderboardTitle(board, ytd)}
        </h1>
      </header>
      <div className="leaderboard-slide__body">
        {rows.length === 0 ? (
          <p className="slide__empty">{m.empty}</p>
        ) : (
          <ol className="leaderboard" style={{ gridTemplateRows: `repeat(${LEADERBOARD_ROWS}, minmax(0, 1fr))` }}>
            {rows.map((row) => (
              <li key={row.agent_id} className="roster__agent leaderboard__row" data-testid="leaderboard-row" data-place={row.place}>
                <span className="leaderboard__place" style={{ background: row.color }} data-testid="leaderboard-place">
                  {row.place}
                </span>
                <AgentAvatar name={row.agent_name} imagePath={row.profile_image_path} />
                <span className="roster__details">
                  <span className="roster__name leaderboard__name" data-testid="leaderboard-name">
                    <span className="leaderboard__name-text">{row.agent_name}</span>
                    {row.place === 1 && <CrownIcon label={m.firstPlace} />}
                  </span>
                  <span className="roster__roles">{row.group_name}</span>
                </span>
                <span className="leaderboard__count" data-testid="leaderboard-count">
                  {formatLeaderboardCount(board, row.item_count)}
                </span>
                <span className="leaderboard__percentage" data-testid="leaderboard-percentage">
                  {formatPercent(row.percentage)}
                </span>
              </li>
            ))}
          </ol>
        )}
        <aside className="leaderboard-slide__side">
          <div className="leaderboard-slide__chart" aria-label={m.chart} role="img">
            <Suspense fallback={null}>
              <LeaderboardDoughnut board={board} />
            </Suspense>
            {showsTotalProduction(board) && (
              <div className="total-production" data-testid="total-production">
                <span className="total-production__label">{m.totalProduction}</span>
                <span className="total-production__value">{formatLeaderboardCount(board, board.total)}</span>
              </div>
            )}
          </div>
          {notice && (
            <p className="leaderboard-slide__excluded" data-testid="excluded-notice">
              {notice}
            </p>
          )}
        </aside>
      </div>
    </section>
  );
}
