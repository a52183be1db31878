import type { Lang } from '../i18n/locale.js';

/**
 * The web app's texts (web/src/i18n/messages/<locale>.json) the first paint shows, word for word, so the
 * page reads the same before and after the app takes over; server/test/first-paint.test.ts checks they match.
 */
export const FIRST_PAINT_TEXT_IDS = [
  'nav.order',
  'shop.title',
  'price.from',
  'product.soldOut',
  'home.eyebrow',
  'home.heroTitle',
  'home.heroText',
  'home.cta',
  'home.categories',
] as const;
export type FirstPaintText = Record<(typeof FIRST_PAINT_TEXT_IDS)[number], string>;

export const FIRST_PAINT_TEXTS: Record<Lang, FirstPaintText> = {
  nl: {
    'nav.order': 'Bestellen',
    'shop.title': 'Onze kaart',
    'price.from': 'vanaf',
    'product.soldOut': 'Uitverkocht',
    'home.eyebrow': 'Vers gebakken, online besteld',
    'home.heroTitle': 'Welkom bij {site}',
    'home.heroText': 'Frieten, snacks en burgers: bestel online en haal af, laat leveren of eet ter plaatse.',
    'home.cta': 'Bekijk de kaart',
    'home.categories': 'Categorie\u00ebn',
  },
  fr: {
    'nav.order': 'Commander',
    'shop.title': 'Notre carte',
    'price.from': '\u00e0 partir de',
    'product.soldOut': '\u00c9puis\u00e9',
    'home.eyebrow': 'Tout frais, command\u00e9 en ligne',
    'home.heroTitle': 'Bienvenue chez {site}',
    'home.heroText': 'Frites, snacks et burgers : commandez en ligne, \u00e0 emporter, en livraison ou sur place.',
    'home.cta': 'Voir la carte',
    'home.categories': 'Cat\u00e9gories',
  },
  en: {
    'nav.order': 'Order',
    'shop.title': 'Our menu',
    'price.from': 'from',
    'product.soldOut': 'Sold out',
    'home.eyebrow': 'Freshly fried, ordered online',
    'home.heroTitle': 'Welcome to {site}',
    'home.heroText': 'Fries, snacks and burgers: order online for takeaway, delivery or dine-in.',
    'home.cta': 'Open the menu',
    'home.categories': 'Categories',
  },
};
