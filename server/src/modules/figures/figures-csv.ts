import { FIGURES_GIFT_CARD, type Figures } from '@bakje/contract';
import { stringify } from 'csv-stringify/sync';

/** Cents as a Belgian decimal: 1234 -> "12,34" (Excel in a Belgian locale reads it as a number). */
const euro = (cents: number) => {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)},${String(abs % 100).padStart(2, '0')}`;
};

/**
 * The figures as a CSV an accountant opens in Excel (docs/decisions/0029-orders-figures.md): UTF-8 with a
 * byte-order mark, semicolons between fields, decimal commas, CRLF line ends, one section per table with a
 * heading row. Labels are Dutch (the shop's bookkeeping language).
 */
export function figuresCsv(figures: Figures): string {
  const rows: string[][] = [];
  const section = (title: string, header: string[], body: string[][]) => {
    rows.push([title], header, ...body, []);
  };
  section('Periode', ['Van', 'Tot', 'Tijdzone'], [[figures.from, figures.to, figures.timeZone]]);
  section(
    'Totaal',
    ['Bestellingen', 'Omzet incl. btw', 'Btw', 'Omzet excl. btw', 'Gemiddelde bestelling'],
    [[String(figures.orders), euro(figures.gross), euro(figures.tax), euro(figures.net), euro(figures.average)]],
  );
  section(
    'Btw per tarief',
    ['Tarief %', 'Maatstaf (excl. btw)', 'Btw', 'Totaal incl. btw'],
    figures.vat.map((v) => [String(v.rate), euro(v.net), euro(v.tax), euro(v.gross)]),
  );
  section(
    'Terugbetalingen per tarief (in het totaal hierboven)',
    ['Tarief %', 'Maatstaf (excl. btw)', 'Btw', 'Totaal incl. btw'],
    figures.refunds.vat.map((v) => [String(v.rate), euro(v.net), euro(v.tax), euro(v.gross)]),
  );
  const buckets = (title: string, list: Figures['byChannel']) =>
    section(
      title,
      ['Naam', 'Bestellingen', 'Omzet incl. btw'],
      list.map((b) => [b.key, String(b.orders), euro(b.gross)]),
    );
  buckets('Per kanaal', figures.byChannel);
  buckets('Per type', figures.byFulfilment);
  buckets(
    'Per betaalmethode',
    figures.byPayment.map((b) => (b.key === FIGURES_GIFT_CARD ? { ...b, key: 'Cadeaubon' } : b)),
  );
  section(
    'Cadeaubonnen verkocht (buiten btw, niet in de omzet)',
    ['Aantal', 'Bedrag'],
    [[String(figures.giftCardsSold.count), euro(figures.giftCardsSold.amount)]],
  );
  buckets(figures.from === figures.to ? 'Per uur' : 'Per dag', figures.series);
  section(
    'Best verkocht',
    ['Product', 'Aantal', 'Omzet incl. btw'],
    figures.bestSellers.map((b) => [b.name, String(b.quantity), euro(b.gross)]),
  );
  section(
    'Drukste tijdsloten',
    ['Tijdslot', 'Bestellingen'],
    figures.busiestSlots.map((s) => [s.slot, String(s.orders)]),
  );
  section(
    'Niet meegeteld',
    ['Soort', 'Bestellingen', 'Bedrag incl. btw'],
    [
      ['Geannuleerd', String(figures.excluded.cancelled.orders), euro(figures.excluded.cancelled.gross)],
      ['Testbestelling', String(figures.excluded.test.orders), euro(figures.excluded.test.gross)],
      ['Wacht op betaling', String(figures.excluded.pending.orders), euro(figures.excluded.pending.gross)],
    ],
  );
  return '\uFEFF' + stringify(rows, { delimiter: ';', record_delimiter: '\r\n' });
}
