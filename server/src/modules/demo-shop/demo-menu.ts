/**
 * The demo menu of "Frituur 't Bakje": plain typed data, turned into rows by demo-shop.ts.
 * Prices are euro cents, VAT included. Images are files in server/assets/media/demo (see images/generate.ts).
 */
import type { AllergenCode } from '../../db/seed/allergens.js';

export type T3 = { nl: string; fr: string; en: string };

export const categorySlugs = ['frieten', 'sauzen', 'snacks', 'burgers', 'vegetarisch', 'schotels', 'dranken', 'desserts', 'opties'] as const;
export type CategorySlug = (typeof categorySlugs)[number];

export interface DemoCategory {
  slug: CategorySlug;
  name: T3;
  description: T3;
  /** 1..N for the menu; 10000 hides a helper category from the back-office lists (docs/product.md §5). */
  customOrder: number;
  image: string;
}

/** takeaway / on site VAT in %: food 6/12, soft drinks 6/21, alcohol 21/21 (docs/interfaces.md §6). */
export const VAT = { food: [6, 12], soft: [6, 21], alcohol: [21, 21] } as const;
export type VatClass = keyof typeof VAT;

/** Product add-on groups defined in demo-shop.ts. */
export type AddonSet = 'burgerExtras' | 'bickySauce' | 'sideChoice' | 'kidsSnack' | 'remark';

export interface DemoVariation {
  term: 'klein' | 'middel' | 'groot';
  sku: string;
  price: number;
  name: T3;
}

export interface DemoProduct {
  slug: string;
  sku: string;
  type?: 'SIMPLE' | 'VARIABLE' | 'GROUPED' | 'EXTERNAL';
  category: CategorySlug;
  name: T3;
  shortDescription: T3;
  description: T3;
  /** null for VARIABLE and GROUPED parents. */
  price: number | null;
  salePrice?: number;
  allergens: AllergenCode[];
  image: string;
  /** Dutch alt text; defaults to the Dutch name. */
  imageAlt?: string;
  gallery?: Array<{ image: string; alt: string }>;
  vat?: VatClass;
  /** 16: beer and wine (Belgian law); 18: spirits (docs/decisions/0071-age-restricted-products-staff-language.md). */
  ageLimit?: 16 | 18;
  diet?: 'vegetarisch' | 'veganistisch';
  spicy?: 'mild' | 'pikant' | 'extra-pikant';
  addons?: AddonSet[];
  upsells?: string[];
  crossSells?: string[];
  grouped?: string[];
  variations?: DemoVariation[];
  featured?: boolean;
  isPromotion?: boolean;
  maxQuantity?: number;
  stockStatus?: 'IN_STOCK' | 'OUT_OF_STOCK' | 'ON_BACKORDER';
  manageStock?: boolean;
  stockQuantity?: number;
  lowStockAmount?: number;
  catalogVisibility?: 'visible' | 'hidden';
  externalUrl?: string;
  buttonText?: string;
}

export const DEMO_CATEGORIES: DemoCategory[] = [
  {
    slug: 'frieten',
    customOrder: 1,
    image: 'cat-frieten',
    name: { nl: 'Frieten', fr: 'Frites', en: 'Fries' },
    description: {
      nl: 'Verse Belgische frieten, elke dag zelf gesneden en twee keer gebakken.',
      fr: 'Frites belges fraîches, coupées chaque jour et cuites deux fois.',
      en: 'Fresh Belgian fries, cut every day and fried twice.',
    },
  },
  {
    slug: 'sauzen',
    customOrder: 2,
    image: 'cat-sauzen',
    name: { nl: 'Sauzen', fr: 'Sauces', en: 'Sauces' },
    description: {
      nl: 'Van klassieke mayonaise tot huisgemaakte stoofvleessaus, in een handig potje.',
      fr: 'De la mayonnaise classique à la sauce carbonnade maison, en petit pot.',
      en: 'From classic mayonnaise to home-made stew gravy, in a handy pot.',
    },
  },
  {
    slug: 'snacks',
    customOrder: 3,
    image: 'cat-snacks',
    name: { nl: 'Snacks', fr: 'Snacks', en: 'Snacks' },
    description: {
      nl: 'Frikandel, kipcorn, kroketten en alle andere frituurklassiekers.',
      fr: 'Fricadelle, kipcorn, croquettes et tous les autres classiques de la friterie.',
      en: 'Frikandel, kipcorn, croquettes and every other fry-shop classic.',
    },
  },
  {
    slug: 'burgers',
    customOrder: 4,
    image: 'cat-burgers',
    name: { nl: 'Burgers', fr: 'Burgers', en: 'Burgers' },
    description: {
      nl: 'Van de echte Bicky tot onze nieuwe Bakje burger.',
      fr: 'Du vrai Bicky à notre nouveau burger Bakje.',
      en: 'From the genuine Bicky to our new Bakje burger.',
    },
  },
  {
    slug: 'vegetarisch',
    customOrder: 5,
    image: 'cat-vegetarisch',
    name: { nl: 'Vegetarisch', fr: 'Végétarien', en: 'Vegetarian' },
    description: {
      nl: 'Zonder vlees of vis, en toch helemaal frituur.',
      fr: 'Sans viande ni poisson, mais friterie jusqu’au bout.',
      en: 'No meat or fish, still every bit a fry shop.',
    },
  },
  {
    slug: 'schotels',
    customOrder: 6,
    image: 'cat-schotels',
    name: { nl: 'Schotels', fr: 'Assiettes', en: 'Plates' },
    description: {
      nl: 'Warme schotels met een bijgerecht naar keuze.',
      fr: 'Assiettes chaudes avec un accompagnement au choix.',
      en: 'Hot plates with a side of your choice.',
    },
  },
  {
    slug: 'dranken',
    customOrder: 7,
    image: 'cat-dranken',
    name: { nl: 'Dranken', fr: 'Boissons', en: 'Drinks' },
    description: {
      nl: 'Frisdrank, water en Belgisch bier, lekker koud.',
      fr: 'Sodas, eau et bière belge, bien frais.',
      en: 'Soft drinks, water and Belgian beer, nicely chilled.',
    },
  },
  {
    slug: 'desserts',
    customOrder: 8,
    image: 'cat-desserts',
    name: { nl: 'Desserts', fr: 'Desserts', en: 'Desserts' },
    description: {
      nl: 'Een zoete afsluiter: ijs, mousse of een warme wafel.',
      fr: 'Une touche sucrée : glace, mousse ou gaufre chaude.',
      en: 'A sweet finish: ice cream, mousse or a warm waffle.',
    },
  },
  {
    slug: 'opties',
    customOrder: 10000,
    image: 'cat-opties',
    name: { nl: 'Opties', fr: 'Options', en: 'Options' },
    description: {
      nl: 'Hulpcategorie voor producten die niet op de menukaart staan.',
      fr: 'Catégorie technique pour les produits hors carte.',
      en: 'Helper category for products that are not on the menu.',
    },
  },
];

const p = (nl: string): string => `<p>${nl}</p>`;
const t = (nl: string, fr: string, en: string): T3 => ({ nl, fr, en });
const tp = (nl: string, fr: string, en: string): T3 => ({ nl: p(nl), fr: p(fr), en: p(en) });

/** The sauces: each one is a product in 'sauzen' and an option of the global 'Sauzen' checkbox add-on on fries. */
export interface DemoSauce {
  slug: string;
  image: string;
  label: T3;
  price: number;
  allergens: AllergenCode[];
  diet?: 'vegetarisch' | 'veganistisch';
  spicy?: 'mild' | 'pikant' | 'extra-pikant';
  short: T3;
}

