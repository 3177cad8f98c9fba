import {
  ESIGN_MESSAGES,
  ESIGN_TRANSACTION_TYPES,
  type EsignPacketBlueprint,
  type EsignTemplate,
  type TransactionSide,
  type TransactionType,
} from '@app/contracts';
import SearchIcon from '@mui/icons-material/Search';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useEffect, useMemo, useState } from 'react';
import { useBasename, useNotify } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { messageOf, statusOf } from '../../shared/forms/fieldErrors';
import { useDebounced } from '../../shared/useDebounced';
import { esignApi } from '..';
import { DEFAULT_PACKET_LIST_STATE, DEFAULT_TEMPLATE_LIST_STATE, toApiQuery } from '../listState';
import { ESIGN_BOARD_LABELS as L } from '../messages';
import { esignSendPath } from '../paths';
import { transactionTypeLabel } from '../templateForm';

/** Typing settles this long before the templates and packets are asked for. */
export const PICKER_SEARCH_DEBOUNCE_MS = 300;
/** How many templates (and packets) the picker asks for per search: the list's largest page. */
export const PICKER_PAGE_SIZE = 100;

export type PickerKind = 'template' | 'packet';

/** A template or packet fits a transaction when it is for all types (null) or for the transaction's (b, s). */
export const fitsTransaction = (typeId: TransactionType, side: TransactionSide): boolean => typeId === null || typeId === side;

interface Options {
  templates: EsignTemplate[] | null;
  packets: EsignPacketBlueprint[] | null;
  failed: boolean;
}

/** The team's templates and packets (status N) matching the search, the picker's page of each. */
function usePickerOptions(search: string): Options {
  const [options, setOptions] = useState<Options>({ templates: null, packets: null, failed: false });
  useEffect(() => {
    let live = true;
    const text = search.trim();
    setOptions({ templates: null, packets: null, failed: false });
    Promise.all([
      esignApi.listTemplates(toApiQuery({ ...DEFAULT_TEMPLATE_LIST_STATE, per_page: PICKER_PAGE_SIZE, quick_search_filter: text })),
      esignApi.listPackets(toApiQuery({ ...DEFAULT_PACKET_LIST_STATE, per_page: PICKER_PAGE_SIZE, quick_search_filter: text })),
    ]).then(
      ([templates, packets]) => live && setOptions({ templates: templates?.records ?? [], packets: packets?.records ?? [], failed: false }),
      () => live && setOptions({ templates: [], packets: [], failed: true }),
    );
    return () => {
      live = false;
    };
  }, [search]);
  return options;
}

const templateCount = (count: number) => (count === 1 ? L.oneTemplateInPacket : L.templatesInPacket.replace('{count}', String(count)));

/**
 * New Signature Request (spec 002 sections 2.2 and 3): the team's templates or packets for the transaction's
 * type (All, and Buyer or Seller as the transaction is), with a search. A pick makes the stepper's draft
 * (POST /esign/drafts) and opens its first step.
 */
