import { parse } from 'csv-parse/sync';
import {
  productWriteBody,
  variationWriteBody,
  type MenuImportProblem,
  type MenuImportProblemCode,
  type ProductWriteBody,
  type VariationWriteBody,
} from '@bakje/contract';
import { spreadsheetCsv, unescapeFormula } from '../../spreadsheet-csv.js';

/**
 * WooCommerce's product CSV (the columns its exporter writes and its importer reads), so an owner can bring a
 * menu out of WooCommerce or a spreadsheet and take Bakje's out again. docs/interfaces.md §8.
 */
export const CSV_COLUMNS = [
  'ID',
  'Type',
  'SKU',
  'Name',
  'Published',
  'Is featured?',
  'Visibility in catalog',
  'Short description',
  'Description',
  'Date sale price starts',
  'Date sale price ends',
  'In stock?',
  'Stock',
  'Sale price',
  'Regular price',
  'Categories',
  'Images',
  'Parent',
  'Position',
  'Attribute 1 name',
  'Attribute 1 value(s)',
  'Attribute 1 visible',
  'Attribute 1 global',
  'Meta: product_allergens',
  'Meta: max_amount',
  'Meta: is_promotion',
  'Meta: age_limit',
  'Meta: english_translation',
  'Meta: french_translation',
  'Meta: cloudpos_tax',
  'Meta: cloudpos_tax_table',
] as const;

export const MAX_CSV_ROWS = 5_000;

export type RowProblem = MenuImportProblem;

/** A problem with its code and values (the dashboard shows it in the viewer's language) and its English text. */
export function problem(row: number, column: string, code: MenuImportProblemCode, message: string, params?: Record<string, string | number>): RowProblem {
  return { row, column, code, ...(params ? { params } : {}), message };
}

/** What one CSV row asks for, checked: a product (with its category paths) or a variation of a parent. */
export type PlannedRow =
  | { row: number; kind: 'product'; ref: string | null; sku: string; categoryPaths: string[][]; body: ProductWriteBody; attribute: PlannedAttribute | null }
  | { row: number; kind: 'variation'; parentRef: string; sku: string; body: VariationWriteBody; attribute: PlannedAttribute | null };

export interface PlannedAttribute {
  name: string;
  values: string[];
  visible: boolean;
  global: boolean;
}

type Row = Record<string, string>;

/** "a, b\, c" -> ["a", "b, c"]: WooCommerce separates list cells by commas and escapes commas in names. */
export function splitList(cell: string): string[] {
  return cell
    .split(/(?<!\\),/)
    .map((part) => part.replace(/\\,/g, ',').trim())
    .filter(Boolean);
}

const joinList = (items: string[]) => items.map((item) => item.replace(/,/g, '\\,')).join(', ');

function price(cell: string, column: string, problems: RowProblem[], row: number): string | undefined {
  const text = cell.trim().replace(',', '.');
  if (text === '') return undefined;
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(text)) {
    problems.push(problem(row, column, 'notPrice', `"${cell}" is not a price like 3.50.`, { value: cell }));
    return undefined;
  }
  return Number(text).toFixed(2);
}

function flag(cell: string | undefined): boolean | undefined {
  const text = (cell ?? '').trim().toLowerCase();
  if (text === '') return undefined;
  return text === '1' || text === 'yes' || text === 'true';
}

const PUBLISHED: Record<string, 'publish' | 'private' | 'draft'> = { '1': 'publish', '0': 'private', '-1': 'draft' };
const IN_STOCK: Record<string, 'instock' | 'outofstock' | 'onbackorder'> = { '1': 'instock', '0': 'outofstock', backorder: 'onbackorder' };

/** Parses the file; a file that is not CSV, has no Name column or too many rows is one problem at row 1. */
export function readCsv(text: string): { rows: Row[]; problems: RowProblem[] } {
  let records: Row[];
  try {
    records = parse(text.replace(/^\uFEFF/, ''), {
      columns: (header: string[]) => header.map((h) => h.trim()),
      skip_empty_lines: true,
      relax_column_count: true,
      trim: false,
      // The apostrophe an export put before a formula sign (spreadsheet-csv.ts) is not part of the text.
      cast: (value) => unescapeFormula(value),
    }) as Row[];
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    return { rows: [], problems: [problem(1, '', 'unreadable', `Not a readable CSV file: ${detail}`, { detail })] };
  }
  if (records.length > MAX_CSV_ROWS)
    return { rows: [], problems: [problem(1, '', 'tooManyRows', `At most ${MAX_CSV_ROWS} rows per file.`, { max: MAX_CSV_ROWS })] };
  if (records.length > 0 && !('Name' in records[0]!)) return { rows: [], problems: [problem(1, 'Name', 'noNameColumn', 'The file has no Name column.')] };
  return { rows: records, problems: [] };
}