export const DEMO_SAUCES: DemoSauce[] = [
  {
    slug: 'mayonaise',
    image: 'saus-mayonaise',
    label: t('Mayonaise', 'Mayonnaise', 'Mayonnaise'),
    price: 90,
    allergens: ['eggs', 'mustard'],
    diet: 'vegetarisch',
    spicy: 'mild',
    short: t('Romige Belgische mayonaise.', 'Mayonnaise belge onctueuse.', 'Creamy Belgian mayonnaise.'),
  },
  {
    slug: 'andalouse',
    image: 'saus-andalouse',
    label: t('Andalouse', 'Andalouse', 'Andalouse'),
    price: 100,
    allergens: ['eggs', 'mustard'],
    diet: 'vegetarisch',
    spicy: 'mild',
    short: t('Mayonaise met tomaat en paprika.', 'Mayonnaise à la tomate et au poivron.', 'Mayonnaise with tomato and bell pepper.'),
  },
  {
    slug: 'samurai',
    image: 'saus-samurai',
    label: t('Samurai', 'Samouraï', 'Samurai'),
    price: 100,
    allergens: ['eggs', 'mustard'],
    diet: 'vegetarisch',
    spicy: 'pikant',
    short: t('Pittige mayonaise met sambal.', 'Mayonnaise relevée au sambal.', 'Spicy mayonnaise with sambal.'),
  },
  {
    slug: 'tartaar',
    image: 'saus-tartaar',
    label: t('Tartaar', 'Tartare', 'Tartare'),
    price: 100,
    allergens: ['eggs', 'mustard'],
    diet: 'vegetarisch',
    short: t(
      'Mayonaise met augurk, kappertjes en kruiden.',
      'Mayonnaise aux cornichons, câpres et fines herbes.',
      'Mayonnaise with gherkin, capers and herbs.',
    ),
  },
  {
    slug: 'joppiesaus',
    image: 'saus-joppie',
    label: t('Joppiesaus', 'Sauce Joppie', 'Joppie sauce'),
    price: 100,
    allergens: ['eggs', 'mustard'],
    diet: 'vegetarisch',
    spicy: 'mild',
    short: t('Zoete saus met ui en kerrie.', 'Sauce douce à l’oignon et au curry.', 'Sweet sauce with onion and curry.'),
  },
  {
    slug: 'curry-ketchup',
    image: 'saus-curry-ketchup',
    label: t('Curry ketchup', 'Curry ketchup', 'Curry ketchup'),
    price: 90,
    allergens: ['celery', 'mustard'],
    diet: 'veganistisch',
    spicy: 'mild',
    short: t('Tomatenketchup met kerrie.', 'Ketchup à la tomate et au curry.', 'Tomato ketchup with curry.'),
  },
  {
    slug: 'cocktailsaus',
    image: 'saus-cocktail',
    label: t('Cocktailsaus', 'Sauce cocktail', 'Cocktail sauce'),
    price: 100,
    allergens: ['eggs', 'mustard'],
    diet: 'vegetarisch',
    short: t('Mayonaise met tomaat en een scheutje cognac.', 'Mayonnaise à la tomate et une touche de cognac.', 'Mayonnaise with tomato and a dash of cognac.'),
  },
  {
    slug: 'pickles',
    image: 'saus-pickles',
    label: t('Pickles', 'Pickles', 'Piccalilli'),
    price: 90,
    allergens: ['mustard'],
    diet: 'veganistisch',
    short: t('Zoetzure groentjes in mosterdsaus.', 'Petits légumes aigres-doux à la moutarde.', 'Sweet and sour vegetables in mustard sauce.'),
  },
  {
    slug: 'stoofvleessaus',
    image: 'saus-stoofvleessaus',
    label: t('Stoofvleessaus', 'Sauce carbonnade', 'Stew gravy'),
    price: 150,
    allergens: ['gluten', 'celery', 'mustard'],
    short: t('Huisgemaakte saus met stukjes stoofvlees.', 'Sauce maison avec des morceaux de carbonnade.', 'Home-made gravy with pieces of beef stew.'),
  },
  {
    slug: 'bearnaise',
    image: 'saus-bearnaise',
    label: t('Bearnaise', 'Béarnaise', 'Béarnaise'),
    price: 100,
    allergens: ['eggs', 'milk'],
    diet: 'vegetarisch',
    short: t('Botersaus met dragon en sjalot.', 'Sauce au beurre, estragon et échalote.', 'Butter sauce with tarragon and shallot.'),
  },
  {
    slug: 'pindasaus',
    image: 'saus-pindasaus',
    label: t('Pindasaus', 'Sauce cacahuète', 'Peanut sauce'),
    price: 120,
    allergens: ['peanuts', 'soybeans'],
    diet: 'veganistisch',
    spicy: 'mild',
    short: t('Warme satésaus van pinda’s.', 'Sauce saté chaude aux cacahuètes.', 'Warm satay sauce made from peanuts.'),
  },
];

function sauces(): DemoProduct[] {
  return DEMO_SAUCES.map((s, i) => ({
    slug: s.slug,
    sku: `SAU-${String(i + 1).padStart(3, '0')}`,
    category: 'sauzen' as const,
    price: s.price,
    name: s.label,
    shortDescription: s.short,
    description: {
      nl: p(`${s.short.nl} In een potje van 50 ml, om te dippen of over je frieten.`),
      fr: p(`${s.short.fr} En pot de 50 ml, à tremper ou sur vos frites.`),
      en: p(`${s.short.en} In a 50 ml pot, for dipping or on your fries.`),
    },
    allergens: s.allergens,
    image: s.image,
    imageAlt: `Potje ${s.label.nl.toLowerCase()}`,
    ...(s.diet ? { diet: s.diet } : {}),
    ...(s.spicy ? { spicy: s.spicy } : {}),
  }));
}

