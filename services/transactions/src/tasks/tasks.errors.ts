/** Messages of the task rules that the spec does not word. */
export const TASK_ERRORS = {
  taskId: 'Must be a task id',
  taskIds: 'Must be a list of 1 to 500 task ids',
  clientId: 'Must be a transaction id',
  docTypeId: 'Must be a document type id',
  docTypeOfTeam: 'Must be a document type of your team',
  docId: 'Must be a document of this transaction',
  page: 'Must be a page number from 1',
  perPage: 'Must be a whole number from 1 to 500',
  orderBy: 'Must be one of due_dt, name, status_id, created_ts, task_id',
  orderDir: 'Must be 1 or -1',
  nameTooLong: 'Must be at most 200 characters',
  cannotAdd: 'You do not have permission to add tasks',
  cannotDelete: 'Only admins and transaction coordinators can delete tasks',
  rtcIds: 'Must be a list of roadmap template ids',
  clientIds: 'Must be a list of 1 to 500 transaction ids',
} as const;
