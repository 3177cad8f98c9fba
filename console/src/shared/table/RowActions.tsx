import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { COMMON_LABELS } from '../messages';

const L = COMMON_LABELS;

/**
 * A row's edit and delete buttons, named after the row for screen readers. Test ids:
 * `<testIdPrefix>-edit-<id>` and `<testIdPrefix>-delete-<id>`.
 */
export const RowActions = ({
  id,
  name,
  testIdPrefix,
  onEdit,
  onDelete,
}: {
  id: number | string;
  name: string;
  testIdPrefix: string;
  onEdit: () => void;
  onDelete: () => void;
}) => (
  <>
    <Tooltip title={L.edit}>
      <IconButton size="small" aria-label={`${L.edit} ${name}`} onClick={onEdit} data-testid={`${testIdPrefix}-edit-${id}`}>
        <EditIcon fontSize="small" />
      </IconButton>
    </Tooltip>
    <Tooltip title={L.delete}>
      <IconButton
        size="small"
        color="error"
        aria-label={`${L.delete} ${name}`}
        onClick={onDelete}
        data-testid={`${testIdPrefix}-delete-${id}`}
      >
        <DeleteIcon fontSize="small" />
      </IconButton>
    </Tooltip>
  </>
);
