// Routes of the Transactions screen and where its rows lead (spec 001 section 2), under the
// console's basename (/app).

export const transactionsPath = (basename: string) => `${basename}/transactions`;
/** Opened when a row is clicked: the transaction modal over the list. */
export const transactionDetailPath = (basename: string, clientId: number | string) =>
  `${basename}/transaction/${encodeURIComponent(String(clientId))}/detail`;
/** The transaction's tasks (the Roadmaps column links here when it counts any). */
export const transactionTasksPath = (basename: string, id: number | string) =>
  `${basename}/transactions/${encodeURIComponent(String(id))}/tasks`;
/** The transaction page. */
export const transactionPagePath = (basename: string, id: number | string) => `${basename}/transactions/${encodeURIComponent(String(id))}`;
/** The transaction's documents (the documents screens come with their issue). */
export const transactionDocumentsPath = (basename: string, id: number | string) =>
  `${basename}/transactions/${encodeURIComponent(String(id))}/documents`;
/** Add Transaction (the multi-step tabbed form). */
export const newTransactionPath = (basename: string) => `${basename}/transactions/new`;
