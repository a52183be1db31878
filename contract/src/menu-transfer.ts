/** Menu import as the dashboard sees it (`/api/admin/menu/import`, docs/interfaces.md §8). */

/** One problem of one row: the row number as a spreadsheet shows it (the header is row 1), the column, why. */
export interface MenuImportProblem {
  row: number;
  column: string;
  message: string;
}

export interface MenuImportResult {
  created: number;
  updated: number;
  variations: number;
  categories: number;
  /** Images brought into the media library (each address once). */
  images: number;
  /** Images that could not be brought in: the row, column "Images", the address and why; the row is imported without it. */
  imageProblems: MenuImportProblem[];
}

export interface MenuImportView {
  id: string;
  fileName: string;
  status: 'preview' | 'applying' | 'done' | 'failed';
  total: number;
  /** Rows applied so far while applying. */
  applied: number;
  /** While applying: images downloaded so far of those the file names (before the rows are written). */
  images: { done: number; total: number } | null;
  rows: { row: number; kind: 'product' | 'variation'; name: string; sku: string }[];
  problems: MenuImportProblem[];
  result: MenuImportResult | { error: string; row: number | null } | null;
}
