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

// The request board and a transaction's e-sign pages (spec 002 sections 2.2 and 2.5).

/** The request board, relative to /app (its menu entry's `to`). */
export const ESIGN_REQUESTS_ROUTE = 'esign-requests';
/** The menu's former E-sign route: it sends to the board. */
export const ESIGN_LEGACY_ROUTE = 'esign';

/** /app/esign-requests. */
export const esignRequestsPath = (basename: string): string => `${basename}/${ESIGN_REQUESTS_ROUTE}`;

/** A transaction's e-sign tab: /app/transactions/{client_id}/esign. */
export const transactionEsignPath = (basename: string, clientId: number | string): string =>
  `${basename}/transactions/${encodeURIComponent(String(clientId))}/esign`;

/** The send stepper of a draft, at its first step: /app/transactions/{client_id}/esign/send/{draft_id}?step=1. */
export const esignSendPath = (basename: string, clientId: number | string, draftId: string, step = 1): string =>
  `${transactionEsignPath(basename, clientId)}/send/${encodeURIComponent(draftId)}?step=${step}`;

/**
 * Whether a browser path is one of the e-sign pages of spec 002 sections 2.2 and 2.5: the board, /app/esign (and anything under
 * either), a transaction's e-sign tab and the stepper under it.
 */
export function isEsignRequestsPath(pathname: string, basename = '/app'): boolean {
  const under = (root: string) => pathname === root || pathname.startsWith(`${root}/`);
  if (under(esignRequestsPath(basename)) || under(`${basename}/${ESIGN_LEGACY_ROUTE}`)) return true;
  const prefix = `${basename}/transactions/`;
  if (!pathname.startsWith(prefix)) return false;
  const [clientId, segment] = pathname.slice(prefix.length).split('/');
  return !!clientId && segment === 'esign';
}
