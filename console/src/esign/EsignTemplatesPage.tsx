import { lazy } from 'react';
import { useBasename } from 'react-admin';
import { Navigate, Route, Routes } from 'react-router-dom';
import { EsignTemplatesList } from './EsignTemplatesList';
import { ESIGN_TEMPLATE_BUILDER_SEGMENT, esignTemplatesPath } from './paths';

// The builder is its own chunk (react-pdf and pdf.js load only with it).
const TemplateBuilderPage = lazy(() => import('./builder/TemplateBuilderPage'));

/** Any other path under the list goes back to it. */
const BackToList = () => <Navigate to={esignTemplatesPath(useBasename())} replace />;

/**
 * /app/admin/esign-templates/*: the templates list, and the template builder at
 * template-builder?templateId= (console/src/esign/builder, lazily loaded).
 */
const EsignTemplatesPage = () => (
  <Routes>
    <Route index element={<EsignTemplatesList />} />
    <Route path={ESIGN_TEMPLATE_BUILDER_SEGMENT} element={<TemplateBuilderPage />} />
    <Route path="*" element={<BackToList />} />
  </Routes>
);

export default EsignTemplatesPage;
