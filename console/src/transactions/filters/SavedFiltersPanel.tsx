import type { SavedFilter } from '@app/contracts';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { FILTER_LABELS as L } from './messages';

/** A filter's name as the list shows it: team filters followed by ' (Team)'. */
export const savedFilterLabel = (filter: Pick<SavedFilter, 'filter_name' | 'owner_type'>) =>
  filter.owner_type === 'team' ? `${filter.filter_name}${L.teamSuffix}` : filter.filter_name;

export interface SavedFiltersPanelProps {
  /** null while loading. */
  filters: SavedFilter[] | null;
  error: unknown;
  onRetry: () => void;
  selectedId: number | null;
  canRemove: (filter: SavedFilter) => boolean;
  onUse: (filter: SavedFilter) => void;
  onRemove: (filter: SavedFilter) => void;
  onUpdateSelected: () => void;
  updateDisabled: boolean;
}

/** The collapsible Saved Filters panel: click a name to apply it, remove per filter, Update Selected. */
export const SavedFiltersPanel = ({
  filters,
  error,
  onRetry,
  selectedId,
  canRemove,
  onUse,
  onRemove,
  onUpdateSelected,
  updateDisabled,
}: SavedFiltersPanelProps) => (
  <Accordion defaultExpanded disableGutters variant="outlined" data-testid="saved-filters">
    <AccordionSummary
      expandIcon={<ExpandMoreIcon />}
      aria-controls="saved-filters-content"
      id="saved-filters-header"
      data-testid="saved-filters-toggle"
    >
      <Typography variant="subtitle2">{L.savedFilters}</Typography>
    </AccordionSummary>
    <AccordionDetails id="saved-filters-content" sx={{ pt: 0 }}>
      {error && !filters ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={onRetry}>
              {L.retry}
            </Button>
          }
          data-testid="saved-filters-error"
        >
          {L.savedFiltersFailed}
        </Alert>
      ) : !filters ? (
        <LinearProgress aria-label={L.loading} data-testid="saved-filters-loading" />
      ) : filters.length === 0 ? (
        <Typography variant="body2" color="text.secondary" data-testid="saved-filters-empty">
          {L.noSavedFilters}
        </Typography>
      ) : (
        <List dense disablePadding sx={{ maxHeight: 240, overflowY: 'auto' }} data-testid="saved-filters-list">
          {filters.map((filter) => {
            const label = savedFilterLabel(filter);
            const isSelected = filter.filter_id === selectedId;
            return (
              <ListItem
                key={filter.filter_id}
                disablePadding
                data-testid="saved-filter"
                data-selected={isSelected ? 'true' : 'false'}
                secondaryAction={
                  canRemove(filter) ? (
                    <IconButton
                      edge="end"
                      size="small"
                      aria-label={L.removeFilter.replace('{name}', label)}
                      onClick={() => onRemove(filter)}
                      data-testid="saved-filter-remove"
                    >
                      <DeleteOutlineIcon fontSize="small" />
                    </IconButton>
                  ) : undefined
                }
              >
                <ListItemButton
                  selected={isSelected}
                  aria-current={isSelected ? 'true' : undefined}
                  onClick={() => onUse(filter)}
                  data-testid="saved-filter-use"
                >
                  <ListItemText primary={label} slotProps={{ primary: { noWrap: true, title: label } }} />
                </ListItemButton>
              </ListItem>
            );
          })}
        </List>
      )}
      <Button
        size="small"
        variant="outlined"
        onClick={onUpdateSelected}
        disabled={updateDisabled}
        sx={{ mt: 1 }}
        data-testid="filter-update-selected"
      >
        {L.updateSelected}
      </Button>
    </AccordionDetails>
  </Accordion>
);

/** A destructive action asks first. */
export const RemoveFilterDialog = ({
  filter,
  busy,
  onCancel,
  onConfirm,
}: {
  filter: SavedFilter;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) => (
  <Dialog open onClose={busy ? undefined : onCancel} maxWidth="xs" fullWidth data-testid="filter-remove-dialog">
    <DialogTitle>{L.remove}</DialogTitle>
    <DialogContent>
      <Typography>{L.removeQuestion.replace('{name}', savedFilterLabel(filter))}</Typography>
    </DialogContent>
    <DialogActions>
      <Button onClick={onCancel} disabled={busy}>
        {L.cancel}
      </Button>
      <Button color="error" variant="contained" onClick={onConfirm} disabled={busy} data-testid="filter-remove-confirm">
        {L.remove}
      </Button>
    </DialogActions>
  </Dialog>
);
