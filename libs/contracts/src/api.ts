/** Wire shapes shared by every service (ARCHITECTURE.md section 3). */
export interface Pagination {
  total: number;
  page: number;
  per_page: number;
  pages: number;
  has_next: boolean;
  has_prev: boolean;
}

export interface TableColumn {
  field: string;
  header: string;
  sortable?: boolean;
}

/** Lists whose columns come from the server. */
export interface TableResponse<T> {
  table: { data: T[]; cols: TableColumn[] };
  pagination: Pagination;
}

/** Other lists. */
export interface RecordsResponse<T> {
  records: T[];
  pagination: Pagination;
}

export interface FieldError {
  field: string;
  error: string;
}

export interface ErrorResponse {
  status: 'error';
  message: string;
  errors?: FieldError[];
  /** A longer explanation the console may show under the message ('No Available User Licenses'). */
  detail?: string;
  /** A 404 of a merged contact: the contact it was merged into. */
  merged_into_contact_id?: number;
}

export interface ListQuery {
  page?: number;
  per_page?: number;
  order_by?: string;
  order_dir?: 1 | -1;
}
