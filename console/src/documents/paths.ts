// Routes of a transaction's documents (spec 001 section 2), under the console's basename (/app).

const segment = (value: number | string) => encodeURIComponent(String(value));

/** Every folder with its documents. */
export const documentsPath = (basename: string, clientId: number | string) => `${basename}/transactions/${segment(clientId)}/documents`;
/** One folder (with upload), by its slug. */
export const folderPath = (basename: string, clientId: number | string, slug: string) =>
  `${documentsPath(basename, clientId)}/${segment(slug)}`;
/** A document's viewer. */
export const documentPath = (basename: string, clientId: number | string, slug: string, documentId: number | string) =>
  `${folderPath(basename, clientId, slug)}/${segment(documentId)}`;
/** The messages' link to a document: goes on to its folder route. */
export const documentLinkPath = (basename: string, clientId: number | string, documentId: number | string) =>
  `${documentsPath(basename, clientId)}/view/${segment(documentId)}`;
