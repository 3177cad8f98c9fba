import { TOOLTIP_MESSAGES } from '@app/contracts';

export const TOOLTIP_LABELS = {
  ...TOOLTIP_MESSAGES,
  help: 'Help',
  edit: 'Edit tooltip',
  listTitle: 'Tooltips',
  listIntro: 'Help content of the ? icons, per market. Market 0 is the default; another market overrides the tooltips it has.',
  editTitle: 'Edit Tooltip',
  content: 'Content',
  position: 'Position',
  market: 'Market',
  save: 'Save',
  back: 'Back to tooltips',
  none: 'No tooltips yet',
  positions: { top: 'Top', right: 'Right', bottom: 'Bottom', left: 'Left' },
  columns: { id: 'ID', key: 'Shown on', market: 'Market', position: 'Position', content: 'Content' },
} as const;
