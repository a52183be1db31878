import { centsToDecimal, formatEuro } from '../../modules/catalog/money.js';

/** The `format` argument of WooGraphQL money fields: RAW "3.20", FORMATTED (default) "€3.20". */
export type PriceFormat = { format?: 'RAW' | 'FORMATTED' | null };

export const money = (cents: number, args: PriceFormat) => (args.format === 'RAW' ? centsToDecimal(cents) : formatEuro(cents));
