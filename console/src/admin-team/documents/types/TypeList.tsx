import type { DocumentCategory, DocumentType } from '@app/contracts';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import DescriptionIcon from '@mui/icons-material/Description';
import EditIcon from '@mui/icons-material/Edit';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { SelectInput, TextInput, useNotify } from 'react-admin';
import { teamAdminApi } from '../..';
import { messageOf } from '../../../account/fieldErrors';
import { SectionCard } from '../../../account/AccountPage';
import { DeleteConfirm } from '../../common/DeleteConfirm';
import { FormDialog } from '../../common/FormDialog';
import { EmptyState, LoadError, LoadingRows } from '../../common/LoadState';
import { nameRules } from '../../common/rules';
import { submitErrors } from '../../common/submitErrors';
import { ADMIN_MESSAGES, ADMIN_TEAM_LABELS, COMMON_MESSAGES } from '../../messages';
import {
  categoryChoices,
  savedType,
  TYPE_FIELDS,
  typeFormValues,
  typePayload,
  typesIn,
  type TypeFilter,
  type TypeFormValues,
} from './documentTypeRules';

const L = ADMIN_TEAM_LABELS;

const TypeFormDialog = ({
  type,
  categories,
  defaultCategory,
  onClose,
  onSaved,
}: {
  type: DocumentType | null;
  categories: DocumentCategory[];
  defaultCategory: TypeFilter;
  onClose: () => void;
  onSaved: (saved: DocumentType | null) => void;
}) => {
  const notify = useNotify();
  const record = useMemo(() => {
    const values = typeFormValues(type);
    // A new type starts in the category the list shows.
    if (!type && defaultCategory !== '') values.team_document_category_id = defaultCategory;
    return { id: type?.team_document_type_id ?? 'new', ...values };
  }, [type, defaultCategory]);

  const handleSubmit = async (values: Record<string, unknown>) => {
    const payload = typePayload(values as Partial<TypeFormValues>);
    try {
      const answer = type
        ? await teamAdminApi.updateType(type.team_document_type_id, payload)
        : await teamAdminApi.createType(payload);
      notify(type ? ADMIN_MESSAGES.documentTypeUpdated : ADMIN_MESSAGES.documentTypeCreated, { type: 'success' });
      onSaved(savedType(answer?.record, payload, categories, type));
      return undefined;
    } catch (error) {
      return submitErrors(error, notify, TYPE_FIELDS);
    }
  };

  return (
    <FormDialog
      title={type ? L.editType : L.newType}
      record={record}
      onSubmit={handleSubmit}
      onClose={onClose}
      testId="type-dialog"
    >
      <TextInput source="name" label={L.typeFields.name} validate={nameRules} autoFocus data-testid="type-name" />
      <SelectInput
        source="team_document_category_id"
        label={L.typeFields.team_document_category_id}
        choices={categoryChoices(categories)}
        emptyText={L.noCategory}
        emptyValue=""
        translateChoice={false}
        data-testid="type-category"
      />
    </FormDialog>
  );
};

