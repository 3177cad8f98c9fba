import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { ADMIN_TEAM_LABELS } from '../../messages';
import { FOLDER_FILTER_CHOICES, type FolderFilter } from './folderRules';

/** Transaction type filter: All lists every folder; Buyer or Seller lists that type's folders and the All ones. */
export const FolderListFilter = ({ value, onChange }: { value: FolderFilter; onChange: (value: FolderFilter) => void }) => (
  <TextField
    select
    fullWidth={false}
    size="small"
    label={ADMIN_TEAM_LABELS.transactionTypeFilter}
    value={value}
    onChange={(event) => onChange(event.target.value as FolderFilter)}
    sx={{ minWidth: 200 }}
    slotProps={{
      select: { displayEmpty: true, SelectDisplayProps: { 'data-testid': 'folder-filter' } as object },
      inputLabel: { shrink: true },
    }}
  >
    {FOLDER_FILTER_CHOICES.map((choice) => (
      <MenuItem key={choice.id || 'all'} value={choice.id} data-testid={`folder-filter-${choice.id || 'all'}`}>
        {choice.name}
      </MenuItem>
    ))}
  </TextField>
);
