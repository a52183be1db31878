/**
 * Seeds the demo shop "Frituur 't Bakje": categories, products (with variations, attributes, add-ons,
 * allergens, images, reviews, links) and the store settings. The menu itself is data in demo-menu.ts.
 *
 * Runs in one transaction and fills the catalog only once, and only when it is empty: when any category or
 * product exists, or the settings row 'demo_seed' says it was seeded before, the catalog is left alone (only
 * missing allergens and a missing 'store' settings row are added). So it is safe to call on every start. An
 * advisory lock keeps instances that start together from seeding twice.
 */
import { eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import {
  addonFields,
  addonOptionAllergens,
  addonOptions,
  allergens,
  attributes,
  attributeTerms,
  categories,
  globalAddonCategories,
  globalAddons,
  media,
  productAllergens,
  productAttributes,
  productCategories,
  productGallery,
  productLinks,
  products,
  reviews,
  settings,
  type AddonKind,
  type AddonPriceType,
  type MetaEntry,
} from '../../db/schema/index.js';
import { PRINT_SETTINGS_KEY } from '../printing/print-settings.js';
import { seedAllergens, type AllergenCode } from '../../db/seed/allergens.js';
import { DEMO_SEED_MARKER } from './marker.js';
import { seedDemoOrdering } from './demo-ordering.js';
import {
  DEMO_CATEGORIES,
  DEMO_PRODUCTS,
  DEMO_REVIEWS,
  DEMO_SAUCES,
  DEMO_PRINT_SELLER,
  DEMO_STORE_SETTINGS,
  VAT,
  type AddonSet,
  type CategorySlug,
  type DemoProduct,
  type T3,
} from './demo-menu.js';

/** Demo pictures are 400x300 SVG files in server/assets/media/demo, served under /media/demo. */
export const DEMO_IMAGE_SIZE = { width: 400, height: 300 } as const;
export const demoImageSrc = (file: string): string => `/media/demo/${file}.svg`;

const SEED_LOCK = 7419002;
/** Settings key written when the demo catalog has been seeded. */
export { DEMO_SEED_MARKER };

// ------------------------------------------------------------------ attributes

interface AttributeDef {
  slug: string;
  name: T3;
  terms: Array<{ slug: string; name: T3 }>;
}

export const DEMO_ATTRIBUTES: AttributeDef[] = [
  {
    slug: 'pa_formaat',
    name: { nl: 'Formaat', fr: 'Taille', en: 'Size' },
    terms: [
      { slug: 'klein', name: { nl: 'Klein', fr: 'Petit', en: 'Small' } },
      { slug: 'middel', name: { nl: 'Middel', fr: 'Moyen', en: 'Medium' } },
      { slug: 'groot', name: { nl: 'Groot', fr: 'Grand', en: 'Large' } },
    ],
  },
  {
    slug: 'pa_dieet',
    name: { nl: 'Dieet', fr: 'Régime', en: 'Diet' },
    terms: [
      { slug: 'vegetarisch', name: { nl: 'Vegetarisch', fr: 'Végétarien', en: 'Vegetarian' } },
      { slug: 'veganistisch', name: { nl: 'Veganistisch', fr: 'Végétalien', en: 'Vegan' } },
    ],
  },
  {
    slug: 'pa_pikant',
    name: { nl: 'Pikant', fr: 'Piquant', en: 'Spiciness' },
    terms: [
      { slug: 'mild', name: { nl: 'Mild', fr: 'Doux', en: 'Mild' } },
      { slug: 'pikant', name: { nl: 'Pikant', fr: 'Piquant', en: 'Hot' } },
      { slug: 'extra-pikant', name: { nl: 'Extra pikant', fr: 'Très piquant', en: 'Extra hot' } },
    ],
  },
];

// ------------------------------------------------------------------ add-ons

interface OptionDef {
  label: T3;
  price: number | null;
  priceType?: AddonPriceType;
  allergens?: AllergenCode[];
  image?: string;
}

interface FieldDef {
  kind: AddonKind;
  display?: 'radiobutton' | 'select' | 'images';
  name: T3;
  description?: T3;
  required?: boolean;
  price?: number;
  priceType?: AddonPriceType;
  maxLength?: number;
  options?: OptionDef[];
}

export const ADDON_SETS: Record<AddonSet, FieldDef[]> = {
  burgerExtras: [
    {
      kind: 'heading',
      name: { nl: 'Maak je burger af', fr: 'Complétez votre burger', en: 'Finish your burger' },
      description: {
        nl: 'Extra toppings leggen we mee op de burger.',
        fr: 'Les suppléments sont ajoutés sur le burger.',
        en: 'Extra toppings go on the burger.',
      },
    },
    {
      kind: 'checkbox',
      name: { nl: "Extra's", fr: 'Suppléments', en: 'Extras' },
      options: [
        { label: { nl: 'Extra kaas', fr: 'Fromage en plus', en: 'Extra cheese' }, price: 80, allergens: ['milk'] },
        { label: { nl: 'Extra bacon', fr: 'Bacon en plus', en: 'Extra bacon' }, price: 120 },
        { label: { nl: 'Gebakken ui', fr: 'Oignons frits', en: 'Fried onions' }, price: 50, allergens: ['gluten'] },
        {
          label: { nl: 'Saus apart verpakt', fr: 'Sauce emballée à part', en: 'Sauce packed separately' },
          price: 20,
          priceType: 'flat_fee',
        },
      ],
    },
  ],
  bickySauce: [
    {
      kind: 'multiple_choice',
      display: 'radiobutton',
      required: true,
      name: { nl: 'Bicky-sauzen', fr: 'Sauces Bicky', en: 'Bicky sauces' },
      description: {
        nl: 'Wil je je Bicky met of zonder sauzen?',
        fr: 'Votre Bicky avec ou sans sauces ?',
        en: 'Would you like your Bicky with or without the sauces?',
      },
      options: [
        {
          label: { nl: 'Met alle Bicky-sauzen', fr: 'Avec toutes les sauces Bicky', en: 'With all Bicky sauces' },
          price: null,
          allergens: ['eggs', 'mustard'],
        },
        {
          label: { nl: 'Enkel Bicky-dressing', fr: 'Seulement le dressing Bicky', en: 'Bicky dressing only' },
          price: null,
          allergens: ['eggs', 'mustard'],
        },
        { label: { nl: 'Zonder saus', fr: 'Sans sauce', en: 'No sauce' }, price: null },
      ],
    },
  ],
  sideChoice: [
    {
      kind: 'multiple_choice',
      display: 'radiobutton',
      required: true,
      name: { nl: 'Kies je bijgerecht', fr: 'Choisissez votre accompagnement', en: 'Choose your side' },
      options: [
        { label: { nl: 'Frieten', fr: 'Frites', en: 'Fries' }, price: null, allergens: ['gluten'] },
        { label: { nl: 'Kroketten', fr: 'Croquettes', en: 'Croquettes' }, price: 50, allergens: ['gluten', 'milk', 'eggs'] },
        { label: { nl: 'Puree', fr: 'Purée', en: 'Mashed potatoes' }, price: null, allergens: ['milk'] },
      ],
    },
  ],
  kidsSnack: [
    {
      kind: 'multiple_choice',
      display: 'radiobutton',
      required: true,
      name: { nl: 'Kies je snack', fr: 'Choisissez votre snack', en: 'Choose your snack' },
      options: [
        { label: { nl: 'Kipnuggets', fr: 'Nuggets de poulet', en: 'Chicken nuggets' }, price: null, allergens: ['gluten', 'celery'] },
        { label: { nl: 'Frikandel', fr: 'Fricadelle', en: 'Frikandel' }, price: null, allergens: ['gluten', 'soybeans', 'celery'] },
        { label: { nl: 'Kaaskroket', fr: 'Croquette au fromage', en: 'Cheese croquette' }, price: null, allergens: ['gluten', 'milk', 'eggs'] },
        { label: { nl: 'Fishsticks', fr: 'Bâtonnets de poisson', en: 'Fish fingers' }, price: 50, allergens: ['fish', 'gluten'] },
      ],
    },
  ],
  remark: [
    {
      kind: 'custom_text',
      name: { nl: 'Opmerking', fr: 'Remarque', en: 'Remark' },
      description: {
        nl: 'Bijvoorbeeld: zonder ui, extra krokant.',
        fr: 'Par exemple : sans oignon, bien croustillant.',
        en: 'For example: no onion, extra crispy.',
      },
      required: false,
      maxLength: 100,
    },
  ],
};

/**
 * The global add-ons offered on everything in the category 'frieten': sauces and extras, both checkbox
 * groups so a customer can take several. Every sauce is a pot per portion (priced per unit); among the
 * extras, packing the sauces separately is one fee per line whatever the quantity (flat fee).
 */
export const FRIES_ADDONS: Array<{ name: T3; category: CategorySlug; priority: number; field: FieldDef }> = [
  {
    name: { nl: 'Sauzen', fr: 'Sauces', en: 'Sauces' },
    category: 'frieten',
    priority: 10,
    field: {
      kind: 'checkbox',
      required: false,
      name: { nl: 'Kies je sauzen', fr: 'Choisissez vos sauces', en: 'Choose your sauces' },
      description: {
        nl: 'Zoveel sauzen als je wil, elk in een eigen potje.',
        fr: 'Autant de sauces que vous voulez, chacune dans son petit pot.',
        en: 'As many sauces as you like, each in its own pot.',
      },
      options: DEMO_SAUCES.map((s) => ({ label: s.label, price: s.price, allergens: s.allergens, image: s.image })),
    },
  },
  {
    name: { nl: "Extra's op frieten", fr: 'Suppléments frites', en: 'Fries extras' },
    category: 'frieten',
    priority: 20,
    field: {
      kind: 'checkbox',
      required: false,
      name: { nl: "Extra's", fr: 'Suppléments', en: 'Extras' },
      options: [
        {
          label: { nl: 'Extra mayonaise bovenop', fr: 'Mayonnaise en plus dessus', en: 'Extra mayonnaise on top' },
          price: 80,
          allergens: ['eggs', 'mustard'],
        },
        // Crispy fried onions are coated in wheat flour.
        { label: { nl: 'Gebakken uitjes', fr: 'Oignons frits', en: 'Crispy fried onions' }, price: 50, allergens: ['gluten'] },
        { label: { nl: 'Extra zout', fr: 'Sel en plus', en: 'Extra salt' }, price: null },
        {
          label: { nl: 'Sauzen apart verpakt', fr: 'Sauces emballées à part', en: 'Sauces packed separately' },
          price: 20,
          priceType: 'flat_fee',
        },
      ],
    },
  },
];

// ------------------------------------------------------------------ seeding

/** Seeds the demo frituur; returns whether it seeded the catalogue (false when one was there already). */
export async function seedDemoShop(db: Db): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    await seedAllergens(tx);
    await tx.insert(settings).values({ key: 'store', value: DEMO_STORE_SETTINGS }).onConflictDoNothing({ target: settings.key });
    // Only when printing was never configured: the owner's own details are never overwritten.
    await tx
      .insert(settings)
      .values({ key: PRINT_SETTINGS_KEY, value: { seller: DEMO_PRINT_SELLER } })
      .onConflictDoNothing({ target: settings.key });

    // Seed the catalog once: not when it was seeded before (the owner may have emptied it on purpose),
    // and not over a catalog the owner built.
    const [seededBefore] = await tx.select({ key: settings.key }).from(settings).where(eq(settings.key, DEMO_SEED_MARKER));
    const [anyCategory] = await tx.select({ id: categories.id }).from(categories).limit(1);
    const [anyProduct] = await tx.select({ id: products.id }).from(products).limit(1);
    if (seededBefore || anyCategory || anyProduct) return false;

    // The catalogue triggers bump the catalogue version and notify every instance.
    await seedCatalog(tx);
    await seedDemoOrdering(tx);
    await tx.insert(settings).values({ key: DEMO_SEED_MARKER, value: { seededAt: new Date().toISOString() } });
    return true;
  });
}