export const DEMO_PRODUCTS: DemoProduct[] = [
  // ------------------------------------------------------------------ frieten
  {
    slug: 'frieten',
    sku: 'FRT-001',
    type: 'VARIABLE',
    category: 'frieten',
    price: null,
    name: t('Frieten', 'Frites', 'Fries'),
    shortDescription: t(
      'Verse Belgische frieten, twee keer gebakken: krokant buiten, zacht vanbinnen.',
      'Frites belges fraîches, cuites deux fois : croustillantes dehors, fondantes dedans.',
      'Fresh Belgian fries, fried twice: crisp outside, soft inside.',
    ),
    description: {
      nl:
        p(
          'Elke ochtend vers gesneden uit Belgische aardappelen en twee keer gebakken, zoals het hoort. Kies je formaat, zoveel sausjes als je wil en een extraatje.',
        ) + p('Gebakken in plantaardig frituurvet, in dezelfde frituur als onze gepaneerde snacks: kan sporen van gluten bevatten.'),
      fr:
        p(
          'Coupées chaque matin dans des pommes de terre belges et cuites deux fois, comme il se doit. Choisissez votre taille, autant de sauces que vous voulez et un petit supplément.',
        ) + p('Cuites dans de la graisse végétale, dans la même friteuse que nos snacks panés : peuvent contenir des traces de gluten.'),
      en:
        p('Cut fresh every morning from Belgian potatoes and fried twice, the way it should be. Pick your size, as many sauces as you like and an extra.') +
        p('Fried in vegetable fat, in the same fryer as our breaded snacks: may contain traces of gluten.'),
    },
    allergens: ['gluten'],
    image: 'frieten',
    imageAlt: 'Frieten in een papieren puntzak',
    gallery: [
      { image: 'frieten-bakje', alt: 'Frieten in een kartonnen bakje' },
      { image: 'frieten-mayo', alt: 'Frieten met een flinke klodder mayonaise' },
      { image: 'frieten-formaten', alt: 'Frieten in de formaten klein, middel en groot' },
    ],
    diet: 'veganistisch',
    addons: ['remark'],
    upsells: ['frikandel', 'fristi'],
    crossSells: ['mayonaise', 'andalouse', 'stoofvleessaus'],
    variations: [
      { term: 'klein', sku: 'FRT-001-K', price: 320, name: t('Frieten - klein', 'Frites - petit', 'Fries - small') },
      { term: 'middel', sku: 'FRT-001-M', price: 380, name: t('Frieten - middel', 'Frites - moyen', 'Fries - medium') },
      { term: 'groot', sku: 'FRT-001-G', price: 440, name: t('Frieten - groot', 'Frites - grand', 'Fries - large') },
    ],
  },
  {
    slug: 'zoete-aardappelfrieten',
    sku: 'FRT-002',
    category: 'frieten',
    price: 450,
    name: t('Zoete-aardappelfrieten', 'Frites de patate douce', 'Sweet potato fries'),
    shortDescription: t('Zoete aardappel in een krokant jasje.', 'Patate douce dans une fine panure croustillante.', 'Sweet potato in a crisp coating.'),
    description: tp(
      'Zoete-aardappelfrieten met een dun krokant laagje. Lekker met samuraisaus of curry ketchup.',
      'Frites de patate douce avec une fine couche croustillante. Délicieuses avec la sauce samouraï ou le curry ketchup.',
      'Sweet potato fries with a thin crisp coating. Great with samurai sauce or curry ketchup.',
    ),
    allergens: ['gluten'],
    image: 'zoete-aardappelfrieten',
    diet: 'veganistisch',
  },
  {
    slug: 'friet-stoofvleessaus',
    sku: 'FRT-003',
    category: 'frieten',
    price: 620,
    name: t('Friet met stoofvleessaus', 'Frites sauce carbonnade', 'Fries with stew gravy'),
    shortDescription: t(
      'Middelgrote friet met een royale schep stoofvleessaus.',
      'Frites moyennes avec une louche généreuse de sauce carbonnade.',
      'Medium fries with a generous ladle of stew gravy.',
    ),
    description: tp(
      'Onze frieten met een schep huisgemaakte stoofvleessaus, met stukjes vlees. Hét comfortfood van Vlaanderen.',
      'Nos frites avec une louche de sauce carbonnade maison, avec des morceaux de viande. Le réconfort flamand par excellence.',
      'Our fries with a ladle of home-made beef stew gravy, with pieces of meat. Flemish comfort food at its best.',
    ),
    allergens: ['gluten', 'celery', 'mustard'],
    image: 'frieten-stoofvleessaus',
    addons: ['remark'],
  },
  {
    slug: 'loaded-friet',
    sku: 'FRT-004',
    category: 'frieten',
    price: 750,
    salePrice: 650,
    name: t('Loaded friet', 'Frites loaded', 'Loaded fries'),
    shortDescription: t(
      'Friet met cheddarsaus, krokant spek en lente-ui.',
      'Frites avec sauce cheddar, lard croustillant et oignon nouveau.',
      'Fries with cheddar sauce, crispy bacon and spring onion.',
    ),
    description: tp(
      'Een grote portie friet, overgoten met warme cheddarsaus en afgewerkt met krokante spekjes en lente-ui.',
      'Une grande portion de frites nappée de sauce cheddar chaude, avec des lardons croustillants et de l’oignon nouveau.',
      'A large portion of fries topped with warm cheddar sauce, crispy bacon bits and spring onion.',
    ),
    allergens: ['gluten', 'milk', 'mustard'],
    image: 'loaded-friet',
    addons: ['remark'],
  },

  // ------------------------------------------------------------------ sauzen
  ...sauces(),

  // ------------------------------------------------------------------ snacks
  {
    slug: 'frikandel',
    sku: 'SNK-001',
    category: 'snacks',
    price: 280,
    name: t('Frikandel', 'Fricadelle', 'Frikandel'),
    shortDescription: t(
      'De klassieker: een malse gefrituurde frikandel.',
      'Le classique : une fricadelle tendre et frite.',
      'The classic: a tender deep-fried frikandel.',
    ),
    description: tp(
      'Een malse frikandel, goudbruin gefrituurd. Lekker met curry ketchup en verse ui.',
      'Une fricadelle tendre, frite jusqu’à ce qu’elle soit dorée. Délicieuse avec du curry ketchup et de l’oignon frais.',
      'A tender frikandel, fried golden brown. Tasty with curry ketchup and fresh onion.',
    ),
    allergens: ['gluten', 'soybeans', 'celery'],
    image: 'frikandel',
    upsells: ['frieten', 'curry-ketchup'],
  },
  {
    slug: 'frikandel-speciaal',
    sku: 'SNK-002',
    category: 'snacks',
    price: 350,
    name: t('Frikandel speciaal', 'Fricadelle spéciale', 'Frikandel special'),
    shortDescription: t(
      'Frikandel met curry ketchup, mayonaise en verse ui.',
      'Fricadelle avec curry ketchup, mayonnaise et oignon frais.',
      'Frikandel with curry ketchup, mayonnaise and fresh onion.',
    ),
    description: tp(
      'Opengesneden frikandel met curry ketchup, mayonaise en fijngesneden verse ui.',
      'Fricadelle ouverte garnie de curry ketchup, de mayonnaise et d’oignon frais haché.',
      'A split frikandel topped with curry ketchup, mayonnaise and finely chopped fresh onion.',
    ),
    allergens: ['gluten', 'soybeans', 'celery', 'eggs', 'mustard'],
    image: 'frikandel-speciaal',
  },
  {
    slug: 'kipcorn',
    sku: 'SNK-003',
    category: 'snacks',
    price: 320,
    salePrice: 290,
    name: t('Kipcorn', 'Kipcorn', 'Kipcorn'),
    shortDescription: t(
      'Krokante kipsnack met een maïspaneerlaag.',
      'Snack au poulet avec une panure croustillante au maïs.',
      'Crispy chicken snack with a corn crumb coating.',
    ),
    description: tp(
      'Gemalen kippenvlees in een krokant jasje van maïs, goudgeel gebakken.',
      'Viande de poulet hachée dans une panure croustillante au maïs, dorée à la friteuse.',
      'Minced chicken in a crisp corn coating, fried golden.',
    ),
    allergens: ['gluten', 'celery', 'mustard'],
    image: 'kipcorn',
  },
  {
    slug: 'bitterballen',
    sku: 'SNK-004',
    category: 'snacks',
    price: 450,
    name: t('Bitterballen (6 stuks)', 'Bitterballen (6 pièces)', 'Bitterballen (6 pieces)'),
    shortDescription: t(
      'Zes krokante bitterballen met een potje mosterd.',
      'Six bitterballen croustillants avec un pot de moutarde.',
      'Six crispy bitterballen with a pot of mustard.',
    ),
    description: tp(
      'Romige ragout van rundvlees in een krokant korstje. Geserveerd met mosterd om in te dippen.',
      'Un ragoût crémeux de bœuf dans une croûte croustillante. Servis avec de la moutarde.',
      'Creamy beef ragout in a crisp crust. Served with mustard for dipping.',
    ),
    allergens: ['gluten', 'milk', 'celery', 'mustard'],
    image: 'bitterballen',
  },
  {
    slug: 'mexicano',
    sku: 'SNK-005',
    category: 'snacks',
    price: 360,
    name: t('Mexicano', 'Mexicano', 'Mexicano'),
    shortDescription: t(
      'Pikante vleessnack met paprika en peper.',
      'Snack de viande épicé au paprika et au poivre.',
      'Spicy meat snack with paprika and pepper.',
    ),
    description: tp(
      'Een pittige snack van gekruid vlees met paprika en chili. Voor wie van een beetje vuur houdt.',
      'Un snack relevé de viande épicée au paprika et au piment. Pour ceux qui aiment le feu.',
      'A spicy snack of seasoned meat with bell pepper and chili. For those who like some heat.',
    ),
    allergens: ['gluten', 'soybeans', 'celery', 'mustard'],
    image: 'mexicano',
    spicy: 'pikant',
  },
  {
    slug: 'bal-gehakt',
    sku: 'SNK-006',
    category: 'snacks',
    price: 380,
    name: t('Bal gehakt', 'Boulet', 'Meatball'),
    shortDescription: t(
      'Grote huisgemaakte bal gehakt met tomatensaus.',
      'Gros boulet maison avec sauce tomate.',
      'Large home-made meatball with tomato sauce.',
    ),
    description: tp(
      'Een stevige bal gehakt van varkens- en rundvlees, gebakken en geserveerd met een lepel tomatensaus.',
      'Un boulet généreux de porc et de bœuf, cuit puis servi avec une cuillère de sauce tomate.',
      'A hearty meatball of pork and beef, fried and served with a spoonful of tomato sauce.',
    ),
    allergens: ['gluten', 'eggs', 'milk', 'celery'],
    image: 'bal-gehakt',
  },
  {
    slug: 'viandel',
    sku: 'SNK-007',
    category: 'snacks',
    price: 300,
    name: t('Viandel', 'Viandelle', 'Viandel'),
    shortDescription: t(
      'Gekruide vleessnack, een Belgische favoriet.',
      'Snack de viande épicée, un favori belge.',
      'Seasoned meat snack, a Belgian favourite.',
    ),
    description: tp(
      'De viandel: een gekruide vleessnack met een licht krokant vel. Heerlijk met andalousesaus.',
      'La viandelle : un snack de viande épicée à la peau légèrement croustillante. Délicieuse avec la sauce andalouse.',
      'The viandel: a seasoned meat snack with a lightly crisp skin. Lovely with andalouse sauce.',
    ),
    allergens: ['gluten', 'soybeans', 'celery', 'milk'],
    image: 'viandel',
  },
  {
    slug: 'cervela',
    sku: 'SNK-008',
    category: 'snacks',
    price: 320,
    name: t('Cervela', 'Cervelas', 'Cervela sausage'),
    shortDescription: t('Gegrilde cervela met ingesneden vel.', 'Cervelas grillé à la peau incisée.', 'Grilled cervela sausage with a scored skin.'),
    description: tp(
      'Een sappige cervela, ingesneden en gebakken tot het vel mooi openkrult.',
      'Un cervelas juteux, incisé et cuit jusqu’à ce que la peau s’ouvre joliment.',
      'A juicy cervela sausage, scored and fried until the skin curls open.',
    ),
    allergens: ['celery', 'mustard'],
    image: 'cervela',
  },
  {
    slug: 'loempia',
    sku: 'SNK-009',
    category: 'snacks',
    price: 450,
    name: t('Loempia', 'Loempia', 'Spring roll'),
    shortDescription: t(
      'Grote loempia met groenten en kip.',
      'Grand rouleau de printemps aux légumes et au poulet.',
      'Large spring roll with vegetables and chicken.',
    ),
    description: tp(
      'Een grote knapperige loempia gevuld met taugé, groenten en kip. Lekker met een scheutje zoete chilisaus.',
      'Un grand rouleau croustillant garni de pousses de soja, de légumes et de poulet. Délicieux avec un peu de sauce chili douce.',
      'A large crispy spring roll filled with bean sprouts, vegetables and chicken. Nice with a dash of sweet chili sauce.',
    ),
    allergens: ['gluten', 'soybeans', 'eggs', 'sesame', 'celery'],
    image: 'loempia',
  },
  {
    slug: 'mini-loempias',
    sku: 'SNK-010',
    category: 'snacks',
    price: 420,
    name: t("Mini-loempia's (8 stuks)", 'Mini-loempias (8 pièces)', 'Mini spring rolls (8 pieces)'),
    shortDescription: t("Acht vegetarische mini-loempia's.", 'Huit mini-loempias végétariens.', 'Eight vegetarian mini spring rolls.'),
    description: tp(
      "Knapperige mini-loempia's met een vulling van groenten. Ideaal om te delen.",
      'Mini-loempias croustillants farcis de légumes. Parfaits à partager.',
      'Crispy mini spring rolls with a vegetable filling. Perfect for sharing.',
    ),
    allergens: ['gluten', 'soybeans', 'celery'],
    image: 'mini-loempias',
    diet: 'vegetarisch',
  },
  {
    slug: 'kaaskroket',
    sku: 'SNK-011',
    category: 'snacks',
    price: 320,
    name: t('Kaaskroket', 'Croquette au fromage', 'Cheese croquette'),
    shortDescription: t(
      'Krokante kroket met een romige kaasvulling.',
      'Croquette croustillante au cœur de fromage fondant.',
      'Crisp croquette with a creamy cheese filling.',
    ),
    description: tp(
      'Een goudbruine kroket met een smeuïge vulling van Belgische kaas.',
      'Une croquette dorée avec une farce fondante de fromage belge.',
      'A golden croquette with a smooth filling of Belgian cheese.',
    ),
    allergens: ['gluten', 'milk', 'eggs'],
    image: 'kaaskroket',
    diet: 'vegetarisch',
  },
  {
    slug: 'garnaalkroket',
    sku: 'SNK-012',
    category: 'snacks',
    price: 550,
    name: t('Garnaalkroket', 'Croquette aux crevettes', 'Shrimp croquette'),
    shortDescription: t(
      'Huisgemaakte kroket met echte Noordzeegarnalen.',
      'Croquette maison aux vraies crevettes grises de la mer du Nord.',
      'Home-made croquette with real North Sea shrimp.',
    ),
    description: tp(
      'Rijkelijk gevuld met grijze Noordzeegarnalen, geserveerd met een partje citroen. Beperkte voorraad: elke dag vers gemaakt.',
      'Généreusement garnie de crevettes grises de la mer du Nord, servie avec un quartier de citron. Stock limité : préparée chaque jour.',
      'Generously filled with North Sea brown shrimp, served with a lemon wedge. Limited stock: made fresh every day.',
    ),
    allergens: ['crustaceans', 'gluten', 'milk', 'eggs', 'celery'],
    image: 'garnaalkroket',
    stockStatus: 'OUT_OF_STOCK',
    manageStock: true,
    stockQuantity: 0,
  },
  {
    slug: 'mammoet',
    sku: 'SNK-013',
    category: 'snacks',
    price: 480,
    name: t('Mammoet', 'Mammouth', 'Mammoth'),
    shortDescription: t(
      'Extra grote, pittig gekruide vleessnack. Maximaal 2 per bestelling.',
      'Snack de viande extra grand et épicé. Maximum 2 par commande.',
      'Extra large, well-spiced meat snack. Maximum 2 per order.',
    ),
    description: tp(
      'De grootste snack van de kaart: een mammoet van gekruid gehakt. Omdat we er maar een beperkt aantal per dag maken, kan je er maximaal twee per bestelling nemen.',
      'Le plus grand snack de la carte : un mammouth de viande hachée épicée. Comme nous n’en préparons qu’un nombre limité par jour, maximum deux par commande.',
      'The biggest snack on the menu: a mammoth of spiced minced meat. We only make a limited number each day, so you can order at most two.',
    ),
    allergens: ['gluten', 'soybeans', 'celery', 'mustard'],
    image: 'mammoet',
    maxQuantity: 2,
  },
  {
    slug: 'bamischijf',
    sku: 'SNK-014',
    category: 'snacks',
    price: 300,
    name: t('Bamischijf', 'Galette de bami', 'Bami disc'),
    shortDescription: t('Gepaneerde schijf van gekruide bami.', 'Galette panée de nouilles bami épicées.', 'Breaded disc of spiced bami noodles.'),
    description: tp(
      'Gekruide bami met groenten in een krokant paneerlaagje, mild van smaak.',
      'Nouilles bami épicées aux légumes dans une panure croustillante, au goût doux.',
      'Spiced bami noodles with vegetables in a crisp coating, mild in flavour.',
    ),
    allergens: ['gluten', 'soybeans', 'eggs', 'celery'],
    image: 'bamischijf',
  },
  {
    slug: 'berenpoot',
    sku: 'SNK-015',
    category: 'snacks',
    price: 380,
    name: t('Berenpoot', 'Patte d’ours', 'Bear paw'),
    shortDescription: t(
      'Gekruide gehaktschijf met uienringen op een spiesje.',
      'Galette de viande épicée avec rondelles d’oignon en brochette.',
      'Spiced meat patty with onion rings on a skewer.',
    ),
    description: tp(
      'Een platte schijf gekruid gehakt met uienringen, aan een spiesje gefrituurd.',
      'Une galette plate de viande hachée épicée avec des rondelles d’oignon, frite sur une brochette.',
      'A flat patty of spiced minced meat with onion rings, deep-fried on a skewer.',
    ),
    allergens: ['gluten', 'soybeans', 'celery', 'mustard'],
    image: 'berenpoot',
  },
  {
    slug: 'kipnuggets',
    sku: 'SNK-016',
    category: 'snacks',
    price: 420,
    name: t('Kipnuggets (6 stuks)', 'Nuggets de poulet (6 pièces)', 'Chicken nuggets (6 pieces)'),
    shortDescription: t('Zes krokante kipnuggets.', 'Six nuggets de poulet croustillants.', 'Six crispy chicken nuggets.'),
    description: tp(
      'Malse stukjes kipfilet in een krokant jasje. Lekker met cocktailsaus.',
      'Morceaux tendres de filet de poulet dans une panure croustillante. Délicieux avec la sauce cocktail.',
      'Tender pieces of chicken breast in a crisp coating. Great with cocktail sauce.',
    ),
    allergens: ['gluten', 'celery'],
    image: 'kipnuggets',
  },
  {
    slug: 'calamares',
    sku: 'SNK-017',
    category: 'snacks',
    price: 590,
    name: t('Calamares (8 ringen)', 'Calamars (8 anneaux)', 'Calamari (8 rings)'),
    shortDescription: t(
      'Gefrituurde inktvisringen met citroen en tartaar.',
      'Anneaux de calamar frits, citron et sauce tartare.',
      'Fried squid rings with lemon and tartare sauce.',
    ),
    description: tp(
      'Acht krokante inktvisringen, geserveerd met een partje citroen. Vraag er een potje tartaarsaus bij.',
      'Huit anneaux de calamar croustillants, servis avec un quartier de citron. Ajoutez un pot de sauce tartare.',
      'Eight crispy squid rings, served with a lemon wedge. Add a pot of tartare sauce.',
    ),
    allergens: ['molluscs', 'gluten', 'eggs'],
    image: 'calamares',
    manageStock: true,
    stockQuantity: 12,
    lowStockAmount: 4,
  },
  {
    slug: 'fishsticks',
    sku: 'SNK-018',
    category: 'snacks',
    price: 450,
    name: t('Fishsticks (5 stuks)', 'Bâtonnets de poisson (5 pièces)', 'Fish fingers (5 pieces)'),
    shortDescription: t('Vijf gepaneerde visstickjes van witte vis.', 'Cinq bâtonnets panés de poisson blanc.', 'Five breaded sticks of white fish.'),
    description: tp(
      'Stukjes witte vis in een krokante paneerlaag. Een favoriet bij de kinderen.',
      'Morceaux de poisson blanc dans une panure croustillante. Un favori des enfants.',
      'Pieces of white fish in a crisp breadcrumb coating. A favourite with kids.',
    ),
    allergens: ['fish', 'gluten'],
    image: 'fishsticks',
  },
  {
    slug: 'chili-cheese-nuggets',
    sku: 'SNK-019',
    category: 'snacks',
    price: 450,
    name: t('Chili cheese nuggets (6 stuks)', 'Nuggets chili cheese (6 pièces)', 'Chili cheese nuggets (6 pieces)'),
    shortDescription: t(
      'Kaasnuggets met jalapeño: echt pikant.',
      'Nuggets au fromage et jalapeño : vraiment piquants.',
      'Cheese nuggets with jalapeño: properly hot.',
    ),
    description: tp(
      'Gesmolten kaas met stukjes jalapeño in een krokant jasje. Niet voor doetjes!',
      'Du fromage fondu avec des morceaux de jalapeño dans une panure croustillante. Pas pour les timides !',
      'Melted cheese with bits of jalapeño in a crisp coating. Not for the faint-hearted!',
    ),
    allergens: ['gluten', 'milk'],
    image: 'chili-cheese-nuggets',
    diet: 'vegetarisch',
    spicy: 'extra-pikant',
  },

  // ------------------------------------------------------------------ burgers
  {
    slug: 'bicky-burger',
    sku: 'BRG-001',
    category: 'burgers',
    price: 550,
    name: t('Bicky burger', 'Bicky burger', 'Bicky burger'),
    shortDescription: t(
      'De Belgische klassieker met Bicky-sauzen en krokante uitjes.',
      'Le classique belge avec les sauces Bicky et des oignons croustillants.',
      'The Belgian classic with Bicky sauces and crispy onions.',
    ),
    description: tp(
      'Een gefrituurde Bicky-burger op een sesambroodje, met Bicky-dressing, ketchup, mosterd, augurk en krokante uitjes. Kies zelf of je de sauzen wil.',
      'Un burger Bicky frit dans un pain au sésame, avec dressing Bicky, ketchup, moutarde, cornichon et oignons croustillants. À vous de choisir les sauces.',
      'A deep-fried Bicky burger in a sesame bun, with Bicky dressing, ketchup, mustard, gherkin and crispy onions. You choose whether you want the sauces.',
    ),
    allergens: ['gluten', 'sesame', 'eggs', 'mustard', 'soybeans', 'celery'],
    image: 'bicky-burger',
    addons: ['bickySauce', 'burgerExtras', 'remark'],
    upsells: ['frieten', 'jupiler'],
  },
  {
    slug: 'bicky-cheese',
    sku: 'BRG-002',
    category: 'burgers',
    price: 620,
    name: t('Bicky cheese', 'Bicky cheese', 'Bicky cheese'),
    shortDescription: t('De Bicky met een plak gesmolten kaas.', 'Le Bicky avec une tranche de fromage fondu.', 'The Bicky with a slice of melted cheese.'),
    description: tp(
      'Onze Bicky burger met een extra plak kaas die mooi smelt op de warme burger.',
      'Notre Bicky burger avec une tranche de fromage qui fond sur le burger chaud.',
      'Our Bicky burger with an extra slice of cheese melting on the hot patty.',
    ),
    allergens: ['gluten', 'sesame', 'eggs', 'mustard', 'soybeans', 'celery', 'milk'],
    image: 'bicky-cheese',
    addons: ['bickySauce', 'burgerExtras', 'remark'],
    upsells: ['frieten', 'jupiler'],
  },
  {
    slug: 'cheeseburger',
    sku: 'BRG-003',
    category: 'burgers',
    price: 580,
    salePrice: 499,
    isPromotion: true,
    name: t('Cheeseburger', 'Cheeseburger', 'Cheeseburger'),
    shortDescription: t(
      'Rundsburger met cheddar, ui en ketchup. Nu in promotie!',
      'Burger de bœuf, cheddar, oignon et ketchup. En promotion !',
      'Beef burger with cheddar, onion and ketchup. On promotion now!',
    ),
    description: tp(
      'Een sappige rundsburger met gesmolten cheddar, ui, augurk, ketchup en mosterd op een sesambroodje.',
      'Un burger de bœuf juteux avec cheddar fondu, oignon, cornichon, ketchup et moutarde dans un pain au sésame.',
      'A juicy beef burger with melted cheddar, onion, gherkin, ketchup and mustard in a sesame bun.',
    ),
    allergens: ['gluten', 'milk', 'sesame', 'mustard'],
    image: 'cheeseburger',
    addons: ['burgerExtras', 'remark'],
    upsells: ['frieten', 'jupiler'],
  },
  {
    slug: 'hamburger',
    sku: 'BRG-004',
    category: 'burgers',
    price: 520,
    name: t('Hamburger', 'Hamburger', 'Hamburger'),
    shortDescription: t('Rundsburger met sla, tomaat en ui.', 'Burger de bœuf avec salade, tomate et oignon.', 'Beef burger with lettuce, tomato and onion.'),
    description: tp(
      'Een klassieke hamburger met sla, tomaat, ui en een lepel mayonaise op een sesambroodje.',
      'Un hamburger classique avec salade, tomate, oignon et une cuillère de mayonnaise dans un pain au sésame.',
      'A classic hamburger with lettuce, tomato, onion and a spoon of mayonnaise in a sesame bun.',
    ),
    allergens: ['gluten', 'sesame', 'mustard', 'eggs'],
    image: 'hamburger',
    addons: ['burgerExtras', 'remark'],
    upsells: ['frieten', 'kriek'],
  },
  {
    slug: 'chickenburger',
    sku: 'BRG-005',
    category: 'burgers',
    price: 620,
    name: t('Chickenburger', 'Burger au poulet', 'Chicken burger'),
    shortDescription: t(
      'Krokante kipfilet met sla en tomaat.',
      'Filet de poulet croustillant avec salade et tomate.',
      'Crispy chicken fillet with lettuce and tomato.',
    ),
    description: tp(
      'Gepaneerde kipfilet met sla, tomaat en een frisse yoghurt-mayo op een sesambroodje.',
      'Filet de poulet pané avec salade, tomate et une mayonnaise fraîche au yaourt dans un pain au sésame.',
      'Breaded chicken fillet with lettuce, tomato and a fresh yoghurt mayo in a sesame bun.',
    ),
    allergens: ['gluten', 'eggs', 'celery', 'sesame', 'mustard', 'milk'],
    image: 'chickenburger',
    addons: ['burgerExtras', 'remark'],
  },
  {
    slug: 'fishburger',
    sku: 'BRG-006',
    category: 'burgers',
    price: 650,
    name: t('Fishburger', 'Burger au poisson', 'Fish burger'),
    shortDescription: t('Gepaneerde vis met tartaarsaus.', 'Poisson pané avec sauce tartare.', 'Breaded fish with tartare sauce.'),
    description: tp(
      'Een krokante visfilet met tartaarsaus en sla op een zacht broodje.',
      'Un filet de poisson croustillant avec sauce tartare et salade dans un pain moelleux.',
      'A crispy fish fillet with tartare sauce and lettuce in a soft bun.',
    ),
    allergens: ['fish', 'gluten', 'eggs', 'mustard'],
    image: 'fishburger',
    addons: ['burgerExtras', 'remark'],
  },
  {
    slug: 'bakje-burger',
    sku: 'BRG-007',
    category: 'burgers',
    price: 850,
    featured: true,
    name: t('Bakje burger', 'Burger Bakje', 'Bakje burger'),
    shortDescription: t(
      'Nieuw: dubbele rundsburger met cheddar en spek.',
      'Nouveau : double burger de bœuf, cheddar et lard.',
      'New: double beef burger with cheddar and bacon.',
    ),
    description: tp(
      'Onze nieuwe huisburger: twee rundsburgers, dubbel cheddar, krokant spek, tomaat, sla en onze eigen Bakje-saus. Alleen voor grote honger.',
      'Notre nouveau burger maison : deux steaks de bœuf, double cheddar, lard croustillant, tomate, salade et notre sauce Bakje. Pour les grosses faims.',
      'Our new house burger: two beef patties, double cheddar, crispy bacon, tomato, lettuce and our own Bakje sauce. For a big appetite only.',
    ),
    allergens: ['gluten', 'milk', 'eggs', 'sesame', 'mustard'],
    image: 'bakje-burger',
    addons: ['burgerExtras', 'remark'],
    upsells: ['loaded-friet', 'duvel'],
    manageStock: true,
    stockQuantity: 25,
    lowStockAmount: 5,
  },

  // ------------------------------------------------------------------ vegetarisch
  {
    slug: 'veggie-burger',
    sku: 'VEG-001',
    category: 'vegetarisch',
    price: 620,
    name: t('Veggie burger', 'Burger végétarien', 'Veggie burger'),
    shortDescription: t(
      'Groenteburger met sla, tomaat en mayonaise.',
      'Burger de légumes avec salade, tomate et mayonnaise.',
      'Vegetable burger with lettuce, tomato and mayonnaise.',
    ),
    description: tp(
      'Een krokante burger van groenten en soja met sla, tomaat en mayonaise op een sesambroodje.',
      'Un burger croustillant de légumes et de soja avec salade, tomate et mayonnaise dans un pain au sésame.',
      'A crispy vegetable and soy burger with lettuce, tomato and mayonnaise in a sesame bun.',
    ),
    allergens: ['gluten', 'soybeans', 'sesame', 'celery', 'eggs', 'mustard'],
    image: 'veggie-burger',
    diet: 'vegetarisch',
    addons: ['burgerExtras', 'remark'],
    upsells: ['zoete-aardappelfrieten'],
  },
  {
    slug: 'falafel',
    sku: 'VEG-002',
    category: 'vegetarisch',
    price: 480,
    name: t('Falafel (6 stuks)', 'Falafels (6 pièces)', 'Falafel (6 pieces)'),
    shortDescription: t('Kikkererwtenballetjes met tahinsaus.', 'Boulettes de pois chiches avec sauce tahini.', 'Chickpea balls with tahini sauce.'),
    description: tp(
      'Zes falafelballetjes van kikkererwten, verse kruiden en komijn, met een potje tahinsaus.',
      'Six falafels de pois chiches, herbes fraîches et cumin, avec un pot de sauce tahini.',
      'Six falafel balls of chickpeas, fresh herbs and cumin, with a pot of tahini sauce.',
    ),
    allergens: ['sesame', 'gluten'],
    image: 'falafel',
    diet: 'veganistisch',
    spicy: 'mild',
  },
  {
    slug: 'vegetarische-frikandel',
    sku: 'VEG-003',
    category: 'vegetarisch',
    price: 300,
    name: t('Vegetarische frikandel', 'Fricadelle végétarienne', 'Vegetarian frikandel'),
    shortDescription: t(
      'Plantaardige frikandel, even lekker als het origineel.',
      'Fricadelle végétale, aussi bonne que l’originale.',
      'Plant-based frikandel, as tasty as the original.',
    ),
    description: tp(
      'Een volledig plantaardige frikandel op basis van soja en tarwe. Probeer hem speciaal met curry ketchup en ui.',
      'Une fricadelle entièrement végétale à base de soja et de blé. Essayez-la spéciale avec curry ketchup et oignon.',
      'A fully plant-based frikandel made from soy and wheat. Try it special with curry ketchup and onion.',
    ),
    allergens: ['gluten', 'soybeans', 'celery'],
    image: 'vegetarische-frikandel',
    diet: 'veganistisch',
  },
  {
    slug: 'veggie-nuggets',
    sku: 'VEG-004',
    category: 'vegetarisch',
    price: 450,
    name: t('Veggie nuggets (6 stuks)', 'Nuggets végétariens (6 pièces)', 'Veggie nuggets (6 pieces)'),
    shortDescription: t(
      'Plantaardige nuggets in een krokant jasje.',
      'Nuggets végétaux dans une panure croustillante.',
      'Plant-based nuggets in a crisp coating.',
    ),
    description: tp(
      'Zes nuggets op basis van soja, krokant gebakken. Lekker met curry ketchup.',
      'Six nuggets à base de soja, bien croustillants. Délicieux avec du curry ketchup.',
      'Six soy-based nuggets, fried crisp. Great with curry ketchup.',
    ),
    allergens: ['gluten', 'soybeans'],
    image: 'veggie-nuggets',
    diet: 'veganistisch',
  },
  {
    slug: 'groentekroket',
    sku: 'VEG-005',
    category: 'vegetarisch',
    price: 320,
    name: t('Groentekroket', 'Croquette aux légumes', 'Vegetable croquette'),
    shortDescription: t(
      'Kroket met een romige groentevulling.',
      'Croquette avec une farce crémeuse aux légumes.',
      'Croquette with a creamy vegetable filling.',
    ),
    description: tp(
      'Een romige vulling van wortel, prei en erwtjes in een krokant korstje.',
      'Une farce crémeuse de carotte, poireau et petits pois dans une croûte croustillante.',
      'A creamy filling of carrot, leek and peas in a crisp crust.',
    ),
    allergens: ['gluten', 'milk', 'eggs', 'celery'],
    image: 'groentekroket',
    diet: 'vegetarisch',
  },
  {
    slug: 'halloumi-sticks',
    sku: 'VEG-006',
    category: 'vegetarisch',
    price: 590,
    name: t('Halloumi sticks (5 stuks)', 'Bâtonnets d’halloumi (5 pièces)', 'Halloumi sticks (5 pieces)'),
    shortDescription: t('Gebakken halloumi met een zoete chilidip.', 'Halloumi frit avec une sauce chili douce.', 'Fried halloumi with a sweet chili dip.'),
    description: tp(
      'Reepjes halloumi, goudbruin gebakken: krokant vanbuiten, zacht en zout vanbinnen.',
      'Bâtonnets d’halloumi dorés : croustillants dehors, tendres et salés dedans.',
      'Strips of halloumi fried golden: crisp outside, soft and salty inside.',
    ),
    allergens: ['milk', 'gluten'],
    image: 'halloumi-sticks',
    diet: 'vegetarisch',
    manageStock: true,
    stockQuantity: 8,
    lowStockAmount: 3,
  },

  // ------------------------------------------------------------------ schotels
  {
    slug: 'stoofvlees-schotel',
    sku: 'SCH-001',
    category: 'schotels',
    price: 1450,
    name: t('Stoofvlees met frieten', 'Carbonnade flamande et frites', 'Flemish beef stew with fries'),
    shortDescription: {
      nl: 'Huisgemaakt <strong>Vlaams stoofvlees</strong>, urenlang gestoofd in donker abdijbier met mosterd en peperkoek, geserveerd met een bijgerecht naar keuze.',
      fr: 'Carbonnade <strong>flamande maison</strong>, mijotée des heures dans une bière d’abbaye brune avec moutarde et pain d’épices, servie avec l’accompagnement de votre choix.',
      en: 'Home-made <strong>Flemish beef stew</strong>, slowly braised for hours in dark abbey beer with mustard and gingerbread, served with a side of your choice.',
    },
    description: {
      nl:
        p('Mals rundvlees, urenlang gestoofd in donker abdijbier met ui, laurier, tijm, mosterd en peperkoek, volgens het recept van de bazin.') +
        p('Geserveerd met een bijgerecht naar keuze en een potje mayonaise.'),
      fr:
        p(
          'Bœuf tendre mijoté pendant des heures dans une bière d’abbaye brune avec oignon, laurier, thym, moutarde et pain d’épices, selon la recette de la patronne.',
        ) + p('Servi avec l’accompagnement de votre choix et un pot de mayonnaise.'),
      en:
        p('Tender beef, slowly braised for hours in dark abbey beer with onion, bay leaf, thyme, mustard and gingerbread, the way the owner makes it.') +
        p('Served with a side of your choice and a pot of mayonnaise.'),
    },
    allergens: ['gluten', 'celery', 'mustard', 'eggs'],
    image: 'stoofvlees-schotel',
    gallery: [{ image: 'stoofvlees-pot', alt: 'Stoofvlees in een gietijzeren pot' }],
    addons: ['sideChoice', 'remark'],
    upsells: ['jupiler'],
  },
  {
    slug: 'vol-au-vent',
    sku: 'SCH-002',
    category: 'schotels',
    price: 1390,
    name: t('Vol-au-vent', 'Vol-au-vent', 'Vol-au-vent'),
    shortDescription: t(
      'Kip en balletjes in een romige champignonsaus.',
      'Poulet et boulettes dans une sauce crémeuse aux champignons.',
      'Chicken and meatballs in a creamy mushroom sauce.',
    ),
    description: tp(
      'Een bladerdeegbakje gevuld met kip, gehaktballetjes en champignons in een romige saus, met een bijgerecht naar keuze.',
      'Un feuilleté garni de poulet, de boulettes et de champignons dans une sauce crémeuse, avec un accompagnement au choix.',
      'A puff pastry case filled with chicken, meatballs and mushrooms in a creamy sauce, with a side of your choice.',
    ),
    allergens: ['gluten', 'milk', 'eggs', 'celery'],
    image: 'vol-au-vent',
    addons: ['sideChoice', 'remark'],
  },
  {
    slug: 'curryworst-schotel',
    sku: 'SCH-003',
    category: 'schotels',
    price: 1150,
    name: t('Curryworst met frieten', 'Saucisse au curry et frites', 'Curry sausage with fries'),
    shortDescription: t(
      'Twee curryworsten met curry ketchup en een slaatje.',
      'Deux saucisses au curry avec curry ketchup et une petite salade.',
      'Two curry sausages with curry ketchup and a side salad.',
    ),
    description: tp(
      'Twee curryworsten met curry ketchup, een fris slaatje met mayonaise en een bijgerecht naar keuze.',
      'Deux saucisses au curry avec curry ketchup, une petite salade fraîche avec mayonnaise et un accompagnement au choix.',
      'Two curry sausages with curry ketchup, a fresh side salad with mayonnaise and a side of your choice.',
    ),
    allergens: ['gluten', 'soybeans', 'celery', 'mustard', 'eggs'],
    image: 'curryworst-schotel',
    addons: ['sideChoice', 'remark'],
  },
  {
    slug: 'kipschnitzel',
    sku: 'SCH-004',
    category: 'schotels',
    price: 1390,
    salePrice: 1190,
    name: t('Kipschnitzel', 'Escalope de poulet panée', 'Chicken schnitzel'),
    shortDescription: t(
      'Gepaneerde kipfilet met citroen en een slaatje.',
      'Filet de poulet pané avec citron et petite salade.',
      'Breaded chicken breast with lemon and a side salad.',
    ),
    description: tp(
      'Een grote, dun geklopte kipfilet in een krokante paneerlaag, met een partje citroen, een slaatje en een bijgerecht naar keuze.',
      'Un grand filet de poulet aplati dans une panure croustillante, avec un quartier de citron, une salade et un accompagnement au choix.',
      'A large, thinly pounded chicken breast in a crisp coating, with a lemon wedge, a side salad and a side of your choice.',
    ),
    allergens: ['gluten', 'eggs', 'milk'],
    image: 'kipschnitzel',
    addons: ['sideChoice', 'remark'],
  },
  {
    slug: 'balletjes-in-tomatensaus',
    sku: 'SCH-005',
    category: 'schotels',
    price: 1250,
    name: t('Balletjes in tomatensaus', 'Boulettes sauce tomate', 'Meatballs in tomato sauce'),
    shortDescription: t(
      'Gehaktballetjes in huisgemaakte tomatensaus.',
      'Boulettes de viande dans une sauce tomate maison.',
      'Meatballs in home-made tomato sauce.',
    ),
    description: tp(
      'Malse gehaktballetjes in een huisgemaakte tomatensaus met groenten, zoals bij moeder thuis.',
      'Des boulettes tendres dans une sauce tomate maison aux légumes, comme à la maison.',
      'Tender meatballs in a home-made tomato and vegetable sauce, just like at home.',
    ),
    allergens: ['gluten', 'eggs', 'celery', 'milk'],
    image: 'balletjes-tomatensaus',
    addons: ['sideChoice', 'remark'],
  },
  {
    slug: 'kidsmenu',
    sku: 'SCH-006',
    category: 'schotels',
    price: 790,
    name: t('Kidsmenu', 'Menu enfant', 'Kids menu'),
    shortDescription: t(
      'Kleine friet, een snack naar keuze en appelmoes.',
      'Petite frite, un snack au choix et compote de pommes.',
      'Small fries, a snack of your choice and apple sauce.',
    ),
    description: tp(
      'Voor de kleine honger: een kleine portie frieten, een snack naar keuze, een potje appelmoes en een verrassing.',
      'Pour les petites faims : une petite portion de frites, un snack au choix, une compote de pommes et une surprise.',
      'For small appetites: a small portion of fries, a snack of your choice, a pot of apple sauce and a surprise.',
    ),
    allergens: ['gluten', 'celery'],
    image: 'kidsmenu',
    addons: ['kidsSnack', 'remark'],
  },

  // ------------------------------------------------------------------ dranken
  {
    slug: 'kriek',
    sku: 'DRK-001',
    category: 'dranken',
    price: 320,
    vat: 'alcohol',
    ageLimit: 16,
    name: t('Belle-Vue Kriek (25 cl)', 'Belle-Vue Kriek (25 cl)', 'Belle-Vue Kriek (25 cl)'),
    shortDescription: t(
      'Zoetzuur Belgisch kersenbier, 4,1 % alcohol.',
      'Bière belge aux cerises, aigre-douce, 4,1 % d’alcool.',
      'Sweet and sour Belgian cherry beer, 4.1 % ABV.',
    ),
    description: tp(
      'Een flesje Belle-Vue Kriek van 25 cl: lambiek (gerst en tarwe) met krieken. Geen verkoop van alcohol aan personen jonger dan 16 jaar.',
      'Une bouteille de Belle-Vue Kriek de 25 cl : lambic (orge et froment) aux cerises. Pas de vente d’alcool aux moins de 16 ans.',
      'A 25 cl bottle of Belle-Vue Kriek: lambic (barley and wheat) with sour cherries. No sale of alcohol to anyone under 16.',
    ),
    // Brewed from barley malt and wheat.
    allergens: ['gluten'],
    image: 'kriek',
    imageAlt: 'Tulpglas rode kriek met schuimkraag',
  },
  {
    slug: 'hoegaarden',
    sku: 'DRK-002',
    category: 'dranken',
    price: 320,
    vat: 'alcohol',
    ageLimit: 16,
    name: t('Hoegaarden witbier (25 cl)', 'Hoegaarden bière blanche (25 cl)', 'Hoegaarden wheat beer (25 cl)'),
    shortDescription: t(
      'Troebel Belgisch witbier met koriander en sinaasappelschil, 4,9 %.',
      'Bière blanche belge trouble, coriandre et écorce d’orange, 4,9 %.',
      'Cloudy Belgian wheat beer with coriander and orange peel, 4.9 %.',
    ),
    description: tp(
      'Een flesje Hoegaarden van 25 cl, gebrouwen met tarwe en gerstemout. Geen verkoop van alcohol aan personen jonger dan 16 jaar.',
      'Une bouteille de Hoegaarden de 25 cl, brassée avec du froment et du malt d’orge. Pas de vente d’alcool aux moins de 16 ans.',
      'A 25 cl bottle of Hoegaarden, brewed with wheat and barley malt. No sale of alcohol to anyone under 16.',
    ),
    // Brewed from wheat and barley malt.
    allergens: ['gluten'],
    image: 'hoegaarden',
    imageAlt: 'Glas troebel witbier met schuimkraag',
  },
  {
    slug: 'fristi',
    sku: 'DRK-003',
    category: 'dranken',
    price: 250,
    vat: 'soft',
    name: t('Fristi (20 cl)', 'Fristi (20 cl)', 'Fristi (20 cl)'),
    shortDescription: t(
      'Flesje fruitige yoghurtdrank met rood fruit.',
      'Petite bouteille de boisson au yaourt aux fruits rouges.',
      'Bottle of fruity red-berry yoghurt drink.',
    ),
    description: tp(
      'Een flesje Fristi van 20 cl: drinkyoghurt op basis van melk met rood fruit.',
      'Une petite bouteille de Fristi de 20 cl : yaourt à boire au lait et aux fruits rouges.',
      'A 20 cl bottle of Fristi: milk-based drinking yoghurt with red berries.',
    ),
    // A yoghurt drink: made from milk.
    allergens: ['milk'],
    image: 'fristi',
    imageAlt: 'Flesje roze yoghurtdrank',
  },
  {
    slug: 'milkshake-vanille',
    sku: 'DRK-004',
    category: 'dranken',
    price: 390,
    vat: 'soft',
    name: t('Milkshake vanille (30 cl)', 'Milk-shake vanille (30 cl)', 'Vanilla milkshake (30 cl)'),
    shortDescription: t(
      'Romige milkshake van volle melk en vanille-softijs.',
      'Milk-shake crémeux au lait entier et à la glace vanille.',
      'Creamy milkshake of whole milk and vanilla soft ice.',
    ),
    description: tp(
      'Vers gemixt met volle melk en ons vanille-softijs (melk, room, suiker, vanille), met een rietje.',
      'Mixé minute avec du lait entier et notre glace italienne vanille (lait, crème, sucre, vanille), avec une paille.',
      'Blended to order from whole milk and our vanilla soft ice (milk, cream, sugar, vanilla), with a straw.',
    ),
    // Whole milk and a milk-and-cream soft ice: no eggs in this recipe.
    allergens: ['milk'],
    image: 'milkshake-vanille',
    imageAlt: 'Hoog glas vanillemilkshake met rietje',
  },
  {
    slug: 'jupiler',
    sku: 'DRK-005',
    category: 'dranken',
    price: 280,
    vat: 'alcohol',
    ageLimit: 16,
    name: t('Jupiler (25 cl)', 'Jupiler (25 cl)', 'Jupiler (25 cl)'),
    shortDescription: t('Belgische pils, 5,2 % alcohol.', 'Pils belge, 5,2 % d’alcool.', 'Belgian pilsner, 5.2 % ABV.'),
    description: tp(
      'Een flesje Jupiler van 25 cl. Geen verkoop van alcohol aan personen jonger dan 16 jaar.',
      'Une bouteille de Jupiler de 25 cl. Pas de vente d’alcool aux moins de 16 ans.',
      'A 25 cl bottle of Jupiler. No sale of alcohol to anyone under 16.',
    ),
    allergens: ['gluten'],
    image: 'jupiler',
    imageAlt: 'Glas Jupiler pils met schuimkraag',
  },
  {
    slug: 'duvel',
    sku: 'DRK-006',
    category: 'dranken',
    price: 420,
    vat: 'alcohol',
    ageLimit: 16,
    name: t('Duvel (33 cl)', 'Duvel (33 cl)', 'Duvel (33 cl)'),
    shortDescription: t('Sterk blond Belgisch bier, 8,5 % alcohol.', 'Bière blonde forte belge, 8,5 % d’alcool.', 'Strong Belgian blond beer, 8.5 % ABV.'),
    description: tp(
      'Een flesje Duvel van 33 cl, het iconische sterke blonde bier uit Breendonk. Geen verkoop van sterke drank aan personen jonger dan 18 jaar.',
      'Une bouteille de Duvel de 33 cl, l’emblématique blonde forte de Breendonk. Pas de vente aux moins de 18 ans.',
      'A 33 cl bottle of Duvel, the iconic strong blond beer from Breendonk. No sale to anyone under 18.',
    ),
    allergens: ['gluten'],
    image: 'duvel',
    imageAlt: 'Tulpglas Duvel met schuimkraag',
    manageStock: true,
    stockQuantity: 24,
  },
  {
    slug: 'chocomelk',
    sku: 'DRK-007',
    category: 'dranken',
    price: 250,
    vat: 'soft',
    name: t('Chocomelk (20 cl)', 'Lait chocolaté (20 cl)', 'Chocolate milk (20 cl)'),
    shortDescription: t('Flesje koude chocolademelk.', 'Petite bouteille de lait chocolaté froid.', 'Bottle of cold chocolate milk.'),
    description: tp(
      'Een flesje frisse chocomelk van 20 cl.',
      'Une petite bouteille de lait chocolaté frais de 20 cl.',
      'A 20 cl bottle of chilled chocolate milk.',
    ),
    allergens: ['milk'],
    image: 'chocomelk',
  },

  // ------------------------------------------------------------------ desserts
  {
    slug: 'dame-blanche',
    sku: 'DES-001',
    category: 'desserts',
    price: 480,
    salePrice: 395,
    name: t('Dame blanche', 'Dame blanche', 'Dame blanche'),
    shortDescription: t('Vanille-ijs met warme chocoladesaus.', 'Glace vanille avec sauce chocolat chaude.', 'Vanilla ice cream with hot chocolate sauce.'),
    description: tp(
      'Drie bollen vanille-ijs met warme Belgische chocoladesaus, slagroom en een wafeltje.',
      'Trois boules de glace vanille avec sauce chaude au chocolat belge, crème fouettée et une gaufrette.',
      'Three scoops of vanilla ice cream with hot Belgian chocolate sauce, whipped cream and a wafer.',
    ),
    allergens: ['milk', 'eggs', 'soybeans', 'gluten'],
    image: 'dame-blanche',
    diet: 'vegetarisch',
  },
  {
    slug: 'chocomousse',
    sku: 'DES-002',
    category: 'desserts',
    price: 380,
    name: t('Chocomousse', 'Mousse au chocolat', 'Chocolate mousse'),
    shortDescription: t('Luchtige huisgemaakte chocolademousse.', 'Mousse au chocolat maison bien aérée.', 'Light, home-made chocolate mousse.'),
    description: tp(
      'Huisgemaakte mousse van pure Belgische chocolade met een toefje slagroom.',
      'Mousse maison au chocolat noir belge avec une touche de crème fouettée.',
      'Home-made mousse of dark Belgian chocolate with a dollop of whipped cream.',
    ),
    allergens: ['milk', 'eggs', 'soybeans'],
    image: 'chocomousse',
    diet: 'vegetarisch',
  },
  {
    slug: 'brusselse-wafel',
    sku: 'DES-003',
    category: 'desserts',
    price: 450,
    name: t('Brusselse wafel', 'Gaufre de Bruxelles', 'Brussels waffle'),
    shortDescription: t(
      'Luchtige wafel met poedersuiker en slagroom.',
      'Gaufre légère avec sucre impalpable et crème fouettée.',
      'Light waffle with icing sugar and whipped cream.',
    ),
    description: tp(
      'Een warme, luchtige Brusselse wafel met poedersuiker, slagroom en een aardbei.',
      'Une gaufre de Bruxelles chaude et légère avec sucre impalpable, crème fouettée et une fraise.',
      'A warm, light Brussels waffle with icing sugar, whipped cream and a strawberry.',
    ),
    allergens: ['gluten', 'eggs', 'milk'],
    image: 'brusselse-wafel',
    diet: 'vegetarisch',
  },
  {
    slug: 'luikse-wafel',
    sku: 'DES-004',
    category: 'desserts',
    price: 290,
    name: t('Luikse wafel', 'Gaufre de Liège', 'Liège waffle'),
    shortDescription: t('Warme suikerwafel met parelsuiker.', 'Gaufre chaude au sucre perlé.', 'Warm waffle with pearl sugar.'),
    description: tp(
      'Een warme Luikse wafel met gekaramelliseerde parelsuiker, lekker zoet en smeuïg.',
      'Une gaufre de Liège chaude au sucre perlé caramélisé, bien sucrée et fondante.',
      'A warm Liège waffle with caramelised pearl sugar, sweet and chewy.',
    ),
    allergens: ['gluten', 'eggs', 'milk', 'soybeans'],
    image: 'luikse-wafel',
    diet: 'vegetarisch',
    manageStock: true,
    stockQuantity: 20,
  },
  {
    slug: 'sundae-caramel',
    sku: 'DES-005',
    category: 'desserts',
    price: 450,
    name: t('Sundae caramel', 'Sundae caramel', 'Caramel sundae'),
    shortDescription: t(
      'Softijs met karamelsaus en gebrande nootjes.',
      'Glace à l’italienne, sauce caramel et noix grillées.',
      'Soft-serve with caramel sauce and roasted nuts.',
    ),
    description: tp(
      'Romig softijs met warme karamelsaus en een handvol gebrande hazelnoten.',
      'Une glace à l’italienne crémeuse avec sauce caramel chaude et une poignée de noisettes grillées.',
      'Creamy soft-serve with warm caramel sauce and a handful of roasted hazelnuts.',
    ),
    allergens: ['milk', 'nuts'],
    image: 'sundae-caramel',
    diet: 'vegetarisch',
  },
  {
    slug: 'rijstpap',
    sku: 'DES-006',
    category: 'desserts',
    price: 350,
    name: t('Rijstpap', 'Riz au lait', 'Rice pudding'),
    shortDescription: t('Romige rijstpap met bruine suiker.', 'Riz au lait crémeux à la cassonade.', 'Creamy rice pudding with brown sugar.'),
    description: tp(
      'Ouderwetse rijstpap met een vleugje saffraan, bestrooid met bruine suiker.',
      'Riz au lait à l’ancienne avec une pointe de safran, saupoudré de cassonade.',
      'Old-fashioned rice pudding with a hint of saffron, sprinkled with brown sugar.',
    ),
    allergens: ['milk'],
    image: 'rijstpap',
    diet: 'vegetarisch',
  },

  // ------------------------------------------------------------------ not on the menu (category 'opties', hidden)
  {
    slug: 'familiemenu',
    sku: 'OPT-001',
    type: 'GROUPED',
    category: 'opties',
    price: null,
    catalogVisibility: 'hidden',
    name: t('Familiemenu', 'Menu famille', 'Family menu'),
    shortDescription: t(
      'Frieten, frikandellen, Bicky burgers en Fristi voor het hele gezin.',
      'Frites, fricadelles, Bicky burgers et Fristi pour toute la famille.',
      'Fries, frikandels, Bicky burgers and Fristi for the whole family.',
    ),
    description: tp(
      'Stel je familiemenu samen uit onze klassiekers: kies per product hoeveel je er wil.',
      'Composez votre menu famille avec nos classiques : choisissez la quantité de chaque produit.',
      'Put together your family menu from our classics: pick how many of each you want.',
    ),
    allergens: ['gluten', 'soybeans', 'celery', 'sesame', 'eggs', 'mustard', 'milk'],
    image: 'familiemenu',
    grouped: ['frieten', 'frikandel', 'bicky-burger', 'fristi'],
  },
  {
    slug: 'stoofvleessaus-bokaal',
    sku: 'OPT-002',
    type: 'EXTERNAL',
    category: 'opties',
    price: 795,
    catalogVisibility: 'hidden',
    externalUrl: 'https://winkel.bakje.example/stoofvleessaus-bokaal',
    buttonText: 'Bestel in onze webwinkel',
    name: t('Stoofvleessaus in bokaal (500 ml)', 'Sauce carbonnade en bocal (500 ml)', 'Stew gravy in a jar (500 ml)'),
    shortDescription: t(
      'Onze huisgemaakte stoofvleessaus om thuis op te warmen.',
      'Notre sauce carbonnade maison à réchauffer chez vous.',
      'Our home-made stew gravy to heat up at home.',
    ),
    description: tp(
      'Een bokaal van 500 ml met onze huisgemaakte stoofvleessaus, verkrijgbaar in onze webwinkel.',
      'Un bocal de 500 ml de notre sauce carbonnade maison, disponible dans notre boutique en ligne.',
      'A 500 ml jar of our home-made stew gravy, available in our web store.',
    ),
    allergens: ['gluten', 'celery', 'mustard'],
    image: 'stoofvleessaus-bokaal',
  },
];

