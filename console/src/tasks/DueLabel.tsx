import type { TaskDue } from '@app/contracts';
import EventBusyIcon from '@mui/icons-material/EventBusy';
import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';
import { TASK_MESSAGES } from './messages';
import { DUE_STYLE_COLOURS } from './taskRules';

/** The blackout icon: its tooltip 'Date changed due to black out dates' (focusable, so keyboards reach it too). */
export const AdjustedIcon = ({ testId = 'task-due-adjusted' }: { testId?: string }) => (
  <Tooltip title={TASK_MESSAGES.dateAdjusted}>
    <Box
      component="span"
      tabIndex={0}
      role="img"
      aria-label={TASK_MESSAGES.dateAdjusted}
      data-testid={testId}
      sx={{ display: 'inline-flex', color: (theme) => DUE_STYLE_COLOURS.warning[theme.palette.mode], verticalAlign: 'middle' }}
    >
      <EventBusyIcon fontSize="small" />
    </Box>
  </Tooltip>
);

/** The due label in its style's colour, with the blackout icon when the date was moved. */
export const DueLabel = ({ due, testId = 'task-due' }: { due: TaskDue; testId?: string }) => (
  <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
    <Box
      component="span"
      sx={{ color: (theme) => DUE_STYLE_COLOURS[due.style]?.[theme.palette.mode] ?? theme.palette.text.primary, fontWeight: 500 }}
      data-testid={testId}
      data-style={due.style}
      title={due.trigger ?? undefined}
    >
      {due.label}
    </Box>
    {due.is_adjusted && <AdjustedIcon />}
  </Box>
);
