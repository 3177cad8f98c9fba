import { TASK_MESSAGES, type RoadmapTemplate } from '@app/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useEffect, useRef, useState } from 'react';
import { useLogoutIfAccessDenied, useNotify } from 'react-admin';
import { multiSelectSummary } from '../shared/form-fields/rules';
import { FORM_FIELD_MESSAGES } from '../shared/form-fields/messages';
import { transactionsApi } from '.';
import { TRANSACTION_LIST_LABELS as L } from './messages';

export type RoadmapBulkKind = 'assign' | 'remove';

/**
 * With rows selected on the Transactions screen: a roadmap template multiselect with Assign and Remove,
 * both disabled while no template is chosen (spec 001 sections 2, 4 and 8). A busy flag runs while a
 * call does; success shows 'Roadmaps assigned' or 'Roadmaps have been removed' and calls onDone (the
 * list reloads on page 1); a failure resets the busy flag and shows no message.
 */
export const RoadmapBulkActions = ({ clientIds, onDone }: { clientIds: readonly number[]; onDone: (kind: RoadmapBulkKind) => void }) => {
  const notify = useNotify();
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  const logoutRef = useRef(logoutIfAccessDenied);
  logoutRef.current = logoutIfAccessDenied;
  const [templates, setTemplates] = useState<RoadmapTemplate[] | null>(null);
  const [chosen, setChosen] = useState<number[]>([]);
  const [busy, setBusy] = useState<RoadmapBulkKind | null>(null);

  useEffect(() => {
    let cancelled = false;
    transactionsApi.getRoadmapTemplates().then(
      (records) => !cancelled && setTemplates(records),
      () => !cancelled && setTemplates([]),
    );
    return () => {
      cancelled = true;
    };
  }, []);

  const run = async (kind: RoadmapBulkKind) => {
    setBusy(kind);
    try {
      const request = { client_ids: [...clientIds], rtc_id: chosen };
      if (kind === 'assign') await transactionsApi.assignRoadmaps(request);
      else await transactionsApi.removeRoadmaps(request);
      notify(kind === 'assign' ? TASK_MESSAGES.roadmapsAssigned : TASK_MESSAGES.roadmapsRemoved, { type: 'success' });
      setChosen([]);
      onDone(kind);
    } catch (error) {
      // Spec 001 section 8: a failed bulk operation resets the busy flag and shows no message.
      void logoutRef.current(error);
    } finally {
      setBusy(null);
    }
  };

  const nameOf = (id: number) => templates?.find((t) => t.rtc_id === id)?.name ?? String(id);
  const disabled = chosen.length === 0 || busy !== null;
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }} data-testid="roadmap-bulk" aria-busy={busy !== null}>
      <TextField
        select
        size="small"
        label={L.roadmapTemplates}
        value={chosen}
        onChange={(event) => setChosen(event.target.value as unknown as number[])}
        disabled={busy !== null}
        sx={{ minWidth: 220, maxWidth: 320 }}
        slotProps={{
          select: {
            multiple: true,
            renderValue: (value) => multiSelectSummary((value as number[]).map(nameOf)),
            MenuProps: { slotProps: { paper: { 'data-testid': 'roadmap-template-options' } as object } },
          },
          htmlInput: { 'data-testid': 'roadmap-templates' },
        }}
      >
        {templates === null ? (
          <MenuItem disabled value="">
            <CircularProgress size={16} />
          </MenuItem>
        ) : templates.length === 0 ? (
          <MenuItem disabled value="">
            {FORM_FIELD_MESSAGES.noResults}
          </MenuItem>
        ) : (
          templates.map((template) => (
            <MenuItem key={template.rtc_id} value={template.rtc_id} data-testid={`roadmap-template-${template.rtc_id}`}>
              {template.name}
            </MenuItem>
          ))
        )}
      </TextField>
      <Button
        variant="contained"
        disabled={disabled}
        onClick={() => void run('assign')}
        data-testid="roadmap-assign"
        startIcon={busy === 'assign' ? <CircularProgress size={16} color="inherit" /> : undefined}
      >
        {L.assign}
      </Button>
      <Button
        variant="outlined"
        disabled={disabled}
        onClick={() => void run('remove')}
        data-testid="roadmap-remove"
        startIcon={busy === 'remove' ? <CircularProgress size={16} color="inherit" /> : undefined}
      >
        {L.remove}
      </Button>
    </Box>
  );
};
