import { PageFrame } from '../../shared/page/PageFrame';
import { ADMIN_TEAM_LABELS } from '../messages';
import { BlackoutDaysPanel } from './BlackoutDaysPanel';
import { TeamNotificationSwitches } from './TeamNotificationSwitches';

/** /app/admin/notifications: the team's notification switches and its Blackout Days (ADMIN only). */
const TeamNotificationsPage = () => (
  <PageFrame title={ADMIN_TEAM_LABELS.teamNotificationsTitle} testId="team-notifications-page" maxWidth={1000}>
    <TeamNotificationSwitches />
    <BlackoutDaysPanel />
  </PageFrame>
);

export default TeamNotificationsPage;
