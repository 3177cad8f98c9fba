import Paper from '@mui/material/Paper';
import type { ReactNode } from 'react';

/**
 * The page's Save, kept in reach: under the content, and stuck to the bottom of the window while a long
 * list (a team's goals, many slides) scrolls past.
 */
export const SaveBar = ({ children, testId }: { children: ReactNode; testId: string }) => (
  <Paper
    elevation={3}
    data-testid={testId}
    sx={{
      position: 'sticky',
      bottom: 0,
      zIndex: 2,
      display: 'flex',
      alignItems: 'center',
      justifyContent: 'flex-end',
      flexWrap: 'wrap',
      gap: 2,
      px: 2,
      py: 1.5,
    }}
  >
    {children}
  </Paper>
);
