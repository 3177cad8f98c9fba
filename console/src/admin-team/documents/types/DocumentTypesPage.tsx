import Box from '@mui/material/Box';
import { teamAdminApi } from '../..';
import { PageFrame } from '../../../shared/page/PageFrame';
import { useLoad } from '../../../shared/load/useLoad';
import { ADMIN_TEAM_LABELS } from '../../messages';
import { CategoryList } from './CategoryList';
import {
  detachCategory,
  removeCategory,
  removeType,
  renameCategoryOfTypes,
  sortCategories,
  sortTypes,
  upsertCategory,
  upsertType,
} from './documentTypeRules';
import { TypeList } from './TypeList';

/**
 * /app/admin/document-types: document categories and types on one screen (ADMIN and TRANC). A
 * category's rename or removal shows on its types at once, as the server applies it.
 */
const DocumentTypesPage = () => {
  const categories = useLoad(async () => sortCategories(await teamAdminApi.listCategories()));
  const types = useLoad(async () => sortTypes(await teamAdminApi.listTypes()));

  return (
    <PageFrame title={ADMIN_TEAM_LABELS.documentTypesTitle} testId="document-types-page" maxWidth={1100}>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          // Side by side on wide screens, stacked at 960px and less.
          gridTemplateColumns: { xs: '1fr', sm: 'minmax(260px, 1fr) 2fr' },
          alignItems: 'start',
          '& > *': { minWidth: 0 },
        }}
      >
        <CategoryList
          categories={categories.data}
          loading={categories.loading}
          error={categories.error}
          onRetry={categories.reload}
          onSaved={(saved) => {
            if (!saved) return categories.reload();
            categories.setData((current) => upsertCategory(current ?? [], saved));
            types.setData((current) => current && renameCategoryOfTypes(current, saved));
          }}
          onDeleted={(id) => {
            categories.setData((current) => removeCategory(current ?? [], id));
            types.setData((current) => current && detachCategory(current, id));
          }}
        />
        <TypeList
          types={types.data}
          categories={categories.data ?? []}
          loading={types.loading}
          error={types.error}
          onRetry={types.reload}
          onSaved={(saved) => {
            if (!saved) return types.reload();
            types.setData((current) => upsertType(current ?? [], saved));
          }}
          onDeleted={(id) => types.setData((current) => removeType(current ?? [], id))}
        />
      </Box>
    </PageFrame>
  );
};

export default DocumentTypesPage;
