import { REASSIGN_MESSAGES, REASSIGN_TYPES, type ReassignCountResponse, type ReassignType, type ScopeMenu } from '@app/contracts';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import ListSubheader from '@mui/material/ListSubheader';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Confirm, useNotify } from 'react-admin';
import { adminUsersApi } from '..';
import { PageFrame, SectionCard } from '../../shared/page/PageFrame';
import { fieldErrorsOf, messageOf, statusOf } from '../../shared/forms/fieldErrors';
import { ACCOUNT_MESSAGES, ADMIN_USERS_LABELS as L } from '../messages';
import { useBack } from '../useBack';
import { canReassign, countOf, reassignTargets, sourceName, type ReassignTarget } from './reassignState';

type FieldErrors = { to_agent_id?: string; type?: string };

/** The target dropdown's entries: each group's header, then its agents. */
function targetItems(targets: ReassignTarget[]): ReactNode[] {
  const items: ReactNode[] = [];
  let group: string | null = null;
  for (const target of targets) {
    if (target.group !== group) {
      group = target.group;
      items.push(<ListSubheader key={`group-${group}`}>{group}</ListSubheader>);
    }
    items.push(
      <MenuItem key={target.agentId} value={String(target.agentId)} data-testid={`reassign-target-${target.agentId}`}>
        {target.label}
      </MenuItem>,
    );
  }
  return items;
}

/**
 * /app/admin/users/reassign-transactions/{id}?name=: moves a user's transactions (all, or the active
 * ones) to another agent of the team (spec 000 sections 2-4, 7). The counts first, then a
 * target from the agent scope and a type; asked first, then the toast, and the counts read again.
 */