export const NewRequestPicker = ({ clientId, side, onClose }: { clientId: number; side: TransactionSide; onClose: () => void }) => {
  const basename = useBasename();
  const navigate = useNavigate();
  const notify = useNotify();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [kind, setKind] = useState<PickerKind>('template');
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  const searchLater = useDebounced(setSearch, PICKER_SEARCH_DEBOUNCE_MS);
  const options = usePickerOptions(search);
  const [creating, setCreating] = useState<string | null>(null);

  const items = useMemo(() => {
    if (kind === 'template') {
      return (
        options.templates
          ?.filter((template) => fitsTransaction(template.type_id, side))
          .map((template) => ({
            id: template.esig_template_id,
            name: template.name,
            detail: transactionTypeLabel(template.type_id, ESIGN_TRANSACTION_TYPES),
          })) ?? null
      );
    }
    return (
      options.packets
        ?.filter((packet) => fitsTransaction(packet.type_id, side))
        .map((packet) => ({
          id: packet.esig_packet_blueprint_id,
          name: packet.name,
          detail: `${templateCount(packet.templates.length)}: ${packet.templates.map((t) => t.name).join(', ')}`,
        })) ?? null
    );
  }, [kind, options, side]);

  const pick = async (id: number) => {
    if (creating) return;
    setCreating(`${kind}-${id}`);
    try {
      const draft = await esignApi.createDraft(
        kind === 'template' ? { client_id: clientId, template_ids: [id] } : { client_id: clientId, packet_id: id },
      );
      navigate(esignSendPath(basename, clientId, draft.draft_id));
    } catch (error) {
      // 503 'Transaction data is unavailable. Please try again.' and any other refusal: the server's words.
      notify(messageOf(error, statusOf(error) === 503 ? ESIGN_MESSAGES.transactionDataUnavailable : L.serverError), { type: 'error' });
      setCreating(null);
    }
  };

  return (
    <Dialog
      open
      onClose={() => !creating && onClose()}
      fullWidth
      maxWidth="sm"
      fullScreen={fullScreen}
      aria-labelledby="esign-picker-title"
      data-testid="esign-picker"
    >
      <DialogTitle id="esign-picker-title">{L.pickerTitle}</DialogTitle>
      <DialogContent dividers sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, minHeight: 360 }}>
        <ToggleButtonGroup
          exclusive
          size="small"
          color="primary"
          value={kind}
          onChange={(_, next: PickerKind | null) => next && setKind(next)}
          aria-label={L.pickerKind}
        >
          <ToggleButton value="template" data-testid="esign-picker-templates">
            {L.pickerTemplates}
          </ToggleButton>
          <ToggleButton value="packet" data-testid="esign-picker-packets">
            {L.pickerPackets}
          </ToggleButton>
        </ToggleButtonGroup>
        <TextField
          size="small"
          label={L.pickerSearch}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            searchLater.call(event.target.value);
          }}
          onKeyDown={(event) => {
            if (event.key !== 'Enter') return;
            event.preventDefault();
            searchLater.cancel();
            setSearch((event.target as HTMLInputElement).value);
          }}
          slotProps={{
            htmlInput: { 'data-testid': 'esign-picker-search', maxLength: 100 },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
        {creating && (
          <Box role="status" data-testid="esign-picker-creating">
            <Typography variant="body2" color="text.secondary">
              {L.creatingDraft}
            </Typography>
            <LinearProgress />
          </Box>
        )}
        {options.failed && <Alert severity="error">{L.pickerLoadFailed}</Alert>}
        {items === null ? (
          <Box aria-busy="true" data-testid="esign-picker-loading">
            {Array.from({ length: 4 }, (_, index) => (
              <Skeleton key={index} height={48} />
            ))}
          </Box>
        ) : items.length === 0 ? (
          !options.failed && (
            <Typography color="text.secondary" sx={{ py: 2, textAlign: 'center' }} data-testid="esign-picker-empty">
              {kind === 'template' ? L.noTemplates : L.noPackets}
            </Typography>
          )
        ) : (
          <List
            dense
            disablePadding
            aria-label={kind === 'template' ? L.pickerTemplates : L.pickerPackets}
            sx={{ overflowY: 'auto', flex: 1 }}
          >
            {items.map((item) => (
              <ListItem key={item.id} disablePadding>
                <ListItemButton
                  onClick={() => void pick(item.id)}
                  disabled={creating !== null}
                  selected={creating === `${kind}-${item.id}`}
                  data-testid={`esign-picker-item-${kind}-${item.id}`}
                >
                  <ListItemText
                    primary={item.name}
                    secondary={item.detail}
                    slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } }, secondary: { sx: { overflowWrap: 'anywhere' } } }}
                  />
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={creating !== null} data-testid="esign-picker-cancel">
          {L.pickerCancel}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
