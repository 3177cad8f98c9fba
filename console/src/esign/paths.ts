// Routes of the admin e-sign pages (spec 002 sections 2.3 and 2.4), under the console's /app.

/** The templates list, relative to /app (its menu entry's `to`). */
export const ESIGN_TEMPLATES_ROUTE = 'admin/esign-templates';
/** The template builder, relative to the list. */
export const ESIGN_TEMPLATE_BUILDER_SEGMENT = 'template-builder';

/** The templates list's absolute path under the console's basename ('/app'). */
export const esignTemplatesPath = (basename: string): string => `${basename}/${ESIGN_TEMPLATES_ROUTE}`;

/** The builder of one template: /app/admin/esign-templates/template-builder?templateId={id}. */
export const esignTemplateBuilderPath = (basename: string, templateId: number): string =>
  `${esignTemplatesPath(basename)}/${ESIGN_TEMPLATE_BUILDER_SEGMENT}?templateId=${encodeURIComponent(String(templateId))}`;

/** Whether a browser path is one of the admin e-sign pages (the list, the builder, anything under them). */
export function isEsignAdminPath(pathname: string, basename = '/app'): boolean {
  const root = esignTemplatesPath(basename);
  return pathname === root || pathname.startsWith(`${root}/`);
}
