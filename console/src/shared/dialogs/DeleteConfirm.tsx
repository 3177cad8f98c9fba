import DeleteIcon from '@mui/icons-material/Delete';
import { Confirm } from 'react-admin';
import { ADMIN_MESSAGES, ADMIN_TEAM_LABELS } from '../messages';

/** The spec's delete confirmation ('This action cannot be undone. ...'), with what goes named in the title. */
export const DeleteConfirm = ({
  open,
  title,
  detail,
  loading,
  onConfirm,
  onClose,
  testId = 'delete-confirm',
}: {
  open: boolean;
  title: string;
  detail?: string;
  loading?: boolean;
  onConfirm: () => void;
  onClose: () => void;
  testId?: string;
}) => (
  <Confirm
    isOpen={open}
    loading={loading}
    title={title}
    content={detail ? `${detail} ${ADMIN_MESSAGES.folderDeleteConfirm}` : ADMIN_MESSAGES.folderDeleteConfirm}
    confirm={ADMIN_TEAM_LABELS.delete}
    cancel={ADMIN_TEAM_LABELS.cancel}
    confirmColor="warning"
    ConfirmIcon={DeleteIcon}
    onConfirm={onConfirm}
    onClose={onClose}
    data-testid={testId}
  />
);
