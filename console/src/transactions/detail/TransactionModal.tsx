import { TRANSACTION_SIDE_LABELS, type TransactionDetail } from '@app/contracts';
import CloseIcon from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useState } from 'react';
import { useBasename, useNotify } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { messageOf, statusOf } from '../../shared/forms/fieldErrors';
import { transactionsApi } from '..';
import { transactionPagePath, transactionTasksPath } from '../paths';
import { TRANSACTION_DETAIL_LABELS as L, TRANSACTION_EDIT_MESSAGES as M } from './messages';
import { loadChoices, loadStages, loadStatuses, useLoaded } from './options';
import { buildChanges, isOtherSide, placeFieldErrors } from './pageForm';
import { CommentsArea, DerivedTag, Fact, fieldText, StatusTag, TagChips, taskLinkText, transactionTitle } from './parts';
import { useTransaction } from './useTransaction';

const TITLE_ID = 'transaction-modal-title';

type ModalKey = 'client_stage_id' | 'agent_id';

export interface TransactionModalProps {
  clientId: string;
  onClose: () => void;
  /** Something was saved: the list behind loads again when the modal closes. */
  onChanged?: () => void;
}

/**
 * /app/transaction/{client_id}/detail over the list (spec 001 section 2's Transaction modal): the address
 * or the contact's name, Buyer or Seller, the custom field values in field_order, the status tag, tags,
 * the agent dropdown (ADMIN, TRANC), the stage dropdown saved at once (preset transaction_modal), View
 * transaction, 'View Tasks (completed/total)' and the comments area.
 */
export const TransactionModal = ({ clientId, onClose, onChanged }: TransactionModalProps) => {
  const basename = useBasename();
  const notify = useNotify();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  // The modal shows the team's page form (no team_form_id): its custom fields in their order.
  const { detail, error, loading, reload } = useTransaction(clientId, null);
  const statuses = useLoaded(loadStatuses, [], 'statuses');
  const stages = useLoaded(loadStages, [], 'stages');
  const canChooseAgent = detail?.can_edit === 'all';
  const agents = useLoaded(canChooseAgent ? () => loadChoices('agent') : null, [], canChooseAgent ? 'agents' : 'none');
  // The value being saved (shown at once), and a refused value's message under its dropdown.
  const [pending, setPending] = useState<Partial<Record<ModalKey, number | null>>>({});
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});

  const save = async (key: ModalKey, value: number | null, current: number | null) => {
    if (!detail || value === current) return;
    const changes = buildChanges('transaction_modal', { [key]: current }, { [key]: value }, { canEdit: detail.can_edit });
    if (Object.keys(changes).length === 0) return;
    setPending((state) => ({ ...state, [key]: value }));
    setFieldErrors((state) => ({ ...state, [key]: '' }));
    try {
      await transactionsApi.updateTransaction(detail.client_id, 'transaction_modal', changes);
      await reload();
      onChanged?.();
      notify(M.saved, { type: 'success' });
    } catch (caught) {
      const placed = placeFieldErrors(caught, { prefix: 'changes.', known: (field) => field === key });
      const message = placed.fields[key] ?? placed.unplaced[0] ?? messageOf(caught, L.saveFailed);
      setFieldErrors((state) => ({ ...state, [key]: message }));
      if (statusOf(caught) !== 400) notify(message, { type: 'error' });
    } finally {
      setPending((state) => {
        const next = { ...state };
        delete next[key];
        return next;
      });
    }
  };

  const title = detail ? transactionTitle(detail) : L.modalTitle;
  const stageValue = detail ? (('client_stage_id' in pending ? pending.client_stage_id : detail.stage?.id) ?? null) : null;
  const agentValue = detail ? (('agent_id' in pending ? pending.agent_id : detail.primary_agent_id) ?? null) : null;
  const readOnly = detail?.can_edit === 'none';

  return (
    <Dialog
      open
      onClose={onClose}
      fullWidth
      maxWidth="md"
      fullScreen={fullScreen}
      aria-labelledby={TITLE_ID}
      data-testid="transaction-modal"
      slotProps={{ paper: { 'data-testid': 'transaction-modal-paper' } as object }}
    >
      <DialogTitle id={TITLE_ID} sx={{ pr: 7, overflowWrap: 'anywhere' }} data-testid="transaction-modal-title">
        {title}
      </DialogTitle>
      <IconButton
        aria-label={L.close}
        onClick={onClose}
        sx={{ position: 'absolute', right: 8, top: 8 }}
        data-testid="transaction-modal-close"
      >
        <CloseIcon />
      </IconButton>
      <DialogContent dividers>
        {error ? (
          <Alert severity="error" data-testid="transaction-modal-error">
            {error}
          </Alert>
        ) : !detail ? (
          <Box role="status" aria-busy={loading} aria-label={L.loading} data-testid="transaction-modal-loading">
            <Skeleton variant="text" width="40%" />
            {Array.from({ length: 5 }, (_, index) => (
              <Skeleton key={index} variant="rounded" height={32} sx={{ mt: 1.5 }} />
            ))}
          </Box>
        ) : (
          <ModalBody
            detail={detail}
            statuses={statuses}
            facts={
              <>
                <TextField
                  select
                  size="small"
                  label={L.stage}
                  value={stageValue ?? ''}
                  onChange={(event) =>
                    void save('client_stage_id', event.target.value === '' ? null : Number(event.target.value), detail.stage?.id ?? null)
                  }
                  disabled={readOnly || 'client_stage_id' in pending}
                  error={!!fieldErrors.client_stage_id}
                  helperText={fieldErrors.client_stage_id || undefined}
                  fullWidth
                  slotProps={{
                    select: { 'data-testid': 'transaction-modal-stage' } as object,
                    formHelperText: { 'data-testid': 'transaction-modal-stage-error' } as object,
                  }}
                >
                  <MenuItem value="">
                    <em>{L.noStage}</em>
                  </MenuItem>
                  {stages.map((stage) => (
                    <MenuItem key={stage.id} value={stage.id}>
                      {stage.label}
                    </MenuItem>
                  ))}
                  {/* The current stage before the list arrives (MUI warns about a value it has no item for). */}
                  {stageValue !== null && !stages.some((stage) => stage.id === stageValue) && (
                    <MenuItem value={stageValue}>{L.stage}</MenuItem>
                  )}
                </TextField>
                {canChooseAgent ? (
                  <TextField
                    select
                    size="small"
                    label={L.agent}
                    value={agentValue ?? ''}
                    onChange={(event) => void save('agent_id', Number(event.target.value), detail.primary_agent_id)}
                    disabled={'agent_id' in pending}
                    error={!!fieldErrors.agent_id}
                    helperText={fieldErrors.agent_id || undefined}
                    fullWidth
                    slotProps={{ select: { 'data-testid': 'transaction-modal-agent' } as object }}
                  >
                    {agents.map((agent) => (
                      <MenuItem key={agent.value} value={agent.value}>
                        {agent.label}
                      </MenuItem>
                    ))}
                    {agentValue !== null && !agents.some((agent) => Number(agent.value) === agentValue) && (
                      <MenuItem value={agentValue}>{detail.primary_agent || L.agent}</MenuItem>
                    )}
                  </TextField>
                ) : (
                  <Fact label={L.agent} testId="transaction-modal-agent-name">
                    {detail.primary_agent || L.none}
                  </Fact>
                )}
              </>
            }
          />
        )}
      </DialogContent>
      {detail && (
        <DialogActions disableSpacing sx={{ flexWrap: 'wrap', gap: 1, px: 3, py: 1.5 }}>
          <Button component={RouterLink} to={transactionTasksPath(basename, detail.id)} data-testid="transaction-modal-tasks">
            {taskLinkText(L.viewTasks, detail)}
          </Button>
          <Button
            component={RouterLink}
            to={transactionPagePath(basename, detail.id)}
            variant="contained"
            data-testid="transaction-modal-view"
          >
            {L.viewTransaction}
          </Button>
        </DialogActions>
      )}
    </Dialog>
  );
};