function zodProblems(row: number, issues: { path: PropertyKey[]; message: string }[]): RowProblem[] {
  const COLUMN: Record<string, string> = {
    name: 'Name',
    type: 'Type',
    sku: 'SKU',
    regular_price: 'Regular price',
    sale_price: 'Sale price',
    short_description: 'Short description',
    description: 'Description',
    date_on_sale_from: 'Date sale price starts',
    date_on_sale_to: 'Date sale price ends',
    images: 'Images',
    stock_quantity: 'Stock',
    max_quantity: 'Meta: max_amount',
    allergens: 'Meta: product_allergens',
    vat_rates: 'Meta: cloudpos_tax',
  };
  return issues.map((issue) =>
    problem(row, COLUMN[String(issue.path[0])] ?? String(issue.path[0] ?? ''), 'invalidValue', issue.message, { detail: issue.message }),
  );
}

/** Checks every row and turns it into a planned write; nothing is read from or written to the database. */
export function planRows(rows: Row[]): { planned: PlannedRow[]; problems: RowProblem[] } {
  const planned: PlannedRow[] = [];
  const problems: RowProblem[] = [];
  const refs = new Set<string>();
  rows.forEach((cells, index) => {
    const row = index + 2;
    const cell = (column: string) => (cells[column] ?? '').trim();
    const rowProblems: RowProblem[] = [];
    const type = cell('Type').toLowerCase().split(',')[0]?.trim() || 'simple';
    const regular = price(cell('Regular price'), 'Regular price', rowProblems, row);
    const sale = price(cell('Sale price'), 'Sale price', rowProblems, row);
    if (regular !== undefined && sale !== undefined && Number(sale) > Number(regular)) {
      rowProblems.push(problem(row, 'Sale price', 'saleAboveRegular', 'The sale price is above the regular price.'));
    }
    const stockCell = cell('Stock');
    if (stockCell !== '' && !/^-?\d+$/.test(stockCell))
      rowProblems.push(problem(row, 'Stock', 'notWholeNumber', `"${stockCell}" is not a whole number.`, { value: stockCell }));
    const attributeName = cell('Attribute 1 name');
    const attribute: PlannedAttribute | null = attributeName
      ? {
          name: attributeName,
          values: splitList(cell('Attribute 1 value(s)')),
          visible: flag(cells['Attribute 1 visible']) ?? true,
          global: flag(cells['Attribute 1 global']) ?? false,
        }
      : null;
    const allergenCell = cell('Meta: product_allergens');
    const allergens = allergenCell ? splitList(allergenCell.replace(/^\[|\]$/g, '')).map(Number) : undefined;
    if (allergens?.some((a) => !Number.isInteger(a) || a <= 0))
      rowProblems.push(problem(row, 'Meta: product_allergens', 'allergenList', 'List allergen ids, e.g. 1, 7.'));
    const ageCell = cell('Meta: age_limit');
    const ageLimit = ageCell === '' ? undefined : ageCell === '16' || ageCell === '18' ? Number(ageCell) : null;
    if (ageLimit === null)
      rowProblems.push(problem(row, 'Meta: age_limit', 'ageLimit', `"${ageCell}" is not an age limit: 16, 18 or empty.`, { value: ageCell }));
    const taxCell = cell('Meta: cloudpos_tax');
    const taxTableCell = cell('Meta: cloudpos_tax_table');
    const meta = [...(taxCell ? [{ key: 'cloudpos_tax', value: taxCell }] : []), ...(taxTableCell ? [{ key: 'cloudpos_tax_table', value: taxTableCell }] : [])];
    const common = {
      ...(cell('SKU') ? { sku: cell('SKU') } : {}),
      ...(regular !== undefined ? { regular_price: regular } : {}),
      ...(sale !== undefined ? { sale_price: sale } : {}),
      ...(cell('Date sale price starts') ? { date_on_sale_from: cell('Date sale price starts') } : {}),
      ...(cell('Date sale price ends') ? { date_on_sale_to: cell('Date sale price ends') } : {}),
      ...(cell('Description') ? { description: cells['Description'] } : {}),
      ...(PUBLISHED[cell('Published')] ? { status: PUBLISHED[cell('Published')] } : {}),
      ...(IN_STOCK[cell('In stock?').toLowerCase()] ? { stock_status: IN_STOCK[cell('In stock?').toLowerCase()] } : {}),
      ...(stockCell !== '' && /^-?\d+$/.test(stockCell) ? { manage_stock: true, stock_quantity: Number(stockCell) } : {}),
      ...(/^-?\d+$/.test(cell('Position')) ? { menu_order: Number(cell('Position')) } : {}),
      ...(meta.length ? { meta_data: meta } : {}),
    };
    if (type === 'variation') {
      const parentRef = cell('Parent');
      if (!parentRef) rowProblems.push(problem(row, 'Parent', 'variationParent', 'A variation names its parent: its SKU or id:<ID>.'));
      if (!attribute || attribute.values.length !== 1)
        rowProblems.push(problem(row, 'Attribute 1 value(s)', 'variationOneValue', 'A variation has one attribute value.'));
      const body = {
        ...common,
        ...(attribute ? { attributes: [{ name: attribute.name, option: attribute.values[0] ?? '' }] } : {}),
        // A variation has one image: the first address (the export writes only one).
        ...(cell('Images') ? { image: { src: splitList(cell('Images'))[0]! } } : {}),
      };
      // The schema's own words only for what the checks above did not already name.
      const checked = variationWriteBody.safeParse(body);
      if (!checked.success && rowProblems.length === 0) rowProblems.push(...zodProblems(row, checked.error.issues));
      if (rowProblems.length === 0) planned.push({ row, kind: 'variation', parentRef, sku: cell('SKU'), body, attribute });
    } else {
      if (!['simple', 'variable', 'external', 'grouped'].includes(type))
        rowProblems.push(problem(row, 'Type', 'unknownType', `Unknown type "${cell('Type')}".`, { value: cell('Type') }));
      if (!cell('Name')) rowProblems.push(problem(row, 'Name', 'nameRequired', 'A product needs a name.'));
      const en = cell('Meta: english_translation');
      const fr = cell('Meta: french_translation');
      const maxAmount = cell('Meta: max_amount');
      const body: ProductWriteBody = {
        ...common,
        name: cell('Name'),
        type: type as ProductWriteBody['type'],
        ...(cell('Short description') ? { short_description: cells['Short description'] } : {}),
        ...(flag(cells['Is featured?']) !== undefined ? { featured: flag(cells['Is featured?']) } : {}),
        ...(cell('Visibility in catalog') ? { catalog_visibility: cell('Visibility in catalog') as ProductWriteBody['catalog_visibility'] } : {}),
        ...(en || fr ? { translations: { name: { ...(en ? { en } : {}), ...(fr ? { fr } : {}) } } } : {}),
        ...(maxAmount ? { max_quantity: Number(maxAmount) } : {}),
        ...(flag(cells['Meta: is_promotion']) !== undefined ? { is_promotion: flag(cells['Meta: is_promotion']) } : {}),
        ...(ageLimit ? { age_limit: ageLimit as 16 | 18 } : {}),
        ...(allergens ? { allergens } : {}),
        ...(cell('Images') ? { images: splitList(cell('Images')).map((src) => ({ src })) } : {}),
      };
      const checked = productWriteBody.safeParse(body);
      if (!checked.success && rowProblems.length === 0) rowProblems.push(...zodProblems(row, checked.error.issues));
      const ref = cell('ID') ? `id:${cell('ID')}` : null;
      if (ref && refs.has(ref)) rowProblems.push(problem(row, 'ID', 'duplicateId', `The ID ${cell('ID')} appears twice.`, { id: cell('ID') }));
      if (ref) refs.add(ref);
      const categoryPaths = splitList(cell('Categories')).map((path) =>
        path
          .split('>')
          .map((part) => part.trim())
          .filter(Boolean),
      );
      if (rowProblems.length === 0) planned.push({ row, kind: 'product', ref, sku: cell('SKU'), categoryPaths, body, attribute });
    }
    problems.push(...rowProblems);
  });
  // A variation's parent must be in the file (by id:<ID> or SKU) or already in the shop (checked when applied).
  return { planned, problems };
}

