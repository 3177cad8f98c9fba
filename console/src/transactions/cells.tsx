import type { StatusOption, TransactionColumn, TransactionRow } from '@app/contracts';
import type { Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { formatCreated, taskCountText, valueCellText } from './format';
import { TRANSACTION_LIST_LABELS as L } from './messages';
import { transactionDetailPath, transactionTasksPath } from './paths';
import { DERIVED_COLOURS, derivedClassRules, hexColour, NEUTRAL_TAG, statusClassRules, TAG_SX, type TagColours } from './statusStyles';

// The cells of the Transactions table. A hundred rows of a dozen columns must be usable within a
// second (spec 001 section 2's lazy table): cells are plain elements whose look comes from rules set
// once on the table (transactionTableSx), not MUI components per cell.

export interface CellContext {
  basename: string;
  /** Stage label and colours by id (GET /transaction/stages). */
  stages: ReadonlyMap<number, { label: string; colours: TagColours }>;
  locale: string | undefined;
  timeZone: string | null | undefined;
}

const tag = (className: string, text: ReactNode, style?: TagColours, testId?: string) => (
  <span className={`tx-tag ${className}`} style={style} data-testid={testId}>
    {text}
  </span>
);

/** One cell of a transaction row: the row's own columns by field, the form's fields by type. */
export function renderTransactionCell(col: TransactionColumn, row: TransactionRow, context: CellContext): ReactNode {
  if (col.kind === 'value') return valueCellText(col, row);
  switch (col.field) {
    case 'id':
      // The row opens the same page on a click; the link is the way there for a keyboard.
      return (
        <RouterLink
          className="tx-link"
          to={transactionDetailPath(context.basename, row.client_id)}
          aria-label={L.openRow.replace('{id}', String(row.id))}
          data-testid="transaction-id"
        >
          {row.id}
        </RouterLink>
      );
    case 'status':
      // row.color_css is `status-{id}`: its colours are rules of the table (statusClassRules).
      return row.status ? tag(row.color_css ?? '', row.status, undefined, 'transaction-status') : '';
    case 'stage': {
      const id = row.stage?.id;
      if (id === null || id === undefined) return '';
      const stage = context.stages.get(id);
      return stage ? tag('tx-stage', stage.label, stage.colours, 'transaction-stage') : '';
    }
    case 'tags':
      return (row.tags ?? []).map((item, index) => (
        <span key={`${item.label}-${index}`} className="tx-chip" style={{ borderColor: hexColour(item.border) ?? undefined }}>
          {item.label}
        </span>
      ));
    case 'tasks':
      return taskCountText(row);
    case 'derived_status': {
      const derived = row.derived_status;
      if (!derived?.value) return '';
      const known = derived.color_css && DERIVED_COLOURS[derived.color_css] ? derived.color_css : 'derived-gray';
      return tag(known, derived.value, undefined, 'transaction-progress');
    }
    case 'rtc_count':
      return row.rtc_count > 0 ? (
        <RouterLink
          className="tx-link"
          to={transactionTasksPath(context.basename, row.id)}
          title={L.roadmaps.replace('{count}', String(row.rtc_count))}
          data-testid="transaction-roadmaps"
        >
          {row.rtc_count}
        </RouterLink>
      ) : (
        String(row.rtc_count ?? 0)
      );
    case 'created_ts':
      return formatCreated(row.created_ts, context.locale, context.timeZone);
    default: {
      const value = (row as unknown as Record<string, unknown>)[col.field];
      if (value === null || value === undefined) return '';
      return typeof value === 'object' ? '' : String(value);
    }
  }
}

/** The table's rules: tags, chips, links, and the status and Progress classes' colours. */
export function transactionTableSx(statuses: readonly StatusOption[]) {
  return {
    '& .tx-tag': {
      ...TAG_SX,
      ...NEUTRAL_TAG,
    },
    '& .tx-chip': {
      display: 'inline-block',
      px: 1,
      mr: 0.5,
      borderRadius: '12px',
      border: '1px solid',
      borderColor: 'divider',
      fontSize: 12,
      lineHeight: '20px',
      whiteSpace: 'nowrap',
      color: 'text.primary',
    },
    '& a.tx-link': {
      color: 'primary.main',
      fontWeight: 500,
      textDecoration: 'underline',
      textUnderlineOffset: '2px',
      '&:focus-visible': { outline: (theme: Theme) => `2px solid ${theme.palette.primary.main}`, outlineOffset: '2px' },
    },
    // After the base rule: a status's own colours win.
    ...statusClassRules(statuses),
    ...derivedClassRules(),
  };
}
