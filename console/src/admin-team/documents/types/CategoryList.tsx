import type { DocumentCategory, DocumentType } from '@app/contracts';
import AddIcon from '@mui/icons-material/Add';
import CategoryIcon from '@mui/icons-material/Category';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { TextInput, useCreate, useDelete, useNotify, useUpdate, type RaRecord } from 'react-admin';
import { SectionCard } from '../../../shared/page/PageFrame';
import { DeleteConfirm } from '../../../shared/dialogs/DeleteConfirm';
import { FormDialog } from '../../../shared/dialogs/FormDialog';
import { ListHeader } from '../../../shared/table/ListTable';
import { ListLoadState } from '../../../shared/load/LoadState';
import { nameRules } from '../../common/rules';
import { RowActions } from '../../../shared/table/RowActions';
import { submitSave } from '../../../shared/forms/submitErrors';
import { updateCachedLists } from '../../../shared/load/useResourceList';
import { useEditAndDelete } from '../../common/useEditAndDelete';
import { ADMIN_MESSAGES, ADMIN_TEAM_LABELS } from '../../messages';
import { CATEGORIES, CATEGORY_FIELDS, detachCategory, renameCategoryOfTypes, TYPES, upsertCategory } from './documentTypeRules';

const L = ADMIN_TEAM_LABELS;

const CategoryFormDialog = ({
  category,
  onClose,
  onSaved,
}: {
  category: DocumentCategory | null;
  onClose: () => void;
  onSaved: () => void;
}) => {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [create] = useCreate();
  const [update] = useUpdate();
  const record = useMemo(() => ({ id: category?.team_document_category_id ?? 'new', name: category?.name ?? '' }), [category]);
  const handleSubmit = (values: Record<string, unknown>) => {
    const name = String(values.name ?? '').trim();
    return submitSave(notify, {
      save: () =>
        category
          ? update(
              CATEGORIES,
              { id: category.team_document_category_id, data: { name }, previousData: category },
              { mutationMode: 'pessimistic', returnPromise: true },
            )
          : create(CATEGORIES, { data: { name } }, { returnPromise: true }),
      onSaved: (saved) => {
        const record = saved as DocumentCategory;
        updateCachedLists<DocumentCategory & RaRecord>(
          queryClient,
          CATEGORIES,
          (rows) => upsertCategory(rows, record) as (DocumentCategory & RaRecord)[],
        );
        // A renamed category shows on its types at once, as the server applies it.
        if (category)
          updateCachedLists<DocumentType & RaRecord>(
            queryClient,
            TYPES,
            (types) => renameCategoryOfTypes(types, record) as (DocumentType & RaRecord)[],
          );
        onSaved();
      },
      savedMessage: category ? ADMIN_MESSAGES.documentCategoryUpdated : ADMIN_MESSAGES.documentCategoryCreated,
      fields: CATEGORY_FIELDS,
    });
  };
  return (
    <FormDialog
      title={category ? L.editCategory : L.newCategory}
      record={record}
      onSubmit={handleSubmit}
      onClose={onClose}
      testId="category-dialog"
    >
      <TextInput source="name" label={L.categoryFields.name} validate={nameRules} autoFocus data-testid="category-name" />
    </FormDialog>
  );
};

/** The team's document categories: add, rename, delete (their types stay, without a category). */
export const CategoryList = ({
  categories,
  loading,
  error,
  onRetry,
}: {
  categories: DocumentCategory[] | null;
  loading: boolean;
  error: string | null;
  onRetry: () => void;
}) => {
  const queryClient = useQueryClient();
  const [deleteOne] = useDelete();
  const rows = useEditAndDelete<DocumentCategory>({
    remove: async (category) => {
      const id = category.team_document_category_id;
      await deleteOne(CATEGORIES, { id, previousData: category }, { mutationMode: 'pessimistic', returnPromise: true });
      // Its types stay, without a category (the server does the same).
      updateCachedLists<DocumentType & RaRecord>(queryClient, TYPES, (types) => detachCategory(types, id) as (DocumentType & RaRecord)[]);
    },
    removedMessage: ADMIN_MESSAGES.documentCategoryDeleted,
  });

  return (
    <SectionCard testId="categories-card">
      <ListHeader title={L.categoriesTitle}>
        <Button size="small" variant="outlined" startIcon={<AddIcon />} onClick={rows.startAdd} data-testid="category-add">
          {L.addCategory}
        </Button>
      </ListHeader>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {L.categoriesIntro}
      </Typography>
      <ListLoadState
        testIdPrefix="categories"
        error={error}
        onRetry={onRetry}
        loading={loading && !categories}
        empty={!categories || categories.length === 0}
        emptyIcon={<CategoryIcon fontSize="large" />}
        emptyText={L.noCategories}
      >
        <List dense data-testid="categories-list">
          {(categories ?? []).map((category) => {
            const id = category.team_document_category_id;
            return (
              <ListItem
                key={id}
                divider
                data-testid={`category-row-${id}`}
                secondaryAction={
                  <Box sx={{ whiteSpace: 'nowrap' }}>
                    <RowActions
                      id={id}
                      name={category.name}
                      testIdPrefix="category"
                      onEdit={() => rows.startEdit(category)}
                      onDelete={() => rows.askDelete(category)}
                    />
                  </Box>
                }
                sx={{ pr: 12 }}
              >
                <ListItemText primary={category.name} slotProps={{ primary: { noWrap: true } }} />
              </ListItem>
            );
          })}
        </List>
      </ListLoadState>
      {rows.editing !== undefined && <CategoryFormDialog category={rows.editing} onClose={rows.stopEditing} onSaved={rows.stopEditing} />}
      <DeleteConfirm
        {...rows.confirmProps}
        title={L.deleteCategoryTitle(rows.deleting?.name ?? '')}
        detail={L.deleteCategoryDetail}
        testId="category-delete-confirm"
      />
    </SectionCard>
  );
};
