/** Menu import as the dashboard sees it (`/api/admin/menu/import`, docs/interfaces.md §8). */

/** One problem of one row: the row number as a spreadsheet shows it (the header is row 1), the column, why. */
export interface MenuImportProblem {
  row: number;
  column: string;
  /** The English text, for API clients and logs; screens show `code` in the viewer's language. */
  message: string;
  /**
   * What is wrong, as a staff message (`dashboard.menuTransfer.problem.<code>`) filled with `params`
   * (docs/decisions/0071-age-restricted-products-staff-language.md).
   */
  code?: MenuImportProblemCode;
  params?: Record<string, string | number>;
}

export const menuImportProblemCodes = [
  'notPrice',
  'notWholeNumber',
  'saleAboveRegular',
  'allergenList',
  'ageLimit',
  'variationParent',
  'variationOneValue',
  'unknownType',
  'nameRequired',
  'duplicateId',
  'unreadable',
  'tooManyRows',
  'noNameColumn',
  'noRows',
  'parentMissing',
  'invalidValue',
  'imageFailed',
] as const;
export type MenuImportProblemCode = (typeof menuImportProblemCodes)[number];

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

/** What an import from a running shop has done so far (`/api/admin/menu/shop-import/{id}`, docs/interfaces.md §8). */
export interface ShopImportCounts {
  categories: number;
  /** Global add-on groups (the Product Add-Ons plugin's, or another Bakje's). */
  addons: number;
  /** Products imported so far, of `productsTotal` the source lists. */
  products: number;
  productsTotal: number;
  variations: number;
  timeSlots: number;
  /** Images brought into the media library. */
  images: number;
  /** Images that could not be brought in (the first 50): the product or add-on is imported without them. */
  imageProblems: { item: string; src: string; message: string }[];
  imageFailures: number;
  /** Products and add-ons the source has that Bakje cannot take (with the first reasons). */
  skipped: number;
  reasons: string[];
}

export interface ShopImportView {
  id: string;
  sourceUrl: string;
  /** running with an error: the source was away, the job tries again and goes on where it stopped. */
  status: 'queued' | 'running' | 'done' | 'failed';
  counts: Partial<ShopImportCounts>;
  error: string | null;
}
