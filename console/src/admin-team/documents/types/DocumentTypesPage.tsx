import type { DocumentCategory, DocumentType } from '@app/contracts';
import Box from '@mui/material/Box';
import type { RaRecord } from 'react-admin';
import { PageFrame } from '../../../shared/page/PageFrame';
import { useResourceList } from '../../../shared/load/useResourceList';
import { ADMIN_TEAM_LABELS } from '../../messages';
import { CategoryList } from './CategoryList';
import { CATEGORIES, sortCategories, sortTypes, TYPES } from './documentTypeRules';
import { TypeList } from './TypeList';

/**
 * /app/admin/document-types: document categories and types on one screen (ADMIN and TRANC). A
 * category's rename or removal shows on its types at once, as the server applies it.
 */
const DocumentTypesPage = () => {
  // Writes go through react-admin (the lists' cache changes with them); shown in name order.
  const categories = useResourceList<DocumentCategory & RaRecord>(CATEGORIES);
  const types = useResourceList<DocumentType & RaRecord>(TYPES);

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
          categories={categories.data && sortCategories(categories.data)}
          loading={categories.loading}
          error={categories.error}
          onRetry={categories.reload}
        />
        <TypeList
          types={types.data && sortTypes(types.data)}
          categories={categories.data ?? []}
          loading={types.loading}
          error={types.error}
          onRetry={types.reload}
        />
      </Box>
    </PageFrame>
  );
};

export default DocumentTypesPage;
