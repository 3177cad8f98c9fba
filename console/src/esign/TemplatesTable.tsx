import type { EsignTemplate, TransactionTypeOption } from '@app/contracts';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useMemo } from 'react';
import { useBasename } from 'react-admin';
import { Link } from 'react-router-dom';
import { formatDateTime } from '../admin-users/format';
import { EsignTable, type EsignColumn } from './EsignTable';
import { withPage, withPerPage, withTemplateSort, type TemplateListState } from './listState';
import { ESIGN_TEMPLATE_LABELS as L, rowAction } from './messages';
import { esignTemplateBuilderPath } from './paths';
import { TemplateNameCell, type RenameResult } from './TemplateNameCell';
import { transactionTypeLabel } from './templateForm';
import type { EsignListLoad } from './useEsignList';

/**
 * The Templates table (spec 002 section 2.4): Name (editable in place), Transaction Type, Document Type,
 * Folder, Last Updated; Edit (the builder), Clone, Delete.
 */
export const TemplatesTable = ({
  list,
  state,
  onState,
  transactionTypes,
  timeZone,
  mobile,
  onRename,
  onClone,
  cloning,
  onDelete,
}: {
  list: EsignListLoad<EsignTemplate>;
  state: TemplateListState;
  onState: (update: (state: TemplateListState) => TemplateListState) => void;
  transactionTypes: readonly TransactionTypeOption[];
  timeZone: string | null;
  mobile: boolean;
  onRename: (template: EsignTemplate, name: string) => Promise<RenameResult>;
  onClone: (template: EsignTemplate) => void;
  /** The templates whose clone is on its way: their Clone waits disabled. */
  cloning?: ReadonlySet<number>;
  onDelete: (template: EsignTemplate) => void;
}) => {
  const basename = useBasename();
  const columns = useMemo<EsignColumn<EsignTemplate>[]>(
    () => [
      {
        field: 'name',
        header: L.name,
        sortable: true,
        render: (row) => (
          <TemplateNameCell
            key={`${row.esig_template_id}:${row.name}`}
            templateId={row.esig_template_id}
            name={row.name}
            onRename={(name) => onRename(row, name)}
          />
        ),
      },
      { field: 'type_id', header: L.transactionType, sortable: true, render: (row) => transactionTypeLabel(row.type_id, transactionTypes) },
      { field: 'document_type_name', header: L.documentType, sortable: true, render: (row) => row.document_type_name ?? '' },
      { field: 'folder_name', header: L.folder, sortable: true, render: (row) => row.folder_name ?? '' },
      { field: 'updated_ts', header: L.lastUpdated, sortable: true, render: (row) => formatDateTime(row.updated_ts, timeZone) },
    ],
    [onRename, transactionTypes, timeZone],
  );

  const actions = (row: EsignTemplate) => (
    <>
      <Tooltip title={L.edit}>
        <IconButton
          size="small"
          component={Link}
          to={esignTemplateBuilderPath(basename, row.esig_template_id)}
          aria-label={rowAction(L.edit, row.name)}
          data-testid={`esign-template-edit-${row.esig_template_id}`}
        >
          <EditIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <Tooltip title={L.clone}>
        <span>
          <IconButton
            size="small"
            aria-label={rowAction(L.clone, row.name)}
            onClick={() => onClone(row)}
            disabled={cloning?.has(row.esig_template_id) ?? false}
            data-testid={`esign-template-clone-${row.esig_template_id}`}
          >
            <ContentCopyIcon fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
      <Tooltip title={L.delete}>
        <IconButton
          size="small"
          color="error"
          aria-label={rowAction(L.delete, row.name)}
          onClick={() => onDelete(row)}
          data-testid={`esign-template-delete-${row.esig_template_id}`}
        >
          <DeleteIcon fontSize="small" />
        </IconButton>
      </Tooltip>
    </>
  );

  return (
    <EsignTable<EsignTemplate>
      testId="esign-templates-table"
      columns={columns}
      rows={list.rows}
      rowKey={(row) => row.esig_template_id}
      loading={list.loading}
      error={list.error}
      onRetry={list.reload}
      emptyText={L.templatesEmpty}
      state={state}
      total={list.total}
      onPage={(page) => onState((current) => withPage(current, page))}
      onPerPage={(perPage) => onState((current) => withPerPage(current, perPage))}
      onSort={(field) => onState((current) => withTemplateSort(current, field))}
      actions={actions}
      scrollLabel={L.templatesRegion}
      mobile={mobile}
    />
  );
};
