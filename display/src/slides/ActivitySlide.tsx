import type { ActivityDashboardData, DashboardResponse } from '@app/contracts';
import { messages } from '../messages';
import { AgentAvatar } from '../screen/AgentAvatar';
import { activityCountFor, formatActivityTime } from '../slideshow/format';

/** Dashboard 3: the newest activities, 16 at a width of 1280 px or less, otherwise 28, in two columns. */
export function ActivitySlide({ response, width }: { response: DashboardResponse<ActivityDashboardData>; width: number }) {
  const count = activityCountFor(width);
  const items = (response.data.activities ?? []).slice(0, count);
  return (
    <section
      className="slide activity-slide"
      aria-labelledby="slide-title"
      data-testid="activity-dashboard"
      data-capacity={count}
      data-available={response.data.activities?.length ?? 0}
    >
      <header className="slide__header">
        <h1 id="slide-title" className="slide__title">
          {response.title}
        </h1>
      </header>
      {items.length === 0 ? (
        <p className="slide__empty">{messages.slides.activity.empty}</p>
      ) : (
        <ol className="activity" style={{ gridTemplateRows: `repeat(${count / 2}, minmax(0, 1fr))` }}>
          {items.map((item) => (
            <li key={item.id} className="activity__item" data-testid="activity-item">
              <AgentAvatar name={item.agent_name} imagePath={item.profile_image_path} className="activity__avatar" />
              <span className="activity__text">
                <strong className="activity__agent">{item.agent_name}</strong> {item.text}
              </span>
              <time className="activity__time" dateTime={item.ts}>
                {formatActivityTime(item.ts)}
              </time>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
