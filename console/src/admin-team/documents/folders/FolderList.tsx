import type { DocumentFolder } from '@app/contracts';
import type { RaRecord } from 'react-admin';
import AddIcon from '@mui/icons-material/Add';
import FolderIcon from '@mui/icons-material/Folder';
import LockIcon from '@mui/icons-material/Lock';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useDelete } from 'react-admin';
import { PageFrame, SectionCard } from '../../../shared/page/PageFrame';
import { DeleteConfirm } from '../../../shared/dialogs/DeleteConfirm';
import { ListLoadState } from '../../../shared/load/LoadState';
import { ListTable, type ListColumn } from '../../../shared/table/ListTable';
import { RowActions } from '../../../shared/table/RowActions';
import { useEditAndDelete } from '../../common/useEditAndDelete';
import { useResourceList } from '../../../shared/load/useResourceList';
import { ADMIN_MESSAGES, ADMIN_TEAM_LABELS } from '../../messages';
import { FolderFormDialog } from './FolderFormDialog';
import { FolderListFilter } from './FolderListFilter';
import { FOLDERS, isSystemFolder, matchesFilter, sortFolders, transactionTypeLabel, type FolderFilter } from './folderRules';

const L = ADMIN_TEAM_LABELS;
const F = L.folderFields;

const YesNo = ({ value }: { value: boolean }) => (
  <Typography variant="body2" component="span" color={value ? 'text.primary' : 'text.secondary'}>
    {value ? L.yes : L.no}
  </Typography>
);

/** /app/admin/document-folders: the team's folders, with add, edit, delete and a transaction type filter. */
const FolderList = () => {
  const [filter, setFilter] = useState<FolderFilter>('');
  const folders = useResourceList<DocumentFolder & RaRecord>(FOLDERS, { transaction_type: filter });
  const [deleteOne] = useDelete();
  const rows = useEditAndDelete<DocumentFolder>({
    // react-admin drops the row from every cached folder list, then asks the server again.
    remove: async (folder) => {
      await deleteOne(
        FOLDERS,
        { id: folder.client_document_folder_id, previousData: folder },
        { mutationMode: 'pessimistic', returnPromise: true },
      );
    },
    removedMessage: ADMIN_MESSAGES.folderRemoved,
  });

  // A saved folder is in the cache already (react-admin's update) or on its way (create refetches):
  // shown in the server's order, and only while it matches the filter.
  const list = sortFolders((folders.data ?? []).filter((folder) => matchesFilter(folder, filter)));
  const columns: ListColumn<DocumentFolder>[] = [
    {
      key: 'folder_name',
      header: F.folder_name,
      render: (folder) => {
        const id = folder.client_document_folder_id;
        const system = isSystemFolder(folder);
        return (
          <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            <FolderIcon fontSize="small" color={system ? 'disabled' : 'primary'} />
            <span data-testid={`folder-name-${id}`}>{folder.folder_name}</span>
            {system && <Chip size="small" variant="outlined" label={L.systemFolder} />}
          </Box>
        );
      },
    },
    {
      key: 'transaction_type',
      header: F.transaction_type,
      render: (folder) => (
        <span data-testid={`folder-type-${folder.client_document_folder_id}`}>{transactionTypeLabel(folder.transaction_type)}</span>
      ),
    },
    { key: 'client_visible', header: F.client_visible, render: (folder) => <YesNo value={folder.client_visible} /> },
    { key: 'vendor_visible', header: F.vendor_visible, render: (folder) => <YesNo value={folder.vendor_visible} /> },
  ];
  const addButton = (
    <Button variant="contained" startIcon={<AddIcon />} onClick={rows.startAdd} data-testid="folder-add">
      {L.addFolder}
    </Button>
  );

  return (
    <PageFrame title={L.foldersTitle} testId="folders-page" maxWidth={1000}>
      <SectionCard>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {L.foldersIntro}
        </Typography>
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', mb: 1 }}>
          <FolderListFilter value={filter} onChange={setFilter} />
          {addButton}
        </Box>
        <ListLoadState
          testIdPrefix="folders"
          error={folders.error}
          onRetry={folders.reload}
          loading={folders.loading && !folders.data}
          empty={list.length === 0}
          emptyIcon={<FolderIcon fontSize="large" />}
          emptyText={filter ? L.noFoldersForFilter : L.noFolders}
        >
          <ListTable
            testId="folders-table"
            minWidth={640}
            dimmed={folders.loading}
            columns={columns}
            rows={list}
            rowKey={(folder) => folder.client_document_folder_id}
            rowAttributes={(folder) => ({
              'data-testid': `folder-row-${folder.client_document_folder_id}`,
              'data-folder-name': folder.folder_name,
              'data-system': isSystemFolder(folder) ? 'true' : 'false',
            })}
            actions={(folder) => {
              const id = folder.client_document_folder_id;
              return isSystemFolder(folder) ? (
                <Tooltip title={ADMIN_MESSAGES.systemFolderLocked}>
                  <LockIcon
                    fontSize="small"
                    color="disabled"
                    role="img"
                    aria-label={ADMIN_MESSAGES.systemFolderLocked}
                    data-testid={`folder-locked-${id}`}
                    sx={{ verticalAlign: 'middle', mr: 1 }}
                  />
                </Tooltip>
              ) : (
                <RowActions
                  id={id}
                  name={folder.folder_name}
                  testIdPrefix="folder"
                  onEdit={() => rows.startEdit(folder)}
                  onDelete={() => rows.askDelete(folder)}
                />
              );
            }}
          />
        </ListLoadState>
      </SectionCard>

      {rows.editing !== undefined && <FolderFormDialog folder={rows.editing} onClose={rows.stopEditing} onSaved={rows.stopEditing} />}
      <DeleteConfirm {...rows.confirmProps} title={L.deleteFolderTitle(rows.deleting?.folder_name ?? '')} testId="folder-delete-confirm" />
    </PageFrame>
  );
};

export default FolderList;