/** The team's document types, filtered by category: add, edit, delete. */
export const TypeList = ({
  types,
  categories,
  loading,
  error,
  onRetry,
  onSaved,
  onDeleted,
}: {
  types: DocumentType[] | null;
  categories: DocumentCategory[];
  loading: boolean;
  error: string | null;
  onRetry: () => void;
  onSaved: (saved: DocumentType | null) => void;
  onDeleted: (id: number) => void;
}) => {
  const notify = useNotify();
  const [filter, setFilter] = useState<TypeFilter>('');
  const [editing, setEditing] = useState<DocumentType | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<{ open: boolean; type: DocumentType | null }>({ open: false, type: null });
  const [removing, setRemoving] = useState(false);
  const closeDelete = () => setDeleting((current) => ({ ...current, open: false }));
  // A deleted category leaves the filter on nothing: back to all.
  const activeFilter = filter !== '' && !categories.some((item) => item.team_document_category_id === filter) ? '' : filter;
  const shown = typesIn(types ?? [], activeFilter);

  const handleDelete = async () => {
    const type = deleting.type;
    if (!type) return;
    setRemoving(true);
    try {
      await teamAdminApi.deleteType(type.team_document_type_id);
      onDeleted(type.team_document_type_id);
      notify(ADMIN_MESSAGES.documentTypeDeleted, { type: 'success' });
    } catch (failure) {
      notify(messageOf(failure, COMMON_MESSAGES.serverError), { type: 'error' });
    } finally {
      setRemoving(false);
      closeDelete();
    }
  };

  return (
    <SectionCard testId="types-card">
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap', mb: 1 }}>
        <Typography variant="h6" component="h2">
          {L.typesTitle}
        </Typography>
        <Button size="small" variant="contained" startIcon={<AddIcon />} onClick={() => setEditing(null)} data-testid="type-add">
          {L.addType}
        </Button>
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {L.typesIntro}
      </Typography>
      <TextField
        select
        fullWidth={false}
        size="small"
        label={L.categoryFilter}
        value={activeFilter === '' ? '' : String(activeFilter)}
        onChange={(event) => setFilter(event.target.value === '' ? '' : Number(event.target.value))}
        sx={{ minWidth: 220, mb: 1 }}
        slotProps={{ select: { displayEmpty: true, SelectDisplayProps: { 'data-testid': 'type-filter' } as object }, inputLabel: { shrink: true } }}
      >
        <MenuItem value="">{L.allCategories}</MenuItem>
        {categoryChoices(categories).map((choice) => (
          <MenuItem key={choice.id} value={String(choice.id)}>
            {choice.name}
          </MenuItem>
        ))}
      </TextField>
      {error ? (
        <LoadError message={error} testId="types-error" onRetry={onRetry} />
      ) : loading && !types ? (
        <LoadingRows testId="types-loading" />
      ) : shown.length === 0 ? (
        <EmptyState
          testId="types-empty"
          icon={<DescriptionIcon fontSize="large" />}
          text={activeFilter === '' ? L.noTypes : L.noTypesInCategory}
        />
      ) : (
        <TableContainer sx={{ overflowX: 'auto' }}>
          <Table size="small" sx={{ minWidth: 480 }} data-testid="types-table">
            <TableHead>
              <TableRow>
                <TableCell>{L.typeFields.name}</TableCell>
                <TableCell>{L.typeFields.category_name}</TableCell>
                <TableCell align="right">{L.actions}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {shown.map((type) => {
                const id = type.team_document_type_id;
                return (
                  <TableRow key={id} hover data-testid={`type-row-${id}`} data-type-name={type.name}>
                    <TableCell>{type.name}</TableCell>
                    <TableCell sx={{ color: type.category_name ? 'text.primary' : 'text.secondary' }}>
                      {type.category_name ?? L.noCategory}
                    </TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      <Tooltip title={L.edit}>
                        <IconButton
                          size="small"
                          aria-label={`${L.edit} ${type.name}`}
                          onClick={() => setEditing(type)}
                          data-testid={`type-edit-${id}`}
                        >
                          <EditIcon fontSize="small" />
                        </IconButton>
                      </Tooltip>
                      <Tooltip title={L.delete}>
                        <IconButton
                          size="small"
                          color="error"
                          aria-label={`${L.delete} ${type.name}`}
                          onClick={() => setDeleting({ open: true, type })}
                          data-testid={`type-delete-${id}`}
                        >
                          <DeleteIcon fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {editing !== undefined && (
        <TypeFormDialog
          type={editing}
          categories={categories}
          defaultCategory={activeFilter}
          onClose={() => setEditing(undefined)}
          onSaved={(saved) => {
            setEditing(undefined);
            onSaved(saved);
          }}
        />
      )}
      <DeleteConfirm
        open={deleting.open}
        title={L.deleteTypeTitle(deleting.type?.name ?? '')}
        loading={removing}
        onConfirm={() => void handleDelete()}
        onClose={closeDelete}
        testId="type-delete-confirm"
      />
    </SectionCard>
  );
};
