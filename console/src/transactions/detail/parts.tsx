import type { CustomFieldType, StageOption, StatusOption, TransactionDetail } from '@app/contracts';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { CommentsPanel } from '../../comments/CommentsPanel';
import { formatFieldValue } from '../format';
import { DERIVED_COLOURS, hexColour, optionColours, TAG_SX, type TagColours } from '../statusStyles';
import { TRANSACTION_DETAIL_LABELS as L } from './messages';

// Small pieces the modal and the page share: the tags, and the comments area.

/** The address, or the contact's name when there is none, or 'Transaction {id}'. */
export function transactionTitle(detail: Pick<TransactionDetail, 'address' | 'contact_name' | 'id'>): string {
  return detail.address?.trim() || detail.contact_name?.trim() || L.untitled.replace('{id}', String(detail.id));
}

/** 'completed/total' into a label: 'View Tasks (3/8)'. */
export const taskLinkText = (template: string, detail: Pick<TransactionDetail, 'completed_task_count' | 'total_task_count'>) =>
  template.replace('{completed}', String(detail.completed_task_count ?? 0)).replace('{total}', String(detail.total_task_count ?? 0));

export const ColourTag = ({
  colours,
  children,
  testId,
  title,
}: {
  colours: TagColours;
  children: ReactNode;
  testId?: string;
  title?: string;
}) => (
  <Box component="span" sx={{ ...TAG_SX, ...colours }} data-testid={testId} title={title}>
    {children}
  </Box>
);

/** The status tag in the status's colours (neutral until the statuses are loaded). */
export const StatusTag = ({
  detail,
  statuses,
}: {
  detail: Pick<TransactionDetail, 'status' | 'status_id'>;
  statuses: readonly StatusOption[];
}) =>
  detail.status ? (
    <ColourTag
      colours={optionColours(statuses.find((status) => status.id === detail.status_id))}
      testId="transaction-status-tag"
      title={L.status}
    >
      {detail.status}
    </ColourTag>
  ) : null;

/** The Progress tag (derived_status). */
export const DerivedTag = ({ detail }: { detail: Pick<TransactionDetail, 'derived_status'> }) => {
  const derived = detail.derived_status;
  if (!derived?.value) return null;
  return (
    <ColourTag
      colours={DERIVED_COLOURS[derived.color_css] ?? DERIVED_COLOURS['derived-gray']}
      testId="transaction-derived-tag"
      title={L.progress}
    >
      {derived.value}
    </ColourTag>
  );
};

/** The stage tag in the stage's colours. */
export const StageTag = ({ stageId, stages }: { stageId: number | null | undefined; stages: readonly StageOption[] }) => {
  const stage = stageId === null || stageId === undefined ? undefined : stages.find((item) => item.id === stageId);
  return stage ? (
    <ColourTag colours={optionColours(stage)} testId="transaction-stage-tag" title={L.stage}>
      {stage.label}
    </ColourTag>
  ) : null;
};

/** The transaction's tags as outlined chips in their border colours. */
export const TagChips = ({ tags }: { tags: TransactionDetail['tags'] }) => (
  <Box component="span" sx={{ display: 'inline-flex', flexWrap: 'wrap', gap: 0.5 }} data-testid="transaction-tags">
    {(tags ?? []).length === 0 ? (
      <Typography component="span" variant="body2" color="text.secondary">
        {L.noTags}
      </Typography>
    ) : (
      tags.map((tag, index) => (
        <Box
          component="span"
          key={`${tag.label}-${index}`}
          sx={{
            px: 1,
            borderRadius: '12px',
            border: '1px solid',
            borderColor: hexColour(tag.border) ?? 'divider',
            fontSize: 12,
            lineHeight: '20px',
            whiteSpace: 'nowrap',
            color: 'text.primary',
          }}
        >
          {tag.label}
        </Box>
      ))
    )}
  </Box>
);

/** The transaction's comments (comment_type trans), in the modal and on the page. */
export const CommentsArea = ({ clientId }: { clientId: number }) => (
  <CommentsPanel commentType="trans" commentOnId={clientId} testId="transaction-comments" />
);

/** A label and its value (inside a <dl>). */
export const Fact = ({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) => (
  <Box sx={{ minWidth: 0 }} data-testid={testId}>
    <Typography variant="caption" color="text.secondary" component="dt">
      {label}
    </Typography>
    <Typography variant="body2" component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
      {children}
    </Typography>
  </Box>
);

/** A field's value as it reads (amounts in USD, yes/no in words, phones masked); '—' for none. */
export function fieldText(type: CustomFieldType, value: unknown): string {
  return formatFieldValue(type, value as string | number | null) || L.none;
}
