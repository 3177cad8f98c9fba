import type { DocumentCategory } from '@app/contracts';
import AddIcon from '@mui/icons-material/Add';
import CategoryIcon from '@mui/icons-material/Category';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { TextInput, useNotify } from 'react-admin';
import { teamAdminApi } from '../..';
import { messageOf } from '../../../account/fieldErrors';
import { SectionCard } from '../../../account/AccountPage';
import { DeleteConfirm } from '../../common/DeleteConfirm';
import { FormDialog } from '../../common/FormDialog';
import { EmptyState, LoadError, LoadingRows } from '../../common/LoadState';
import { nameRules } from '../../common/rules';
import { submitErrors } from '../../common/submitErrors';
import { ADMIN_MESSAGES, ADMIN_TEAM_LABELS, COMMON_MESSAGES } from '../../messages';
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
  const handleSubmit = async (values: Record<string, unknown>) => {
    const name = String(values.name ?? '').trim();
    try {
      const answer = category
        ? await teamAdminApi.updateCategory(category.team_document_category_id, name)
        : await teamAdminApi.createCategory(name);
      notify(category ? ADMIN_MESSAGES.documentCategoryUpdated : ADMIN_MESSAGES.documentCategoryCreated, { type: 'success' });
      onSaved(savedCategory(answer?.record, name, category));
      return undefined;
    } catch (error) {
      return submitErrors(error, notify, CATEGORY_FIELDS);
    }
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
  const notify = useNotify();
  const [editing, setEditing] = useState<DocumentCategory | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<{ open: boolean; category: DocumentCategory | null }>({ open: false, category: null });
  const [removing, setRemoving] = useState(false);
  const closeDelete = () => setDeleting((current) => ({ ...current, open: false }));

  const handleDelete = async () => {
    const category = deleting.category;
    if (!category) return;
    setRemoving(true);
    try {
      await teamAdminApi.deleteCategory(category.team_document_category_id);
      onDeleted(category.team_document_category_id);
      notify(ADMIN_MESSAGES.documentCategoryDeleted, { type: 'success' });
    } catch (failure) {
      notify(messageOf(failure, COMMON_MESSAGES.serverError), { type: 'error' });
    } finally {
      setRemoving(false);
      closeDelete();
    }
  };

  return (
    <SectionCard testId="categories-card">
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap', mb: 1 }}>
        <Typography variant="h6" component="h2">
          {L.categoriesTitle}
        </Typography>
        <Button size="small" variant="outlined" startIcon={<AddIcon />} onClick={() => setEditing(null)} data-testid="category-add">
          {L.addCategory}
        </Button>
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {L.categoriesIntro}
      </Typography>
      {error ? (
        <LoadError message={error} testId="categories-error" onRetry={onRetry} />
      ) : loading && !categories ? (
        <LoadingRows testId="categories-loading" />
      ) : !categories || categories.length === 0 ? (
        <EmptyState testId="categories-empty" icon={<CategoryIcon fontSize="large" />} text={L.noCategories} />
      ) : (
        <List dense data-testid="categories-list">
          {categories.map((category) => {
            const id = category.team_document_category_id;
            return (
              <ListItem
                key={id}
                divider
                data-testid={`category-row-${id}`}
                secondaryAction={
                  <Box sx={{ whiteSpace: 'nowrap' }}>
                    <Tooltip title={L.edit}>
                      <IconButton
                        size="small"
                        aria-label={`${L.edit} ${category.name}`}
                        onClick={() => setEditing(category)}
                        data-testid={`category-edit-${id}`}
                      >
                        <EditIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                    <Tooltip title={L.delete}>
                      <IconButton
                        size="small"
                        color="error"
                        aria-label={`${L.delete} ${category.name}`}
                        onClick={() => setDeleting({ open: true, category })}
                        data-testid={`category-delete-${id}`}
                      >
                        <DeleteIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  </Box>
                }
                sx={{ pr: 12 }}
              >
                <ListItemText primary={category.name} slotProps={{ primary: { noWrap: true } }} />
              </ListItem>
            );
          })}
        </List>
      )}
      {editing !== undefined && (
        <CategoryFormDialog
          category={editing}
          onClose={() => setEditing(undefined)}
          onSaved={(saved) => {
            setEditing(undefined);
            onSaved(saved);
          }}
        />
      )}
      <DeleteConfirm
        open={deleting.open}
        title={L.deleteCategoryTitle(deleting.category?.name ?? '')}
        detail={L.deleteCategoryDetail}
        loading={removing}
        onConfirm={() => void handleDelete()}
        onClose={closeDelete}
        testId="category-delete-confirm"
      />
    </SectionCard>
  );
};
