import type { DocumentFolder } from '@app/contracts';
import AddIcon from '@mui/icons-material/Add';
import FolderIcon from '@mui/icons-material/Folder';
import LockIcon from '@mui/icons-material/Lock';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { teamAdminApi } from '../..';
import { AccountPage, SectionCard } from '../../../account/AccountPage';
import { DeleteConfirm } from '../../common/DeleteConfirm';
import { ListLoadState } from '../../common/LoadState';
import { ActionsCell, ListTable } from '../../common/ListTable';
import { RowActions } from '../../common/RowActions';
import { useEditAndDelete } from '../../common/useEditAndDelete';
import { useLoad } from '../../common/useLoad';
import { ADMIN_MESSAGES, ADMIN_TEAM_LABELS } from '../../messages';
import { FolderFormDialog } from './FolderFormDialog';
import { FolderListFilter } from './FolderListFilter';
import { isSystemFolder, removeFolder, transactionTypeLabel, upsertFolder, type FolderFilter } from './folderRules';

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
  const folders = useLoad(() => teamAdminApi.listFolders(filter), [filter]);
  const rows = useEditAndDelete<DocumentFolder>({
    remove: async (folder) => {
      await teamAdminApi.deleteFolder(folder.client_document_folder_id);
      folders.setData((current) => removeFolder(current ?? [], folder.client_document_folder_id));
    },
    removedMessage: ADMIN_MESSAGES.folderRemoved,
  });

  const handleSaved = (saved: DocumentFolder | null) => {
    rows.stopEditing();
    if (saved) folders.setData((current) => upsertFolder(current ?? [], saved, filter));
    else folders.reload();
  };

  const list = folders.data ?? [];
  const addButton = (
    <Button variant="contained" startIcon={<AddIcon />} onClick={rows.startAdd} data-testid="folder-add">
      {L.addFolder}
    </Button>
  );

  return (
    <AccountPage title={L.foldersTitle} testId="folders-page" maxWidth={1000}>
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
            headers={[F.folder_name, F.transaction_type, F.client_visible, F.vendor_visible]}
          >
            {list.map((folder) => {
              const id = folder.client_document_folder_id;
              const system = isSystemFolder(folder);
              return (
                <TableRow
                  key={id}
                  hover
                  data-testid={`folder-row-${id}`}
                  data-folder-name={folder.folder_name}
                  data-system={system ? 'true' : 'false'}
                >
                  <TableCell>
                    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                      <FolderIcon fontSize="small" color={system ? 'disabled' : 'primary'} />
                      <span data-testid={`folder-name-${id}`}>{folder.folder_name}</span>
                      {system && <Chip size="small" variant="outlined" label={L.systemFolder} />}
                    </Box>
                  </TableCell>
                  <TableCell data-testid={`folder-type-${id}`}>{transactionTypeLabel(folder.transaction_type)}</TableCell>
                  <TableCell>
                    <YesNo value={folder.client_visible} />
                  </TableCell>
                  <TableCell>
                    <YesNo value={folder.vendor_visible} />
                  </TableCell>
                  <ActionsCell>
                    {system ? (
                      <Tooltip title={ADMIN_MESSAGES.systemFolderLocked}>
                        <LockIcon
                          fontSize="small"
                          color="disabled"
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
                    )}
                  </ActionsCell>
                </TableRow>
              );
            })}
          </ListTable>
        </ListLoadState>
      </SectionCard>

      {rows.editing !== undefined && (
        <FolderFormDialog folder={rows.editing} onClose={rows.stopEditing} onSaved={handleSaved} />
      )}
      <DeleteConfirm
        {...rows.confirmProps}
        title={L.deleteFolderTitle(rows.deleting?.folder_name ?? '')}
        testId="folder-delete-confirm"
      />
    </AccountPage>
  );
};

export default FolderList;