const ReassignTransactionsPage = ({ agentId, name }: { agentId: number | null; name: string }) => {
  const notify = useNotify();
  const back = useBack();
  const [counts, setCounts] = useState<ReassignCountResponse | null>(null);
  const [countsError, setCountsError] = useState<string | null>(agentId === null ? L.userNotFound : null);
  const [menu, setMenu] = useState<ScopeMenu | null>(null);
  const [menuError, setMenuError] = useState<string | null>(null);
  const [targetId, setTargetId] = useState<number | null>(null);
  const [type, setType] = useState<ReassignType>('all');
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [countsKey, setCountsKey] = useState(0);
  const [menuKey, setMenuKey] = useState(0);

  useEffect(() => {
    if (agentId === null) return;
    let cancelled = false;
    adminUsersApi
      .getReassignCount(agentId)
      .then((answer) => {
        if (cancelled) return;
        setCounts(answer);
        setCountsError(null);
      })
      .catch((failure: unknown) => {
        if (cancelled) return;
        setCountsError(
          statusOf(failure) === 404 ? L.userNotFound : `${L.reassignCountLoadFailed} ${messageOf(failure, ACCOUNT_MESSAGES.serverError)}`,
        );
      });
    return () => {
      cancelled = true;
    };
  }, [agentId, countsKey]);

  useEffect(() => {
    if (agentId === null) return;
    let cancelled = false;
    adminUsersApi
      .getAgentScopes()
      .then((answer) => {
        if (cancelled) return;
        setMenu(answer);
        setMenuError(null);
      })
      .catch((failure: unknown) => {
        if (cancelled) return;
        setMenuError(`${L.reassignTargetsLoadFailed} ${messageOf(failure, ACCOUNT_MESSAGES.serverError)}`);
      });
    return () => {
      cancelled = true;
    };
  }, [agentId, menuKey]);

  const targets = useMemo(() => reassignTargets(menu, agentId), [menu, agentId]);
  const who = sourceName(name, menu, agentId, L.thisUser);
  const target = targets.find((item) => item.agentId === targetId) ?? null;
  const count = countOf(counts, type);
  const enabled = canReassign({ counts, type, targetId, busy });

  const reloadCounts = useCallback(() => {
    setCountsError(null);
    setCountsKey((current) => current + 1);
  }, []);

  const reassign = async () => {
    if (agentId === null || !target || !enabled) return;
    setConfirming(false);
    setBusy(true);
    setFormError(null);
    setFieldErrors({});
    try {
      const answer = await adminUsersApi.reassign({ from_agent_id: agentId, to_agent_id: target.agentId, type });
      notify(REASSIGN_MESSAGES.done(answer?.reassigned_count ?? count, target.label), { type: 'success' });
      reloadCounts();
    } catch (failure) {
      const byField = fieldErrorsOf(failure);
      const placed: FieldErrors = { to_agent_id: byField.to_agent_id, type: byField.type };
      setFieldErrors(placed);
      const others = Object.entries(byField).filter(([field]) => field !== 'to_agent_id' && field !== 'type');
      const message =
        others[0]?.[1] ??
        (placed.to_agent_id || placed.type ? ACCOUNT_MESSAGES.formError : messageOf(failure, ACCOUNT_MESSAGES.serverError));
      setFormError(message);
      notify(message, { type: 'error' });
      // The refusal may come from counts that moved meanwhile (another admin): read them again.
      if (statusOf(failure) !== 400) reloadCounts();
    } finally {
      setBusy(false);
    }
  };

  const backButton = (
    <Button startIcon={<ArrowBackIcon />} onClick={back} data-testid="reassign-back">
      {L.back}
    </Button>
  );

  if (agentId === null) {
    return (
      <PageFrame title={L.reassignTitle} testId="reassign-page" maxWidth={640}>
        <Alert severity="error" data-testid="reassign-load-error" sx={{ mb: 2 }}>
          {L.userNotFound}
        </Alert>
        {backButton}
      </PageFrame>
    );
  }

  return (
    <PageFrame title={L.reassignTitle} testId="reassign-page" maxWidth={640}>
      <SectionCard>
        <Box data-testid="reassign-counts" aria-live="polite" sx={{ mb: 2 }}>
          {countsError ? (
            <Alert
              severity="error"
              data-testid="reassign-counts-error"
              action={
                countsError !== L.userNotFound && (
                  <Button color="inherit" size="small" onClick={reloadCounts} data-testid="reassign-counts-retry">
                    {L.retry}
                  </Button>
                )
              }
            >
              {countsError}
            </Alert>
          ) : counts ? (
            <Typography variant="body1" data-testid="reassign-summary">
              {REASSIGN_MESSAGES.summary(who, counts.total_trans_count, counts.active_trans_count)}
            </Typography>
          ) : (
            <Skeleton variant="text" width="70%" data-testid="reassign-summary-loading" />
          )}
        </Box>

        {formError && (
          <Alert severity="error" data-testid="reassign-error" sx={{ mb: 2 }}>
            {formError}
          </Alert>
        )}

        {menuError ? (
          <Alert
            severity="error"
            data-testid="reassign-targets-error"
            sx={{ mb: 2 }}
            action={
              <Button
                color="inherit"
                size="small"
                onClick={() => setMenuKey((current) => current + 1)}
                data-testid="reassign-targets-retry"
              >
                {L.retry}
              </Button>
            }
          >
            {menuError}
          </Alert>
        ) : !menu ? (
          // The agents are on their way: a placeholder, not a greyed-out (low-contrast) dropdown.
          <Skeleton variant="rounded" height={56} sx={{ mt: 1, mb: 3 }} data-testid="reassign-target-loading" />
        ) : (
          <TextField
            select
            name="to_agent_id"
            label={L.reassignTarget}
            value={targetId === null ? '' : String(targetId)}
            onChange={(event) => {
              setTargetId(event.target.value === '' ? null : Number(event.target.value));
              setFieldErrors((current) => ({ ...current, to_agent_id: undefined }));
            }}
            required
            disabled={busy}
            error={!!fieldErrors.to_agent_id}
            helperText={fieldErrors.to_agent_id ?? (targets.length === 0 ? L.reassignNoTargets : ' ')}
            fullWidth
            margin="dense"
            data-testid="reassign-target"
            slotProps={{
              select: { 'data-testid': 'reassign-target-input', MenuProps: { slotProps: { paper: { sx: { maxHeight: 360 } } } } } as object,
              formHelperText: { 'data-testid': 'reassign-target-error' } as object,
            }}
          >
            {targetItems(targets)}
          </TextField>
        )}

        <FormControl error={!!fieldErrors.type} disabled={busy} sx={{ mt: 1, display: 'block' }} data-testid="reassign-type">
          <FormLabel id="reassign-type-label">{L.reassignType}</FormLabel>
          <RadioGroup
            row
            aria-labelledby="reassign-type-label"
            name="type"
            value={type}
            onChange={(event) => {
              setType(event.target.value as ReassignType);
              setFieldErrors((current) => ({ ...current, type: undefined }));
            }}
          >
            {REASSIGN_TYPES.map((value) => (
              <FormControlLabel
                key={value}
                value={value}
                control={<Radio slotProps={{ input: { 'data-testid': `reassign-type-${value}` } as object }} />}
                label={L.reassignTypeLabels[value]}
              />
            ))}
          </RadioGroup>
          {fieldErrors.type && <FormHelperText data-testid="reassign-type-error">{fieldErrors.type}</FormHelperText>}
        </FormControl>

        <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, mt: 2, flexWrap: 'wrap' }}>
          {backButton}
          <Button
            variant="contained"
            onClick={() => setConfirming(true)}
            disabled={!enabled}
            data-testid="reassign-submit"
            startIcon={busy ? <CircularProgress size={18} color="inherit" /> : <SwapHorizIcon />}
          >
            {busy ? L.reassigning : L.reassignSubmit}
          </Button>
        </Box>
      </SectionCard>
      {/* Moves many transactions at once: asked first, in the spec's words. */}
      <Confirm
        isOpen={confirming && !!target}
        title={L.reassignTitle}
        content={target ? REASSIGN_MESSAGES.confirm(count, who, target.label) : ''}
        confirm={L.reassignSubmit}
        cancel={L.cancel}
        ConfirmIcon={SwapHorizIcon}
        onConfirm={() => void reassign()}
        onClose={() => setConfirming(false)}
        data-testid="reassign-confirm"
      />
    </PageFrame>
  );
};

export default ReassignTransactionsPage;
