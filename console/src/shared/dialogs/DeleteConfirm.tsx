import DeleteIcon from '@mui/icons-material/Delete';
import { Confirm } from 'react-admin';
import { COMMON_LABELS, COMMON_MESSAGES } from '../messages';

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
    content={detail ? `${detail} ${COMMON_MESSAGES.deleteConfirm}` : COMMON_MESSAGES.deleteConfirm}
    confirm={COMMON_LABELS.delete}
    cancel={COMMON_LABELS.cancel}
    confirmColor="warning"
    ConfirmIcon={DeleteIcon}
    onConfirm={onConfirm}
    onClose={onClose}
    data-testid={testId}
  />
);
