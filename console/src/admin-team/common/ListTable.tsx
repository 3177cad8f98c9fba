import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { ADMIN_TEAM_LABELS } from '../messages';

/**
 * A small table of a list's rows with an Actions column last. It scrolls sideways on narrow screens
 * instead of squeezing the columns; `dimmed` while a reload runs.
 */
export const ListTable = ({
  testId,
  minWidth,
  headers,
  dimmed = false,
  children,
}: {
  testId: string;
  minWidth: number;
  /** The column titles before Actions. */
  headers: readonly ReactNode[];
  dimmed?: boolean;
  children: ReactNode;
}) => (
  <TableContainer sx={{ overflowX: 'auto', ...(dimmed ? { opacity: 0.6 } : {}) }}>
    <Table size="small" sx={{ minWidth }} data-testid={testId}>
      <TableHead>
        <TableRow>
          {headers.map((header, index) => (
            <TableCell key={index}>{header}</TableCell>
          ))}
          <TableCell align="right">{ADMIN_TEAM_LABELS.actions}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>{children}</TableBody>
    </Table>
  </TableContainer>
);

/** The Actions cell of a ListTable row. */
export const ActionsCell = ({ children }: { children: ReactNode }) => (
  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
    {children}
  </TableCell>
);

/** A list card's heading with its add button beside it. */
export const ListHeader = ({ title, children }: { title: string; children: ReactNode }) => (
  <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap', mb: 1 }}>
    <Typography variant="h6" component="h2">
      {title}
    </Typography>
    {children}
  </Box>
);
