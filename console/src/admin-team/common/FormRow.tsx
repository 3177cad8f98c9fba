import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

/** Inputs side by side on wide screens, stacked at 960px and less (spec 000 section 9). */
export const FormRow = ({ children }: { children: ReactNode }) => (
  <Box sx={{ display: 'flex', gap: { xs: 0, sm: 2 }, flexDirection: { xs: 'column', sm: 'row' }, '& > *': { flex: 1 } }}>
    {children}
  </Box>
);
