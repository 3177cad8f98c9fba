import { useMemo } from 'react';
import { ROLE_LABELS, type Role } from '@app/contracts';
import { messages } from '../messages';
import type { AgentsRosterPayload } from '../socket/useAgentsRoster';
import { initialsOf, sortAgents } from './roster';

const m = messages.slides.roster;

function roleLabel(role: string): string {
  return ROLE_LABELS[role as Role] ?? role;
}

function formatTime(iso: string): string | null {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date.toLocaleTimeString(undefined, { hour: 'numeric', minute: '2-digit' });
}

export function RosterSlide({ roster, stale }: { roster: AgentsRosterPayload; stale: boolean }) {
  const agents = useMemo(() => sortAgents(roster.agents), [roster.agents]);
  const updatedAt = formatTime(roster.updated_at);

  return (
    <section className="slide roster-slide" aria-labelledby="roster-title">
      <header className="slide__header">
        <h1 id="roster-title" className="slide__title">
          {m.title}
        </h1>
        <span className="slide__meta">{m.count(agents.length)}</span>
      </header>
      {agents.length === 0 ? (
        <p className="slide__empty">{m.empty}</p>
      ) : (
        <ul className="roster" data-testid="roster">
          {agents.map((agent) => (
            <li
              key={agent.agent_id}
              className={`roster__agent${agent.status === 'active' ? '' : ' is-inactive'}`}
              data-testid="roster-agent"
              data-agent-id={agent.agent_id}
            >
              <span className="roster__avatar" aria-hidden="true">
                {initialsOf(agent.name)}
              </span>
              <span className="roster__details">
                <span className="roster__name" data-testid="roster-agent-name">
                  {agent.name}
                </span>
                <span className="roster__roles">
                  {agent.roles.map(roleLabel).join(' · ')}
                  {agent.status === 'active' ? '' : ` · ${m.inactive}`}
                </span>
              </span>
            </li>
          ))}
        </ul>
      )}
      <footer className="slide__footer">
        {stale && (
          <span className="slide__stale" data-testid="stale-notice">
            {m.staleNotice}
          </span>
        )}
        {updatedAt && <span className="slide__updated">{m.updatedAt(updatedAt)}</span>}
      </footer>
    </section>
  );
}