export interface DemoReview {
  product: string;
  author: string;
  authorEmail: string;
  rating: number;
  verified: boolean;
  content: string;
  daysAgo: number;
}

export const DEMO_REVIEWS: DemoReview[] = [
  {
    product: 'frieten',
    author: 'Sofie Van den Broeck',
    authorEmail: 'sofie.vdb@example.be',
    rating: 5,
    verified: true,
    content: 'Beste frieten van Gent, krokant en niet vettig. De middelgrote portie is ruim genoeg voor mij.',
    daysAgo: 3,
  },
  {
    product: 'frieten',
    author: 'Jens Maes',
    authorEmail: 'jens.maes@example.be',
    rating: 4,
    verified: true,
    content: 'Lekkere frieten, alleen de zak was een beetje afgekoeld toen de bestelling aankwam.',
    daysAgo: 10,
  },
  {
    product: 'frieten',
    author: 'Marie Dubois',
    authorEmail: 'marie.dubois@example.be',
    rating: 5,
    verified: false,
    content: 'Echte Belgische frieten zoals het hoort. Met andalouse zijn ze perfect!',
    daysAgo: 21,
  },
  {
    product: 'bicky-burger',
    author: 'Tom Peeters',
    authorEmail: 'tom.peeters@example.be',
    rating: 5,
    verified: true,
    content: 'Een Bicky zoals vroeger. Met alle sauzen en die krokante uitjes: top.',
    daysAgo: 5,
  },
  {
    product: 'bicky-burger',
    author: 'Lotte Janssens',
    authorEmail: 'lotte.j@example.be',
    rating: 3,
    verified: false,
    content: 'Smaakt goed, maar ik had graag wat meer uitjes gehad.',
    daysAgo: 14,
  },
  {
    product: 'stoofvlees-schotel',
    author: 'Wim De Smet',
    authorEmail: 'wim.desmet@example.be',
    rating: 5,
    verified: true,
    content: 'Het stoofvlees is echt huisgemaakt, je proeft het bier en de peperkoek. Een aanrader!',
    daysAgo: 2,
  },
  {
    product: 'stoofvlees-schotel',
    author: 'An Claes',
    authorEmail: 'an.claes@example.be',
    rating: 4,
    verified: true,
    content: 'Mals vlees en een ruime portie. Puree als bijgerecht was ook lekker.',
    daysAgo: 30,
  },
  {
    product: 'frikandel',
    author: 'Kevin Wouters',
    authorEmail: 'kevin.w@example.be',
    rating: 4,
    verified: false,
    content: 'Goede frikandel, neem hem speciaal met verse ui!',
    daysAgo: 7,
  },
  {
    product: 'dame-blanche',
    author: 'Elise Mertens',
    authorEmail: 'elise.mertens@example.be',
    rating: 5,
    verified: true,
    content: 'De warme chocoladesaus is heerlijk. Perfect na een bakje friet.',
    daysAgo: 4,
  },
];

