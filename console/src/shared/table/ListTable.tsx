import Box from '@mui/material/Box';
import type { Theme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { ReactNode } from 'react';
import { COMMON_LABELS } from '../messages';

/** A column of a ListTable: its title and what a row shows in it. */
export interface ListColumn<T> {
  key: string;
  header: ReactNode;
  render: (row: T) => ReactNode;
}

/** What a row's element carries besides its cells: its test id and data-* attributes. */
export type RowAttributes = { 'data-testid': string } & Record<`data-${string}`, string>;

/**
 * A list's rows with an Actions column last. On wide screens a table; at 960px and less (spec 000
 * section 9) stacked rows: the first column as the row's title with its actions beside it, the other
 * columns under it as 'Title: value', so nothing scrolls sideways and the actions stay in reach.
 * The rows carry the same test ids and data-* attributes either way; `dimmed` while a reload runs.
 */
export function ListTable<T>({
  testId,
  columns,
  rows,
  rowKey,
  rowAttributes,
  actions,
  minWidth,
  dimmed = false,
}: {
  testId: string;
  columns: readonly ListColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string | number;
  rowAttributes?: (row: T) => RowAttributes;
  actions: (row: T) => ReactNode;
  /** The table's least width on wide screens (columns do not squeeze under it). */
  minWidth?: number;
  dimmed?: boolean;
}) {
  const stacked = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const dimming = dimmed ? { opacity: 0.6 } : {};

  if (stacked) {
    const [first, ...rest] = columns;
    return (
      <Box component="ul" data-testid={testId} data-layout="stacked" sx={{ listStyle: 'none', m: 0, p: 0, ...dimming }}>
        {rows.map((row) => (
          <Box
            component="li"
            key={rowKey(row)}
            {...rowAttributes?.(row)}
            sx={{ py: 1.25, borderBottom: 1, borderColor: 'divider', minWidth: 0 }}
          >
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
              <Box sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere', fontWeight: 500 }}>{first?.render(row)}</Box>
              <Box sx={{ flexShrink: 0, whiteSpace: 'nowrap' }}>{actions(row)}</Box>
            </Box>
            {rest.length > 0 && (
              <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2, rowGap: 0.25, mt: 0.5 }}>
                {rest.map((column) => (
                  <Typography key={column.key} variant="body2" component="div" sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                    <Box component="span" sx={{ color: 'text.secondary' }}>
                      {column.header}:{' '}
                    </Box>
                    {column.render(row)}
                  </Typography>
                ))}
              </Box>
            )}
          </Box>
        ))}
      </Box>
    );
  }

  return (
    <TableContainer sx={{ overflowX: 'auto', ...dimming }}>
      <Table size="small" sx={minWidth ? { minWidth } : undefined} data-testid={testId} data-layout="table">
        <TableHead>
          <TableRow>
            {columns.map((column) => (
              <TableCell key={column.key}>{column.header}</TableCell>
            ))}
            <TableCell align="right">{COMMON_LABELS.actions}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={rowKey(row)} hover {...rowAttributes?.(row)}>
              {columns.map((column) => (
                <TableCell key={column.key}>{column.render(row)}</TableCell>
              ))}
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {actions(row)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** A list card's heading with its add button beside it. */
export const ListHeader = ({ title, children }: { title: string; children: ReactNode }) => (
  <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap', mb: 1 }}>
    <Typography variant="h6" component="h2">
      {title}
    </Typography>
    {children}
  </Box>
);
