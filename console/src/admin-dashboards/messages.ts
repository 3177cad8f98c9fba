import { ACCOUNT_MESSAGES, DASHBOARD_MESSAGES, GOAL_METRIC_LABELS, LEADERBOARD_TITLES } from '@app/contracts';

// Words of the dashboard administration screens (Goals, Display Settings, Log Activity). The
// server's messages ('Goals saved', 'Display settings saved', the field messages) come word for word from
// the contract (DASHBOARD_MESSAGES, shared with the transactions service); the screens' own labels below.
export { DASHBOARD_MESSAGES, GOAL_METRIC_LABELS, LEADERBOARD_TITLES };

export const DASHBOARD_ADMIN_MESSAGES = {
  formError: ACCOUNT_MESSAGES.formError,
  serverError: ACCOUNT_MESSAGES.serverError,
} as const;

export const DASHBOARD_ADMIN_LABELS = {
  // Menu entries and page titles.
  goalsTitle: 'Goals',
  displayTitle: 'Display Settings',
  activityTitle: 'Log Activity',

  save: 'Save',
  saving: 'Saving…',
  retry: 'Retry',
  cancel: 'Cancel',
  back: 'Back',

  // Goals
  goalsIntro:
    "Yearly goals of the team and of each active agent. The dashboards prorate them over the chosen dates; without a team goal, the team's is the sum of its agents'.",
  year: 'Year',
  name: 'Name',
  team: 'Team',
  goalsLoadFailed: 'The goals could not be loaded.',
  noAgents: 'Your team has no active agents yet: only the team goals can be set.',
  noRows: 'There is nothing to set goals for.',
  unsaved: (count: number) => (count === 1 ? '1 unsaved change' : `${count} unsaved changes`),
  noChanges: 'No unsaved changes',
  // After the metric in a cell's name ('Closed for Ann Lee'): a space first, where the hidden part begins.
  cellLabelTail: (name: string) => ` for ${name}`,
  goalsTable: 'Goals of the team and each agent',
  discardTitle: 'Discard changes?',
  discardContent: (year: number) => `Your unsaved goal changes will be lost if you switch to ${year}.`,
  discard: 'Discard',

  // Display settings
  displayIntro: 'The slides the office TVs rotate through in Display Mode, in this order.',
  slides: 'Slides',
  slideNumber: (n: number) => `Slide ${n}`,
  dashboard: 'Dashboard',
  dashboardOption: (id: number, name: string) => `${name} (${id})`,
  report: 'Report',
  ytd: 'Year to date (YTD)',
  addSlide: 'Add Slide',
  moveUp: (n: number) => `Move slide ${n} up`,
  moveDown: (n: number) => `Move slide ${n} down`,
  removeSlide: (n: number) => `Remove slide ${n}`,
  maxSlides: (max: number) => `At most ${max} slides`,
  defaultDashboard: 'Default circle dashboard',
  defaultDashboardHelp: 'The circle dashboard Display Mode opens with.',
  displayLoadFailed: 'The display settings could not be loaded.',

  // Log Activity
  activityOf: 'Activity of',
  ownActivity: 'Your activity',
  when: 'When',
  activity: 'Activity',
  emptyActivity: 'No activity recorded yet.',
  activityLoadFailed: 'The activity could not be loaded.',
  userNotFound: 'This user does not exist in your team.',
  activityTable: 'Activity rows',
} as const;

/** A report's title ('Closed', 'Volume', ...). */
export const reportTitle = (report: keyof typeof LEADERBOARD_TITLES) => LEADERBOARD_TITLES[report];
