import type { DocumentCategory, DocumentType } from '@app/contracts';
import AddIcon from '@mui/icons-material/Add';
import DescriptionIcon from '@mui/icons-material/Description';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { SelectInput, TextInput, useCreate, useDelete, useNotify, useUpdate, type RaRecord } from 'react-admin';
import { SectionCard } from '../../../shared/page/PageFrame';
import { DeleteConfirm } from '../../../shared/dialogs/DeleteConfirm';
import { FormDialog } from '../../../shared/dialogs/FormDialog';
import { ListHeader, ListTable, type ListColumn } from '../../../shared/table/ListTable';
import { ListLoadState } from '../../../shared/load/LoadState';
import { nameRules } from '../../common/rules';
import { RowActions } from '../../../shared/table/RowActions';
import { submitSave } from '../../../shared/forms/submitErrors';
import { updateCachedLists } from '../../../shared/load/useResourceList';
import { useEditAndDelete } from '../../common/useEditAndDelete';
import { ADMIN_MESSAGES, ADMIN_TEAM_LABELS } from '../../messages';
import {
  categoryChoices,
  TYPE_FIELDS,
  TYPES,
  typeFormValues,
  typePayload,
  typesIn,
  upsertType,
  type TypeFilter,
  type TypeFormValues,
} from './documentTypeRules';

const L = ADMIN_TEAM_LABELS;

const typeColumns: ListColumn<DocumentType>[] = [
  { key: 'name', header: L.typeFields.name, render: (type) => type.name },
  {
    key: 'category_name',
    header: L.typeFields.category_name,
    render: (type) => (
      <Box component="span" sx={{ color: type.category_name ? 'text.primary' : 'text.secondary' }}>
        {type.category_name ?? L.noCategory}
      </Box>
    ),
  },
];

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
  onSaved: () => void;
}) => {
  const notify = useNotify();
  const [create] = useCreate();
  const [update] = useUpdate();
  const queryClient = useQueryClient();
  const record = useMemo(() => {
    const values = typeFormValues(type);
    // A new type starts in the category the list shows.
    if (!type && defaultCategory !== '') values.team_document_category_id = defaultCategory;
    return { id: type?.team_document_type_id ?? 'new', ...values };
  }, [type, defaultCategory]);

  const handleSubmit = (values: Record<string, unknown>) => {
    const payload = typePayload(values as Partial<TypeFormValues>);
    return submitSave(notify, {
      save: () =>
        type
          ? update(
              TYPES,
              { id: type.team_document_type_id, data: payload, previousData: type },
              { mutationMode: 'pessimistic', returnPromise: true },
            )
          : create(TYPES, { data: payload }, { returnPromise: true }),
      onSaved: (saved) => {
        updateCachedLists<DocumentType & RaRecord>(
          queryClient,
          TYPES,
          (rows) => upsertType(rows, saved as DocumentType) as (DocumentType & RaRecord)[],
        );
        onSaved();
      },
      savedMessage: type ? ADMIN_MESSAGES.documentTypeUpdated : ADMIN_MESSAGES.documentTypeCreated,
      fields: TYPE_FIELDS,
    });
  };

  return (
    <FormDialog title={type ? L.editType : L.newType} record={record} onSubmit={handleSubmit} onClose={onClose} testId="type-dialog">
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
}: {
  types: DocumentType[] | null;
  categories: DocumentCategory[];
  loading: boolean;
  error: string | null;
  onRetry: () => void;
}) => {
  const [filter, setFilter] = useState<TypeFilter>('');
  const [deleteOne] = useDelete();
  const rows = useEditAndDelete<DocumentType>({
    remove: async (type) => {
      await deleteOne(TYPES, { id: type.team_document_type_id, previousData: type }, { mutationMode: 'pessimistic', returnPromise: true });
    },
    removedMessage: ADMIN_MESSAGES.documentTypeDeleted,
  });
  // A deleted category leaves the filter on nothing: back to all.
  const activeFilter = filter !== '' && !categories.some((item) => item.team_document_category_id === filter) ? '' : filter;
  const shown = typesIn(types ?? [], activeFilter);

  return (
    <SectionCard testId="types-card">
      <ListHeader title={L.typesTitle}>
        <Button size="small" variant="contained" startIcon={<AddIcon />} onClick={rows.startAdd} data-testid="type-add">
          {L.addType}
        </Button>
      </ListHeader>
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
        slotProps={{
          select: { displayEmpty: true, SelectDisplayProps: { 'data-testid': 'type-filter' } as object },
          inputLabel: { shrink: true },
        }}
      >
        <MenuItem value="">{L.allCategories}</MenuItem>
        {categoryChoices(categories).map((choice) => (
          <MenuItem key={choice.id} value={String(choice.id)}>
            {choice.name}
          </MenuItem>
        ))}
      </TextField>
      <ListLoadState
        testIdPrefix="types"
        error={error}
        onRetry={onRetry}
        loading={loading && !types}
        empty={shown.length === 0}
        emptyIcon={<DescriptionIcon fontSize="large" />}
        emptyText={activeFilter === '' ? L.noTypes : L.noTypesInCategory}
      >
        <ListTable
          testId="types-table"
          columns={typeColumns}
          rows={shown}
          rowKey={(type) => type.team_document_type_id}
          rowAttributes={(type) => ({ 'data-testid': `type-row-${type.team_document_type_id}`, 'data-type-name': type.name })}
          actions={(type) => (
            <RowActions
              id={type.team_document_type_id}
              name={type.name}
              testIdPrefix="type"
              onEdit={() => rows.startEdit(type)}
              onDelete={() => rows.askDelete(type)}
            />
          )}
        />
      </ListLoadState>
      {rows.editing !== undefined && (
        <TypeFormDialog
          type={rows.editing}
          categories={categories}
          defaultCategory={activeFilter}
          onClose={rows.stopEditing}
          onSaved={rows.stopEditing}
        />
      )}
      <DeleteConfirm {...rows.confirmProps} title={L.deleteTypeTitle(rows.deleting?.name ?? '')} testId="type-delete-confirm" />
    </SectionCard>
  );
};
