// Routes of the Transactions screen and where its rows lead (spec 001 section 2), under the
// console's basename (/app).

export const transactionsPath = (basename: string) => `${basename}/transactions`;
/** Opened when a row is clicked (the detail page comes with a later issue). */
export const transactionDetailPath = (basename: string, clientId: number | string) =>
  `${basename}/transaction/${encodeURIComponent(String(clientId))}/detail`;
/** The transaction's tasks (the Roadmaps column links here when it counts any). */
export const transactionTasksPath = (basename: string, id: number | string) =>
  `${basename}/transactions/${encodeURIComponent(String(id))}/tasks`;