/** The parts of the store REST shapes the CSV export writes (api/rest/wc/catalog-shapes.ts). */
export interface ExportedProduct {
  id: number;
  type: string;
  sku: string;
  name: string;
  status: string;
  featured: boolean;
  catalog_visibility: string;
  short_description: string;
  description: string;
  date_on_sale_from: string | null;
  date_on_sale_to: string | null;
  stock_status: string;
  manage_stock: boolean;
  stock_quantity: number | null;
  sale_price: string;
  regular_price: string;
  menu_order: number;
  categories: { path: string }[];
  images: { src: string }[];
  attributes: { id: number; name: string; visible: boolean; options: string[] }[];
  allergens: number[];
  max_quantity: number | null;
  is_promotion: boolean;
  age_limit?: number | null;
  translations?: { name: { en?: string; fr?: string } };
  meta_data: { key: string; value: unknown }[];
  variations: ExportedVariation[];
}

export interface ExportedVariation {
  id: number;
  sku: string;
  status: string;
  description: string;
  stock_status: string;
  manage_stock: boolean;
  stock_quantity: number | null;
  sale_price: string;
  regular_price: string;
  menu_order: number;
  image: { src: string } | null;
  attributes: { id: number; name: string; option: string }[];
}

const STATUS_CELL: Record<string, string> = { publish: '1', private: '0', draft: '-1' };
const STOCK_CELL: Record<string, string> = { instock: '1', outofstock: '0', onbackorder: 'backorder' };

