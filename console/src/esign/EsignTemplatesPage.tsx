import { lazy, Suspense } from 'react';
import { Loading, useBasename } from 'react-admin';
import { Navigate, Route, Routes } from 'react-router-dom';
import { EsignTemplatesList } from './EsignTemplatesList';
import { ESIGN_TEMPLATE_BUILDER_SEGMENT, esignTemplatesPath } from './paths';

// The template builder (react-pdf, pdf.js, @dnd-kit): its own chunk, loaded when opened.
const TemplateBuilderPage = lazy(() => import('./builder/TemplateBuilderPage'));

/** Any other path under the list goes back to it. */
const BackToList = () => <Navigate to={esignTemplatesPath(useBasename())} replace />;

/**
 * /app/admin/esign-templates/*: the templates list (spec 002 section 2.4) and the template builder at
 * template-builder?templateId= (section 2.3), both inside the console's layout and its e-sign gate.
 */
const EsignTemplatesPage = () => (
  <Routes>
    <Route index element={<EsignTemplatesList />} />
    <Route
      path={ESIGN_TEMPLATE_BUILDER_SEGMENT}
      element={
        <Suspense fallback={<Loading />}>
          <TemplateBuilderPage />
        </Suspense>
      }
    />
    <Route path="*" element={<BackToList />} />
  </Routes>
);

export default EsignTemplatesPage;