function need<K, V>(map: Map<K, V>, key: K, what: string): V {
  const value = map.get(key);
  if (value === undefined) throw new Error(`demo seed: unknown ${what} '${String(key)}'`);
  return value;
}

async function seedCatalog(tx: DbOrTx): Promise<void> {
  const now = Date.now();

  // allergens
  const allergenRows = await tx.select({ id: allergens.id, code: allergens.code }).from(allergens);
  const allergenId = new Map(allergenRows.map((a) => [a.code, a.id]));
  const allergenIds = (codes: readonly AllergenCode[]) => codes.map((c) => need(allergenId, c, 'allergen'));

  // media: one row per picture file, in order of first use
  const pictures = new Map<string, { alt: string; title: string }>();
  const addPicture = (file: string, alt: string, title: string) => {
    if (!pictures.has(file)) pictures.set(file, { alt, title });
  };
  for (const c of DEMO_CATEGORIES) addPicture(c.image, c.name.nl, `Category Image ${c.name.nl}`);
  for (const p of DEMO_PRODUCTS) {
    const alt = p.imageAlt ?? p.name.nl;
    addPicture(p.image, alt, `Product Image ${alt}`);
    for (const extra of p.gallery ?? []) addPicture(extra.image, extra.alt, `Product Image ${extra.alt}`);
  }
  for (const s of DEMO_SAUCES) addPicture(s.image, `Potje ${s.label.nl.toLowerCase()}`, 'Addon Option Image');
  const mediaRows = await tx
    .insert(media)
    .values(
      [...pictures].map(([file, pic]) => ({
        src: demoImageSrc(file),
        altText: pic.alt,
        title: pic.title,
        mimeType: 'image/svg+xml',
        ...DEMO_IMAGE_SIZE,
      })),
    )
    .returning({ id: media.id, src: media.src });
  const mediaId = new Map(mediaRows.map((m) => [m.src, m.id]));
  const imageId = (file: string) => need(mediaId, demoImageSrc(file), 'image');

  // categories
  const categoryRows = await tx
    .insert(categories)
    .values(
      DEMO_CATEGORIES.map((c, i) => ({
        slug: c.slug,
        name: c.name,
        description: c.description,
        customOrder: c.customOrder,
        menuOrder: i + 1,
        imageId: imageId(c.image),
      })),
    )
    .returning({ id: categories.id, slug: categories.slug });
  const categoryId = new Map(categoryRows.map((c) => [c.slug, c.id]));
  const customOrderOf = new Map(DEMO_CATEGORIES.map((c) => [c.slug, c.customOrder]));

  // global attributes and their terms
  const attributeRows = await tx
    .insert(attributes)
    .values(DEMO_ATTRIBUTES.map((a) => ({ slug: a.slug, name: a.name, orderBy: 'menu_order' })))
    .returning({ id: attributes.id, slug: attributes.slug });
  const attributeId = new Map(attributeRows.map((a) => [a.slug, a.id]));
  await tx
    .insert(attributeTerms)
    .values(
      DEMO_ATTRIBUTES.flatMap((a) =>
        a.terms.map((term, i) => ({ attributeId: need(attributeId, a.slug, 'attribute'), slug: term.slug, name: term.name, menuOrder: i + 1 })),
      ),
    );

  // products (everything but variations)
  const positionInCategory = new Map<string, number>();
  const productValues = DEMO_PRODUCTS.map((p, index) => {
    const position = (positionInCategory.get(p.category) ?? 0) + 1;
    positionInCategory.set(p.category, position);
    const order = need(customOrderOf, p.category, 'category');
    const [vatTakeaway, vatOnSite] = VAT[p.vat ?? 'food'];
    const meta: MetaEntry[] = [
      { key: 'cloudpos_tax', value: String(vatTakeaway) },
      { key: 'cloudpos_tax_table', value: String(vatOnSite) },
    ];
    if (p.maxQuantity !== undefined) meta.push({ key: 'max_amount', value: String(p.maxQuantity) });
    if (p.isPromotion) meta.push({ key: 'is_promotion', value: 'yes' });
    return {
      type: p.type ?? 'SIMPLE',
      slug: p.slug,
      sku: p.sku,
      name: p.name,
      description: p.description,
      shortDescription: p.shortDescription,
      regularPrice: p.price,
      salePrice: p.salePrice ?? null,
      stockStatus: p.stockStatus ?? 'IN_STOCK',
      manageStock: p.manageStock ?? false,
      stockQuantity: p.stockQuantity ?? null,
      lowStockAmount: p.lowStockAmount ?? null,
      // Menu order follows the category order: frieten 101.., sauzen 201.., ...; helper categories sort last.
      menuOrder: Math.min(order, 99) * 100 + position,
      featured: p.featured ?? false,
      catalogVisibility: p.catalogVisibility ?? 'visible',
      isPromotion: p.isPromotion ?? false,
      ageLimit: p.ageLimit ?? null,
      maxQuantity: p.maxQuantity ?? null,
      vatRateTakeaway: vatTakeaway,
      vatRateOnSite: vatOnSite,
      imageId: imageId(p.image),
      externalUrl: p.externalUrl ?? null,
      buttonText: p.buttonText ?? null,
      defaultAttributes: p.variations ? [{ name: 'pa_formaat', value: 'middel' }] : [],
      metaData: meta,
      // The featured ("new") product is the newest; the rest are spread over the previous hours.
      createdAt: new Date(now - (p.featured ? 0 : (DEMO_PRODUCTS.length - index) * 3_600_000)),
    };
  });
  const productRows = await tx.insert(products).values(productValues).returning({ id: products.id, slug: products.slug });
  const productId = new Map(productRows.map((p) => [p.slug, p.id]));
  const idOf = (slug: string) => need(productId, slug, 'product');

  // variations
  const variationValues = DEMO_PRODUCTS.flatMap((p) =>
    (p.variations ?? []).map((v, i) => {
      const [vatTakeaway, vatOnSite] = VAT[p.vat ?? 'food'];
      return {
        parentId: idOf(p.slug),
        type: 'VARIATION' as const,
        slug: `${p.slug}-${v.term}`,
        sku: v.sku,
        name: v.name,
        description: { nl: '' },
        shortDescription: { nl: '' },
        regularPrice: v.price,
        menuOrder: i + 1,
        vatRateTakeaway: vatTakeaway,
        vatRateOnSite: vatOnSite,
        imageId: imageId(p.image),
        variationAttributes: [{ name: 'pa_formaat', value: v.term }],
        metaData: [
          { key: 'cloudpos_tax', value: String(vatTakeaway) },
          { key: 'cloudpos_tax_table', value: String(vatOnSite) },
        ],
      };
    }),
  );
  if (variationValues.length > 0) await tx.insert(products).values(variationValues);

  // categories, gallery, allergens, attributes, links
  await tx.insert(productCategories).values(DEMO_PRODUCTS.map((p) => ({ productId: idOf(p.slug), categoryId: need(categoryId, p.category, 'category') })));

  const gallery = DEMO_PRODUCTS.flatMap((p) => (p.gallery ?? []).map((g, i) => ({ productId: idOf(p.slug), mediaId: imageId(g.image), position: i + 1 })));
  if (gallery.length > 0) await tx.insert(productGallery).values(gallery);

  const productAllergenRows = DEMO_PRODUCTS.flatMap((p) => allergenIds(p.allergens).map((allergenId) => ({ productId: idOf(p.slug), allergenId })));
  await tx.insert(productAllergens).values(productAllergenRows);

  await tx.insert(productAttributes).values(DEMO_PRODUCTS.flatMap((p) => attributeRowsFor(p, idOf(p.slug), attributeId)));

  const links = DEMO_PRODUCTS.flatMap((p) => [
    ...(p.upsells ?? []).map((slug, i) => ({ productId: idOf(p.slug), linkedId: idOf(slug), kind: 'upsell' as const, position: i })),
    ...(p.crossSells ?? []).map((slug, i) => ({ productId: idOf(p.slug), linkedId: idOf(slug), kind: 'cross_sell' as const, position: i })),
    ...(p.grouped ?? []).map((slug, i) => ({ productId: idOf(p.slug), linkedId: idOf(slug), kind: 'grouped' as const, position: i })),
  ]);
  if (links.length > 0) await tx.insert(productLinks).values(links);

  // product add-ons
  for (const p of DEMO_PRODUCTS) {
    let position = 0;
    for (const set of p.addons ?? []) {
      for (const field of ADDON_SETS[set]) {
        await insertField(tx, field, { productId: idOf(p.slug) }, position++, imageId, allergenIds);
      }
    }
  }

  // the global sauce and extras add-ons, restricted to the fries category
  for (const addon of FRIES_ADDONS) {
    const [row] = await tx.insert(globalAddons).values({ name: addon.name, priority: addon.priority }).returning({ id: globalAddons.id });
    if (!row) throw new Error('demo seed: global add-on not created');
    await tx.insert(globalAddonCategories).values({ globalAddonId: row.id, categoryId: need(categoryId, addon.category, 'category') });
    await insertField(tx, addon.field, { globalAddonId: row.id }, 0, imageId, allergenIds);
  }

  // reviews
  await tx.insert(reviews).values(
    DEMO_REVIEWS.map((r) => ({
      productId: idOf(r.product),
      author: r.author,
      authorEmail: r.authorEmail,
      content: r.content,
      rating: r.rating,
      verified: r.verified,
      status: 'approved' as const,
      createdAt: new Date(now - r.daysAgo * 86_400_000),
    })),
  );
}

