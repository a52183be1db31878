import { FIGURES_GIFT_CARD, type Figures } from '@bakje/contract';
import { spreadsheetCsv } from '../../spreadsheet-csv.js';

/** Cents as a Belgian decimal: 1234n -> "12,34" (Excel in a Belgian locale reads it as a number). */
const euroText = (cents: bigint) => {
  const sign = cents < 0n ? '-' : '';
  const abs = cents < 0n ? -cents : cents;
  return `${sign}${abs / 100n},${String(abs % 100n).padStart(2, '0')}`;
};

/**
 * A money cell: cents as a bigint, written by `euroText`. A number, not text, so a negative amount (a refund)
 * is not taken for a formula and escaped (spreadsheet-csv.ts); counts and rates go as plain numbers.
 */
const euro = (cents: number) => BigInt(Math.round(cents));

type Cell = string | number | bigint;

/**
 * The figures as a CSV an accountant opens in Excel (docs/decisions/0029-orders-figures.md): UTF-8 with a
 * byte-order mark, semicolons between fields, decimal commas, CRLF line ends, one section per table with a
 * heading row. Labels are Dutch (the shop's bookkeeping language).
 */
export function figuresCsv(figures: Figures): string {
  const rows: Cell[][] = [];
  const section = (title: string, header: string[], body: Cell[][]) => {
    rows.push([title], header, ...body, []);
  };
  section('Periode', ['Van', 'Tot', 'Tijdzone'], [[figures.from, figures.to, figures.timeZone]]);
  section(
    'Totaal',
    ['Bestellingen', 'Omzet incl. btw', 'Btw', 'Omzet excl. btw', 'Gemiddelde bestelling'],
    [[figures.orders, euro(figures.gross), euro(figures.tax), euro(figures.net), euro(figures.average)]],
  );
  section(
    'Btw per tarief',
    ['Tarief %', 'Maatstaf (excl. btw)', 'Btw', 'Totaal incl. btw'],
    figures.vat.map((v) => [v.rate, euro(v.net), euro(v.tax), euro(v.gross)]),
  );
  section(
    'Terugbetalingen per tarief (in het totaal hierboven)',
    ['Tarief %', 'Maatstaf (excl. btw)', 'Btw', 'Totaal incl. btw'],
    figures.refunds.vat.map((v) => [v.rate, euro(v.net), euro(v.tax), euro(v.gross)]),
  );
  const buckets = (title: string, list: Figures['byChannel']) =>
    section(
      title,
      ['Naam', 'Bestellingen', 'Omzet incl. btw'],
      list.map((b) => [b.key, b.orders, euro(b.gross)]),
    );
  buckets('Per kanaal', figures.byChannel);
  buckets('Per type', figures.byFulfilment);
  buckets(
    'Per betaalmethode',
    figures.byPayment.map((b) => (b.key === FIGURES_GIFT_CARD ? { ...b, key: 'Cadeaubon' } : b)),
  );
  section('Cadeaubonnen verkocht (buiten btw, niet in de omzet)', ['Aantal', 'Bedrag'], [[figures.giftCardsSold.count, euro(figures.giftCardsSold.amount)]]);
  section('Afronding contante betalingen (buiten btw, niet in de omzet)', ['Bedrag'], [[euro(figures.cashRounding)]]);
  buckets(figures.from === figures.to ? 'Per uur' : 'Per dag', figures.series);
  section(
    'Best verkocht',
    ['Product', 'Aantal', 'Omzet incl. btw'],
    figures.bestSellers.map((b) => [b.name, b.quantity, euro(b.gross)]),
  );
  section(
    'Drukste tijdsloten',
    ['Tijdslot', 'Bestellingen'],
    figures.busiestSlots.map((s) => [s.slot, s.orders]),
  );
  section(
    'Niet meegeteld',
    ['Soort', 'Bestellingen', 'Bedrag incl. btw'],
    [
      ['Geannuleerd', figures.excluded.cancelled.orders, euro(figures.excluded.cancelled.gross)],
      ['Testbestelling', figures.excluded.test.orders, euro(figures.excluded.test.gross)],
      ['Wacht op betaling', figures.excluded.pending.orders, euro(figures.excluded.pending.gross)],
    ],
  );
  return spreadsheetCsv(rows, { delimiter: ';', record_delimiter: '\r\n', cast: { bigint: euroText } });
}
