import type { DocumentCategory } from '@app/contracts';
import AddIcon from '@mui/icons-material/Add';
import CategoryIcon from '@mui/icons-material/Category';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { TextInput, useNotify } from 'react-admin';
import { teamAdminApi } from '../..';
import { SectionCard } from '../../../shared/page/PageFrame';
import { DeleteConfirm } from '../../../shared/dialogs/DeleteConfirm';
import { FormDialog } from '../../../shared/dialogs/FormDialog';
import { ListHeader } from '../../../shared/table/ListTable';
import { ListLoadState } from '../../../shared/load/LoadState';
import { nameRules } from '../../common/rules';
import { RowActions } from '../../../shared/table/RowActions';
import { submitSave } from '../../../shared/forms/submitErrors';
import { useEditAndDelete } from '../../common/useEditAndDelete';
import { ADMIN_MESSAGES, ADMIN_TEAM_LABELS } from '../../messages';
import { CATEGORY_FIELDS, savedCategory } from './documentTypeRules';

const L = ADMIN_TEAM_LABELS;

const CategoryFormDialog = ({
  category,
  onClose,
  onSaved,
}: {
  category: DocumentCategory | null;
  onClose: () => void;
  onSaved: (saved: DocumentCategory | null) => void;
}) => {
  const notify = useNotify();
  const record = useMemo(
    () => ({ id: category?.team_document_category_id ?? 'new', name: category?.name ?? '' }),
    [category],
  );
  const handleSubmit = (values: Record<string, unknown>) => {
    const name = String(values.name ?? '').trim();
    return submitSave(notify, {
      save: () =>
        category
          ? teamAdminApi.updateCategory(category.team_document_category_id, name)
          : teamAdminApi.createCategory(name),
      onSaved: (answer) => onSaved(savedCategory(answer?.record, name, category)),
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
  onSaved,
  onDeleted,
}: {
  categories: DocumentCategory[] | null;
  loading: boolean;
  error: string | null;
  onRetry: () => void;
  /** The saved category, or null when the answer carried none (reload). */
  onSaved: (saved: DocumentCategory | null) => void;
  onDeleted: (id: number) => void;
}) => {
  const rows = useEditAndDelete<DocumentCategory>({
    remove: async (category) => {
      await teamAdminApi.deleteCategory(category.team_document_category_id);
      onDeleted(category.team_document_category_id);
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
      {rows.editing !== undefined && (
        <CategoryFormDialog
          category={rows.editing}
          onClose={rows.stopEditing}
          onSaved={(saved) => {
            rows.stopEditing();
            onSaved(saved);
          }}
        />
      )}
      <DeleteConfirm
        {...rows.confirmProps}
        title={L.deleteCategoryTitle(rows.deleting?.name ?? '')}
        detail={L.deleteCategoryDetail}
        testId="category-delete-confirm"
      />
    </SectionCard>
  );
};