function attributeRowsFor(p: DemoProduct, productId: number, attributeId: Map<string, number>) {
  const rows: Array<typeof productAttributes.$inferInsert> = [];
  const add = (slug: string, options: string[], variation: boolean) =>
    rows.push({ productId, position: rows.length, attributeId: need(attributeId, slug, 'attribute'), name: slug, options, visible: true, variation });
  if (p.variations)
    add(
      'pa_formaat',
      p.variations.map((v) => v.term),
      true,
    );
  if (p.diet) add('pa_dieet', p.diet === 'veganistisch' ? ['vegetarisch', 'veganistisch'] : ['vegetarisch'], false);
  if (p.spicy) add('pa_pikant', [p.spicy], false);
  return rows;
}

async function insertField(
  tx: DbOrTx,
  field: FieldDef,
  owner: { productId: number } | { globalAddonId: number },
  position: number,
  imageId: (file: string) => number,
  allergenIds: (codes: readonly AllergenCode[]) => number[],
): Promise<void> {
  const [row] = await tx
    .insert(addonFields)
    .values({
      ...owner,
      position,
      kind: field.kind,
      display: field.display ?? 'radiobutton',
      name: field.name,
      description: field.description ?? { nl: '' },
      required: field.required ?? false,
      price: field.price ?? 0,
      priceType: field.priceType ?? 'quantity_based',
      maxLength: field.maxLength ?? null,
    })
    .returning({ id: addonFields.id });
  if (!row || !field.options?.length) return;
  const options = await tx
    .insert(addonOptions)
    .values(
      field.options.map((o, i) => ({
        fieldId: row.id,
        position: i,
        label: o.label,
        price: o.price,
        priceType: o.priceType ?? 'quantity_based',
        imageId: o.image ? imageId(o.image) : null,
      })),
    )
    .returning({ id: addonOptions.id, position: addonOptions.position });
  const optionAllergens = options.flatMap((o) =>
    allergenIds(field.options?.[o.position]?.allergens ?? []).map((allergenId) => ({ optionId: o.id, allergenId })),
  );
  if (optionAllergens.length > 0) await tx.insert(addonOptionAllergens).values(optionAllergens);
}
