import { useBasename } from 'react-admin';
import { Navigate, Route, Routes } from 'react-router-dom';
import { EsignTemplatesList } from './EsignTemplatesList';
import { esignTemplatesPath } from './paths';

/** Any other path under the list goes back to it. */
const BackToList = () => <Navigate to={esignTemplatesPath(useBasename())} replace />;

/**
 * /app/admin/esign-templates/*: the templates list. The template builder (template-builder?templateId=)
 * is its own route (console/src/esign/builder), mounted ahead of this one.
 */
const EsignTemplatesPage = () => (
  <Routes>
    <Route index element={<EsignTemplatesList />} />
    <Route path="*" element={<BackToList />} />
  </Routes>
);

export default EsignTemplatesPage;