/** The whole catalogue as WooCommerce product CSV: each product, then its variations (Parent = id:<ID>). */
export function catalogueToCsv(products: ExportedProduct[]): string {
  const metaOf = (p: ExportedProduct, key: string) => {
    const value = p.meta_data.find((m) => m.key === key)?.value;
    return value === undefined || value === null ? '' : String(value);
  };
  // Whole numbers go as numbers: a negative stock or position is a number, not a formula to escape.
  const records: Record<string, string | number>[] = [];
  for (const p of products) {
    const attribute = p.attributes[0];
    records.push({
      ID: p.id,
      Type: p.type,
      SKU: p.sku,
      Name: p.name,
      Published: STATUS_CELL[p.status] ?? '1',
      'Is featured?': p.featured ? '1' : '0',
      'Visibility in catalog': p.catalog_visibility,
      'Short description': p.short_description,
      Description: p.description,
      'Date sale price starts': p.date_on_sale_from ?? '',
      'Date sale price ends': p.date_on_sale_to ?? '',
      'In stock?': STOCK_CELL[p.stock_status] ?? '1',
      Stock: p.manage_stock && p.stock_quantity !== null ? p.stock_quantity : '',
      'Sale price': p.sale_price,
      'Regular price': p.regular_price,
      Categories: joinList(p.categories.map((c) => c.path)),
      Images: joinList(p.images.map((i) => i.src)),
      Parent: '',
      Position: p.menu_order,
      'Attribute 1 name': attribute?.name ?? '',
      'Attribute 1 value(s)': attribute ? joinList(attribute.options) : '',
      'Attribute 1 visible': attribute ? (attribute.visible ? '1' : '0') : '',
      'Attribute 1 global': attribute ? (attribute.id ? '1' : '0') : '',
      'Meta: product_allergens': p.allergens.join(', '),
      'Meta: max_amount': p.max_quantity === null ? '' : p.max_quantity,
      'Meta: is_promotion': p.is_promotion ? 'yes' : 'no',
      'Meta: age_limit': p.age_limit ? String(p.age_limit) : '',
      'Meta: english_translation': p.translations?.name.en ?? '',
      'Meta: french_translation': p.translations?.name.fr ?? '',
      'Meta: cloudpos_tax': metaOf(p, 'cloudpos_tax'),
      'Meta: cloudpos_tax_table': metaOf(p, 'cloudpos_tax_table'),
    });
    for (const v of p.variations) {
      const own = v.attributes[0];
      records.push({
        ID: v.id,
        Type: 'variation',
        SKU: v.sku,
        Name: p.name,
        Published: STATUS_CELL[v.status] ?? '1',
        Description: v.description,
        'In stock?': STOCK_CELL[v.stock_status] ?? '1',
        Stock: v.manage_stock && v.stock_quantity !== null ? v.stock_quantity : '',
        'Sale price': v.sale_price,
        'Regular price': v.regular_price,
        Images: v.image ? v.image.src : '',
        Parent: `id:${p.id}`,
        Position: v.menu_order,
        'Attribute 1 name': own?.name ?? '',
        'Attribute 1 value(s)': own?.option ?? '',
        'Attribute 1 visible': own ? '1' : '',
        'Attribute 1 global': own ? (own.id ? '1' : '0') : '',
      });
    }
  }
  return spreadsheetCsv(records, { header: true, columns: [...CSV_COLUMNS] });
}
