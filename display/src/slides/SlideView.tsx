import type {
  ActivityDashboardData,
  CircleDashboardData,
  DashboardResponse,
  LeaderboardResponse,
  Role,
  StatsDashboardData,
} from '@app/contracts';
import type { SlidePayload } from '../slideshow/slide-data';
import type { Slide } from '../slideshow/slides';
import { ActivitySlide } from './ActivitySlide';
import { CircleDashboardSlide } from './CircleDashboardSlide';
import { LeaderboardSlide } from './LeaderboardSlide';
import { StatsSlide } from './StatsSlide';

/** The figures of one slide, drawn by its kind. */
export default function SlideView({
  slide,
  data,
  roles,
  width,
}: {
  slide: Slide;
  data: SlidePayload;
  roles: readonly Role[];
  width: number;
}) {
  switch (slide.kind) {
    case 'circles':
      return <CircleDashboardSlide response={data as DashboardResponse<CircleDashboardData>} roles={roles} />;
    case 'stats':
      return <StatsSlide response={data as DashboardResponse<StatsDashboardData>} roles={roles} />;
    case 'activity':
      return <ActivitySlide response={data as DashboardResponse<ActivityDashboardData>} width={width} />;
    case 'leaderboard':
      return <LeaderboardSlide board={data as LeaderboardResponse} ytd={slide.ytd} />;
  }
}
