import type { DocumentFolder } from '@app/contracts';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import FolderIcon from '@mui/icons-material/Folder';
import LockIcon from '@mui/icons-material/Lock';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useNotify } from 'react-admin';
import { teamAdminApi } from '../..';
import { messageOf } from '../../../account/fieldErrors';
import { AccountPage, SectionCard } from '../../../account/AccountPage';
import { DeleteConfirm } from '../../common/DeleteConfirm';
import { EmptyState, LoadError, LoadingRows } from '../../common/LoadState';
import { useLoad } from '../../common/useLoad';
import { ADMIN_MESSAGES, ADMIN_TEAM_LABELS, COMMON_MESSAGES } from '../../messages';
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
  const notify = useNotify();
  const [filter, setFilter] = useState<FolderFilter>('');
  const folders = useLoad(() => teamAdminApi.listFolders(filter), [filter]);
  // undefined: no dialog; null: a new folder; a folder: editing it.
  const [editing, setEditing] = useState<DocumentFolder | null | undefined>(undefined);
  // The folder stays named while the dialog closes.
  const [deleting, setDeleting] = useState<{ open: boolean; folder: DocumentFolder | null }>({ open: false, folder: null });
  const [removing, setRemoving] = useState(false);

  const handleSaved = (saved: DocumentFolder | null) => {
    setEditing(undefined);
    if (saved) folders.setData((current) => upsertFolder(current ?? [], saved, filter));
    else folders.reload();
  };

  const closeDelete = () => setDeleting((current) => ({ ...current, open: false }));

  const handleDelete = async () => {
    const folder = deleting.folder;
    if (!folder) return;
    setRemoving(true);
    try {
      await teamAdminApi.deleteFolder(folder.client_document_folder_id);
      folders.setData((current) => removeFolder(current ?? [], folder.client_document_folder_id));
      notify(ADMIN_MESSAGES.folderRemoved, { type: 'success' });
    } catch (error) {
      notify(messageOf(error, COMMON_MESSAGES.serverError), { type: 'error' });
    } finally {
      setRemoving(false);
      closeDelete();
    }
  };

  const list = folders.data ?? [];
  const addButton = (
    <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing(null)} data-testid="folder-add">
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
        {folders.error ? (
          <LoadError message={folders.error} testId="folders-error" onRetry={folders.reload} />
        ) : folders.loading && !folders.data ? (
          <LoadingRows testId="folders-loading" />
        ) : list.length === 0 ? (
          <EmptyState
            testId="folders-empty"
            icon={<FolderIcon fontSize="large" />}
            text={filter ? L.noFoldersForFilter : L.noFolders}
          />
        ) : (
          // Scrolls sideways on narrow screens instead of squeezing the columns.
          <TableContainer sx={{ overflowX: 'auto', opacity: folders.loading ? 0.6 : 1 }}>
            <Table size="small" sx={{ minWidth: 640 }} data-testid="folders-table">
              <TableHead>
                <TableRow>
                  <TableCell>{F.folder_name}</TableCell>
                  <TableCell>{F.transaction_type}</TableCell>
                  <TableCell>{F.client_visible}</TableCell>
                  <TableCell>{F.vendor_visible}</TableCell>
                  <TableCell align="right">{L.actions}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
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
                      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
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
                          <>
                            <Tooltip title={L.edit}>
                              <IconButton
                                size="small"
                                aria-label={`${L.edit} ${folder.folder_name}`}
                                onClick={() => setEditing(folder)}
                                data-testid={`folder-edit-${id}`}
                              >
                                <EditIcon fontSize="small" />
                              </IconButton>
                            </Tooltip>
                            <Tooltip title={L.delete}>
                              <IconButton
                                size="small"
                                color="error"
                                aria-label={`${L.delete} ${folder.folder_name}`}
                                onClick={() => setDeleting({ open: true, folder })}
                                data-testid={`folder-delete-${id}`}
                              >
                                <DeleteIcon fontSize="small" />
                              </IconButton>
                            </Tooltip>
                          </>
                        )}
                      </TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </SectionCard>

      {editing !== undefined && (
        <FolderFormDialog folder={editing} onClose={() => setEditing(undefined)} onSaved={handleSaved} />
      )}
      <DeleteConfirm
        open={deleting.open}
        title={L.deleteFolderTitle(deleting.folder?.folder_name ?? '')}
        loading={removing}
        onConfirm={() => void handleDelete()}
        onClose={closeDelete}
        testId="folder-delete-confirm"
      />
    </AccountPage>
  );
};

export default FolderList;
