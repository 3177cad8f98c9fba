import {
  ESIGN_TEMPLATES_MOBILE_WIDTH,
  ESIGN_TRANSACTION_TYPES,
  type EsignPacketBlueprint,
  type EsignTemplate,
  type StorageOptions,
  type TransactionTypeOption,
} from '@app/contracts';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import PostAddIcon from '@mui/icons-material/PostAdd';
import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Confirm, useBasename, useNotify } from 'react-admin';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { PageFrame, SectionCard } from '../shared/page/PageFrame';
import { fieldErrorsOf, messageOf } from '../shared/forms/fieldErrors';
import { useUserTimeZone } from '../admin-users/useUserTimeZone';
import { useDebounced } from '../shared/useDebounced';
import { esignApi } from '.';
import { AddTemplateDialog } from './AddTemplateDialog';
import {
  afterRowRemoved,
  DEFAULT_PACKET_LIST_STATE,
  DEFAULT_TEMPLATE_LIST_STATE,
  toApiQuery,
  withSearch,
  type EsignView,
  type PacketListState,
  type TemplateListState,
} from './listState';
import { ESIGN_MESSAGES, ESIGN_TEMPLATE_LABELS as L } from './messages';
import { PacketDialog } from './PacketDialog';
import { PacketsTable } from './PacketsTable';
import { esignTemplateBuilderPath } from './paths';
import { TemplatesTable } from './TemplatesTable';
import type { RenameResult } from './TemplateNameCell';
import { useEsignList } from './useEsignList';

/** Typing settles this long before the list is asked again. */
export const SEARCH_DEBOUNCE_MS = 350;

/** Below 768 px the tables become cards (spec 002 section 9). */
export const ESIGN_MOBILE_QUERY = `(max-width:${ESIGN_TEMPLATES_MOBILE_WIDTH - 0.02}px)`;

/** The view of the page's URL (?view=packets), Templates by default. */
export const viewOf = (params: URLSearchParams): EsignView => (params.get('view') === 'packets' ? 'packets' : 'templates');

type Deleting = { kind: 'template'; template: EsignTemplate } | { kind: 'packet'; packet: EsignPacketBlueprint };

const EMPTY_STORAGE_OPTIONS: StorageOptions = { folders: [], document_types: [] };

/**
 * /app/admin/esign-templates (spec 002 section 2.4): the Templates / Packet Templates toggle, Add Template,
 * Create Packet, the global search, and the table of the view.
 */
