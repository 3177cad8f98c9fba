import { describe, expect, it } from 'vitest';
import { toggleNotification } from './notificationState';

const LIST = [
  { notification_id: 1, name: 'New task', enabled: true, team_override: false },
  { notification_id: 2, name: 'Closing soon', enabled: false, team_override: true },
];

describe('toggleNotification', () => {
  it('switches the one notification and leaves the list as it was', () => {
    const next = toggleNotification(LIST, 1, false);
    expect(next[0].enabled).toBe(false);
    expect(next[1]).toBe(LIST[1]);
    expect(LIST[0].enabled).toBe(true);
  });

  it('never switches a notification the team overrides', () => {
    expect(toggleNotification(LIST, 2, true)[1].enabled).toBe(false);
  });
});