/**
 * The seller on the demo's tickets (part of the 'printing' settings row; printers and the rest keep their
 * defaults). The VAT number is made up but passes the Belgian mod-97 check.
 */
export const DEMO_PRINT_SELLER = { name: "Frituur 't Bakje", address: ['Kerkstraat 12', '9000 Gent'], vatNumber: 'BE0123.456.749' };

/** The shop's own settings row (key 'store'). */
export const DEMO_STORE_SETTINGS = {
  siteName: "Frituur 't Bakje",
  shortDescription: {
    nl: 'Verse Belgische frieten en snacks in het hart van Gent.',
    fr: 'Frites et snacks belges frais au cœur de Gand.',
    en: 'Fresh Belgian fries and snacks in the heart of Ghent.',
  },
  description: {
    nl: "Frituur 't Bakje bakt al sinds 1987 verse frieten in de Kerkstraat. Bestel online om af te halen, te laten leveren of om hier op te eten.",
    fr: "Depuis 1987, la friterie 't Bakje cuit des frites fraîches dans la Kerkstraat. Commandez en ligne à emporter, en livraison ou sur place.",
    en: "Since 1987 Frituur 't Bakje has been frying fresh fries in the Kerkstraat. Order online for takeaway, delivery or to eat in.",
  },
  contact: {
    phone: '+32 9 123 45 67',
    email: 'hallo@bakje.example',
    address: 'Kerkstraat 12, 9000 Gent',
    facebook: 'https://facebook.com/bakje',
    instagram: 'https://instagram.com/bakje',
    tiktok: null,
  },
};