export const EsignTemplatesList = () => {
  const basename = useBasename();
  const navigate = useNavigate();
  const notify = useNotify();
  const timeZone = useUserTimeZone();
  const mobile = useMediaQuery(ESIGN_MOBILE_QUERY, { noSsr: true });
  const [params, setParams] = useSearchParams();
  const view = viewOf(params);

  const [searchText, setSearchText] = useState('');
  const [templateState, setTemplateState] = useState<TemplateListState>(DEFAULT_TEMPLATE_LIST_STATE);
  const [packetState, setPacketState] = useState<PacketListState>(DEFAULT_PACKET_LIST_STATE);
  const templates = useEsignList<EsignTemplate>(esignApi.listTemplates, toApiQuery(templateState).toString(), view === 'templates');
  const packets = useEsignList<EsignPacketBlueprint>(esignApi.listPackets, toApiQuery(packetState).toString(), view === 'packets');

  const [transactionTypes, setTransactionTypes] = useState<TransactionTypeOption[]>([...ESIGN_TRANSACTION_TYPES]);
  const [storageOptions, setStorageOptions] = useState<StorageOptions>(EMPTY_STORAGE_OPTIONS);
  // A failed load of the folders and types is said in Add Template (its Folder would offer nothing), with Retry.
  const [storageOptionsError, setStorageOptionsError] = useState<string | null>(null);
  const [storageOptionsLoads, setStorageOptionsLoads] = useState(0);
  const [adding, setAdding] = useState(false);
  const [packetDialog, setPacketDialog] = useState<{ packet: EsignPacketBlueprint | null } | null>(null);
  const [deleting, setDeleting] = useState<Deleting | null>(null);
  const [deleteBusy, setDeleteBusy] = useState(false);

  // The form's options: the transaction types and the team's folders and document types.
  useEffect(() => {
    let cancelled = false;
    esignApi.getTransactionTypes().then(
      (types) => !cancelled && types.length > 0 && setTransactionTypes(types),
      () => undefined,
    );
    return () => {
      cancelled = true;
    };
  }, []);
  useEffect(() => {
    let cancelled = false;
    setStorageOptionsError(null);
    esignApi.getStorageOptions().then(
      (options) => !cancelled && setStorageOptions(options),
      () => !cancelled && setStorageOptionsError(L.storageOptionsFailed),
    );
    return () => {
      cancelled = true;
    };
  }, [storageOptionsLoads]);

  const searchLater = useDebounced((text) => {
    setTemplateState((current) => withSearch(current, text));
    setPacketState((current) => withSearch(current, text));
  }, SEARCH_DEBOUNCE_MS);

  const showView = (next: EsignView) => {
    const updated = new URLSearchParams(params);
    if (next === 'packets') updated.set('view', 'packets');
    else updated.delete('view');
    setParams(updated, { replace: true });
  };

  const { updateRows: updateTemplateRows, reload: reloadTemplates } = templates;
  const rename = useCallback(
    async (template: EsignTemplate, name: string): Promise<RenameResult> => {
      try {
        const saved = await esignApi.updateTemplate(template.esig_template_id, { name });
        updateTemplateRows((rows) =>
          rows.map((row) =>
            row.esig_template_id === template.esig_template_id ? { ...row, ...(saved ?? {}), name: saved?.name ?? name } : row,
          ),
        );
        notify(L.renamed, { type: 'success' });
        return undefined;
      } catch (error) {
        // The server's words under the name (its field error, or its message).
        return fieldErrorsOf(error).name ?? messageOf(error, L.serverError);
      }
    },
    [notify, updateTemplateRows],
  );

  // One clone per template at a time: a double click makes one copy (the button waits disabled).
  const cloningNow = useRef(new Set<number>());
  const [cloning, setCloning] = useState<ReadonlySet<number>>(() => new Set());
  const clone = useCallback(
    async (template: EsignTemplate) => {
      const id = template.esig_template_id;
      if (cloningNow.current.has(id)) return;
      cloningNow.current.add(id);
      setCloning(new Set(cloningNow.current));
      try {
        await esignApi.cloneTemplate(id);
        notify(L.cloned, { type: 'success' });
        reloadTemplates();
      } catch (error) {
        notify(messageOf(error, L.serverError), { type: 'error' });
      } finally {
        cloningNow.current.delete(id);
        setCloning(new Set(cloningNow.current));
      }
    },
    [notify, reloadTemplates],
  );

  const confirmDelete = async () => {
    if (!deleting) return;
    setDeleteBusy(true);
    try {
      if (deleting.kind === 'template') {
        await esignApi.deleteTemplate(deleting.template.esig_template_id);
        notify(L.templateDeleted, { type: 'success' });
        setTemplateState((current) => afterRowRemoved(current, templates.rows?.length ?? 0));
        templates.reload();
      } else {
        await esignApi.deletePacket(deleting.packet.esig_packet_blueprint_id);
        notify(L.packetDeleted, { type: 'success' });
        setPacketState((current) => afterRowRemoved(current, packets.rows?.length ?? 0));
        packets.reload();
      }
    } catch (error) {
      // A template still in packets answers 409 with the packets' names: the server's words.
      notify(messageOf(error, L.serverError), { type: 'error', autoHideDuration: 8000 });
    } finally {
      setDeleteBusy(false);
      setDeleting(null);
    }
  };

  return (
    <PageFrame title={L.title} testId="esign-templates-page" maxWidth={1600}>
      <SectionCard>
        <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', alignItems: 'center', mb: 1.5 }} data-testid="esign-templates-toolbar">
          <ToggleButtonGroup
            exclusive
            size="small"
            color="primary"
            value={view}
            onChange={(_, next: EsignView | null) => next && showView(next)}
            aria-label={L.viewToggle}
            sx={{ flexShrink: 0 }}
          >
            <ToggleButton value="templates" data-testid="esign-view-templates">
              {L.templates}
            </ToggleButton>
            <ToggleButton value="packets" data-testid="esign-view-packets">
              {L.packetTemplates}
            </ToggleButton>
          </ToggleButtonGroup>
          <TextField
            size="small"
            label={L.search}
            placeholder={L.searchHint}
            value={searchText}
            onChange={(event) => {
              setSearchText(event.target.value);
              searchLater.call(event.target.value);
            }}
            onKeyDown={(event) => {
              if (event.key !== 'Enter') return;
              searchLater.cancel();
              const text = (event.target as HTMLInputElement).value;
              setTemplateState((current) => withSearch(current, text));
              setPacketState((current) => withSearch(current, text));
            }}
            sx={{ flex: '1 1 220px', maxWidth: { sm: 360 } }}
            slotProps={{
              htmlInput: { 'data-testid': 'esign-templates-search', 'aria-label': `${L.search}: ${L.searchHint}`, maxLength: 100 },
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchIcon fontSize="small" />
                  </InputAdornment>
                ),
              },
            }}
          />
          <Box sx={{ flex: '1 0 auto', display: 'flex', gap: 1, flexWrap: 'wrap', justifyContent: 'flex-end' }}>
            <Button
              variant="outlined"
              startIcon={<PostAddIcon />}
              onClick={() => setPacketDialog({ packet: null })}
              data-testid="esign-create-packet"
            >
              {L.createPacket}
            </Button>
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setAdding(true)} data-testid="esign-add-template">
              {L.addTemplate}
            </Button>
          </Box>
        </Box>

        {view === 'templates' ? (
          <TemplatesTable
            list={templates}
            state={templateState}
            onState={setTemplateState}
            transactionTypes={transactionTypes}
            timeZone={timeZone}
            mobile={mobile}
            onRename={rename}
            onClone={clone}
            cloning={cloning}
            onDelete={(template) => setDeleting({ kind: 'template', template })}
          />
        ) : (
          <PacketsTable
            list={packets}
            state={packetState}
            onState={setPacketState}
            transactionTypes={transactionTypes}
            mobile={mobile}
            onEdit={(packet) => setPacketDialog({ packet })}
            onDelete={(packet) => setDeleting({ kind: 'packet', packet })}
          />
        )}
      </SectionCard>

      {adding && (
        <AddTemplateDialog
          options={storageOptions}
          optionsError={storageOptionsError}
          onRetryOptions={() => setStorageOptionsLoads((n) => n + 1)}
          transactionTypes={transactionTypes}
          onClose={() => setAdding(false)}
          onCreated={(template) => navigate(esignTemplateBuilderPath(basename, template.esig_template_id))}
        />
      )}
      {packetDialog && (
        <PacketDialog
          packet={packetDialog.packet}
          transactionTypes={transactionTypes}
          onClose={() => setPacketDialog(null)}
          onSaved={() => {
            setPacketDialog(null);
            if (view === 'packets') packets.reload();
            else showView('packets');
          }}
        />
      )}
      <Confirm
        isOpen={deleting !== null}
        loading={deleteBusy}
        title={deleting ? `${L.delete} ${deleting.kind === 'template' ? deleting.template.name : deleting.packet.name}` : L.delete}
        content={ESIGN_MESSAGES.confirmDelete}
        confirm={L.delete}
        cancel={L.cancel}
        confirmColor="warning"
        ConfirmIcon={DeleteIcon}
        onConfirm={() => void confirmDelete()}
        onClose={() => !deleteBusy && setDeleting(null)}
        data-testid="esign-delete-confirm"
      />
    </PageFrame>
  );
};