const ModalBody = ({
  detail,
  statuses,
  facts,
}: {
  detail: TransactionDetail;
  statuses: Parameters<typeof StatusTag>[0]['statuses'];
  facts: React.ReactNode;
}) => {
  const custom = detail.fields.filter((field) => !field.system && !isOtherSide(field, detail.side));
  return (
    <Box
      sx={{
        display: 'grid',
        columnGap: 3,
        rowGap: 2.5,
        // The dropdowns beside the summary and details on wide screens, right under the summary on a phone.
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'minmax(0, 1fr) 280px' },
        gridTemplateAreas: {
          xs: '"summary" "controls" "details" "comments"',
          sm: '"summary controls" "details controls" "comments comments"',
        },
        gridTemplateRows: { sm: 'auto 1fr auto' },
      }}
    >
      <Box sx={{ gridArea: 'summary', minWidth: 0 }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
          <Typography variant="subtitle1" component="p" sx={{ fontWeight: 500 }} data-testid="transaction-modal-type">
            {TRANSACTION_SIDE_LABELS[detail.side] ?? detail.type}
          </Typography>
          <StatusTag detail={detail} statuses={statuses} />
          <DerivedTag detail={detail} />
        </Box>
        {detail.address && detail.contact_name && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} data-testid="transaction-modal-contact">
            {detail.contact_name}
          </Typography>
        )}
        <Box sx={{ mt: 1.5 }}>
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 0.5 }}>
            {L.tags}
          </Typography>
          <TagChips tags={detail.tags} />
        </Box>
      </Box>
      <Box sx={{ gridArea: 'controls', display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0 }}>{facts}</Box>
      <Box sx={{ gridArea: 'details', minWidth: 0 }}>
        <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
          {L.details}
        </Typography>
        {custom.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {L.noDetails}
          </Typography>
        ) : (
          <Box
            component="dl"
            sx={{
              m: 0,
              display: 'grid',
              gap: 1.5,
              gridTemplateColumns: { xs: 'minmax(0, 1fr) minmax(0, 1fr)', md: 'repeat(3, minmax(0, 1fr))' },
            }}
            data-testid="transaction-modal-fields"
          >
            {custom.map((field) => (
              <Fact key={field.field_key} label={field.label} testId={`transaction-modal-field-${field.field_key}`}>
                {fieldText(field.type, detail.values?.[field.field_key]?.value)}
              </Fact>
            ))}
          </Box>
        )}
      </Box>
      <Box sx={{ gridArea: 'comments', minWidth: 0 }}>
        <CommentsArea clientId={detail.client_id} />
      </Box>
    </Box>
  );
};
