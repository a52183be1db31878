import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, eq, inArray, isNotNull, lt, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, type Database } from '../src/db/client.js';
import {
  addonFields,
  addonOptionAllergens,
  addonOptions,
  allergens,
  attributeTerms,
  attributes,
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
} from '../src/db/schema/index.js';
import { EU_ALLERGENS, seedAllergens } from '../src/db/seed/allergens.js';
import { seedDemoShop } from '../src/modules/demo-shop/demo-shop.js';
import { readPrintSettings } from '../src/modules/printing/print-settings.js';

const mediaRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../assets/media');
const fileFor = (src: string) => path.join(mediaRoot, src.replace(/^\/media\//, ''));
const stripTags = (html: string) => html.replace(/<[^>]*>/g, '').trim();

let database: Database;

beforeAll(async () => {
  database = await openPglite('memory://');
  await database.migrate();
  await seedDemoShop(database.db);
});

afterAll(async () => {
  await database?.close();
});

describe('demo shop seed', () => {
  it("prints the demo frituur's name, address and a well-formed VAT number on its tickets", async () => {
    const { seller } = await readPrintSettings(database.db);
    expect(seller.name).toBe("Frituur 't Bakje");
    expect(seller.address).toEqual(['Kerkstraat 12', '9000 Gent']);
    // Belgian enterprise number: 10 digits, the last two are 97 minus the first eight modulo 97.
    const digits = seller.vatNumber.replace(/^BE/, '').replace(/\D/g, '');
    expect(digits).toHaveLength(10);
    expect(97 - (Number(digits.slice(0, 8)) % 97)).toBe(Number(digits.slice(8)));
  });

  it('creates the menu categories with names in three languages and an image', async () => {
    const rows = await database.db.select().from(categories);
    const menu = rows.filter((c) => c.customOrder <= 9999).sort((a, b) => a.customOrder - b.customOrder);
    expect(menu.length).toBeGreaterThanOrEqual(8);
    expect(menu.map((c) => c.slug)).toEqual(
      expect.arrayContaining(['frieten', 'sauzen', 'snacks', 'burgers', 'vegetarisch', 'schotels', 'dranken', 'desserts']),
    );
    expect(menu.map((c) => c.customOrder)).toEqual(menu.map((_, i) => i + 1));
    for (const c of rows) {
      expect(c.name.nl && c.name.fr && c.name.en, c.slug).toBeTruthy();
      expect(c.imageId, c.slug).not.toBeNull();
    }
  });

  it('creates at least 45 products besides variations, each complete', async () => {
    const rows = await database.db.select().from(products).where(ne(products.type, 'VARIATION'));
    expect(rows.length).toBeGreaterThanOrEqual(45);
    const linked = await database.db.select().from(productCategories);
    for (const p of rows) {
      expect(p.name.nl && p.name.fr && p.name.en, p.slug).toBeTruthy();
      expect(p.description.nl && p.description.fr && p.description.en, p.slug).toBeTruthy();
      expect(p.shortDescription.nl && p.shortDescription.fr && p.shortDescription.en, p.slug).toBeTruthy();
      expect(p.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(p.sku, p.slug).not.toBe('');
      expect(p.imageId, p.slug).not.toBeNull();
      expect(
        linked.some((l) => l.productId === p.id),
        p.slug,
      ).toBe(true);
      if (p.type === 'SIMPLE' || p.type === 'EXTERNAL') expect(p.regularPrice, p.slug).toBeGreaterThan(0);
    }
    const skus = rows.map((p) => p.sku);
    expect(new Set(skus).size).toBe(skus.length);
  });

  it('finds a product named Frikandel when searching for "frikandel"', async () => {
    const rows = await database.db
      .select()
      .from(products)
      .where(sql`${products.name}->>'nl' ilike ${'%frikandel%'}`);
    expect(rows.map((p) => p.name.nl)).toContain('Frikandel');
  });

  it('seeds fries as a variable product with three sizes', async () => {
    const [fries] = await database.db.select().from(products).where(eq(products.slug, 'frieten'));
    expect(fries?.type).toBe('VARIABLE');
    expect(fries?.regularPrice).toBeNull();
    expect(fries?.defaultAttributes).toEqual([{ name: 'pa_formaat', value: 'middel' }]);
    const variations = await database.db.select().from(products).where(eq(products.parentId, fries!.id));
    expect(variations).toHaveLength(3);
    expect(variations.map((v) => v.slug).sort()).toEqual(['frieten-groot', 'frieten-klein', 'frieten-middel']);
    for (const v of variations) {
      expect(v.type).toBe('VARIATION');
      expect(v.regularPrice).toBeGreaterThan(0);
      expect(v.variationAttributes[0]?.name).toBe('pa_formaat');
    }
    const klein = variations.find((v) => v.slug === 'frieten-klein');
    expect(klein?.regularPrice).toBe(320);
    expect(klein?.name.nl).toBe('Frieten - klein');

    const [formaat] = await database.db.select().from(attributes).where(eq(attributes.slug, 'pa_formaat'));
    expect(formaat?.name).toEqual({ nl: 'Formaat', fr: 'Taille', en: 'Size' });
    const terms = await database.db.select().from(attributeTerms).where(eq(attributeTerms.attributeId, formaat!.id));
    expect(terms.map((t) => t.slug).sort()).toEqual(['groot', 'klein', 'middel']);
    const [attr] = await database.db
      .select()
      .from(productAttributes)
      .where(and(eq(productAttributes.productId, fries!.id), eq(productAttributes.name, 'pa_formaat')));
    expect(attr).toMatchObject({ attributeId: formaat!.id, options: ['klein', 'middel', 'groot'], variation: true });
  });

  it('puts a filter attribute on several products', async () => {
    const [dieet] = await database.db.select().from(attributes).where(eq(attributes.slug, 'pa_dieet'));
    const rows = await database.db.select().from(productAttributes).where(eq(productAttributes.attributeId, dieet!.id));
    expect(rows.length).toBeGreaterThanOrEqual(5);
    expect(rows.every((r) => !r.variation)).toBe(true);
  });

  it('gives every product at least one allergen (drinks included: beer has gluten, milk drinks milk)', async () => {
    const rows = await database.db.select({ id: products.id, slug: products.slug }).from(products).where(ne(products.type, 'VARIATION'));
    expect(rows.length).toBeGreaterThanOrEqual(45);
    const links = await database.db.select().from(productAllergens);
    const without = rows.filter((p) => !links.some((l) => l.productId === p.id)).map((p) => p.slug);
    expect(without).toEqual([]);
    const codesOf = async (slug: string) =>
      (
        await database.db
          .select({ code: allergens.code })
          .from(productAllergens)
          .innerJoin(allergens, eq(allergens.id, productAllergens.allergenId))
          .innerJoin(products, eq(products.id, productAllergens.productId))
          .where(eq(products.slug, slug))
      )
        .map((a) => a.code)
        .sort();
    expect(await codesOf('kriek')).toEqual(['gluten']);
    expect(await codesOf('fristi')).toEqual(['milk']);
    // A grouped product carries the allergens of what it groups (the family menu includes a Fristi).
    expect(await codesOf('familiemenu')).toContain('milk');
    const [mayo] = await database.db.select().from(products).where(eq(products.slug, 'mayonaise'));
    const mayoAllergens = await database.db
      .select({ code: allergens.code })
      .from(productAllergens)
      .innerJoin(allergens, eq(allergens.id, productAllergens.allergenId))
      .where(eq(productAllergens.productId, mayo!.id));
    expect(mayoAllergens.map((a) => a.code).sort()).toEqual(['eggs', 'mustard']);
  });

  it('has exactly one featured product, and stock, maximum and promotion examples', async () => {
    const featured = await database.db.select().from(products).where(eq(products.featured, true));
    expect(featured.map((p) => p.slug)).toEqual(['bakje-burger']);

    const outOfStock = await database.db.select().from(products).where(eq(products.stockStatus, 'OUT_OF_STOCK'));
    expect(outOfStock.map((p) => p.slug)).toContain('garnaalkroket');

    const limited = await database.db.select().from(products).where(isNotNull(products.maxQuantity));
    expect(limited.length).toBeGreaterThanOrEqual(1);
    const mammoet = limited.find((p) => p.slug === 'mammoet');
    expect(mammoet?.maxQuantity).toBe(2);
    expect(mammoet?.metaData).toContainEqual({ key: 'max_amount', value: '2' });

    const managed = await database.db
      .select()
      .from(products)
      .where(and(eq(products.manageStock, true), isNotNull(products.stockQuantity)));
    expect(managed.length).toBeGreaterThanOrEqual(2);

    const promo = await database.db.select().from(products).where(eq(products.isPromotion, true));
    expect(promo.length).toBeGreaterThanOrEqual(1);
    expect(promo[0]?.metaData).toContainEqual({ key: 'is_promotion', value: 'yes' });
  });

  it('puts at least three products on sale below their regular price', async () => {
    const onSale = await database.db
      .select()
      .from(products)
      .where(and(isNotNull(products.salePrice), lt(products.salePrice, products.regularPrice)));
    expect(onSale.length).toBeGreaterThanOrEqual(3);
  });

  it('sets Belgian VAT rates: food 6/12, soft drinks 6/21, beer 21/21', async () => {
    const bySlug = async (slug: string) => (await database.db.select().from(products).where(eq(products.slug, slug)))[0];
    expect(await bySlug('frikandel')).toMatchObject({ vatRateTakeaway: 6, vatRateOnSite: 12 });
    expect(await bySlug('fristi')).toMatchObject({ vatRateTakeaway: 6, vatRateOnSite: 21 });
    expect(await bySlug('jupiler')).toMatchObject({ vatRateTakeaway: 21, vatRateOnSite: 21 });
  });

  it('has a short description longer than 88 characters of plain text', async () => {
    const [stoofvlees] = await database.db.select().from(products).where(eq(products.slug, 'stoofvlees-schotel'));
    expect(stoofvlees?.shortDescription.nl).toContain('<strong>');
    expect(stripTags(stoofvlees!.shortDescription.nl).length).toBeGreaterThan(88);
  });

  it('offers sauces and extras on fries as global checkbox add-ons, with truthful allergens on their options', async () => {
    const addons = await database.db.select().from(globalAddons).orderBy(globalAddons.priority);
    expect(addons.map((a) => a.name.nl)).toEqual(['Sauzen', "Extra's op frieten"]);
    const optionsOf = async (addonId: number) => {
      const restricted = await database.db
        .select({ slug: categories.slug })
        .from(globalAddonCategories)
        .innerJoin(categories, eq(categories.id, globalAddonCategories.categoryId))
        .where(eq(globalAddonCategories.globalAddonId, addonId));
      expect(restricted.map((c) => c.slug)).toEqual(['frieten']);
      const [field] = await database.db.select().from(addonFields).where(eq(addonFields.globalAddonId, addonId));
      // Checkboxes: a customer can take several sauces, and several extras.
      expect(field).toMatchObject({ kind: 'checkbox', required: false, productId: null });
      return database.db.select().from(addonOptions).where(eq(addonOptions.fieldId, field!.id));
    };
    const allergensOf = async (optionId: number) =>
      (
        await database.db
          .select({ code: allergens.code })
          .from(addonOptionAllergens)
          .innerJoin(allergens, eq(allergens.id, addonOptionAllergens.allergenId))
          .where(eq(addonOptionAllergens.optionId, optionId))
      )
        .map((a) => a.code)
        .sort();

    const sauces = await optionsOf(addons[0]!.id);
    expect(sauces.length).toBeGreaterThanOrEqual(5);
    expect(sauces.every((o) => o.priceType === 'quantity_based' && (o.price ?? 0) > 0)).toBe(true);
    const sauce = (nl: string) => sauces.find((o) => o.label.nl === nl)!;
    expect(sauce('Mayonaise')).toMatchObject({ price: 90, priceType: 'quantity_based' });
    expect(await allergensOf(sauce('Mayonaise').id)).toEqual(['eggs', 'mustard']);
    expect(await allergensOf(sauce('Tartaar').id)).toEqual(['eggs', 'mustard']);
    expect(await allergensOf(sauce('Curry ketchup').id)).toEqual(['celery', 'mustard']);
    expect(await allergensOf(sauce('Pindasaus').id)).toEqual(['peanuts', 'soybeans']);

    const extras = await optionsOf(addons[1]!.id);
    const extra = (nl: string) => extras.find((o) => o.label.nl === nl)!;
    expect(extra('Extra mayonaise bovenop')).toMatchObject({ price: 80, priceType: 'quantity_based' });
    expect(await allergensOf(extra('Extra mayonaise bovenop').id)).toEqual(['eggs', 'mustard']);
    expect(extra('Gebakken uitjes')).toMatchObject({ price: 50, priceType: 'quantity_based' });
    expect(await allergensOf(extra('Gebakken uitjes').id)).toEqual(['gluten']);
    expect(extra('Extra zout')).toMatchObject({ price: null });
    expect(await allergensOf(extra('Extra zout').id)).toEqual([]);
    expect(extra('Sauzen apart verpakt')).toMatchObject({ price: 20, priceType: 'flat_fee' });
  });

  it('has product add-ons of every kind, including a required choice', async () => {
    const fields = await database.db.select().from(addonFields).where(isNotNull(addonFields.productId));
    const kinds = new Set(fields.map((f) => f.kind));
    expect([...kinds].sort()).toEqual(['checkbox', 'custom_text', 'heading', 'multiple_choice']);
    expect(fields.some((f) => f.kind === 'multiple_choice' && f.required)).toBe(true);
    const remark = fields.find((f) => f.kind === 'custom_text');
    expect(remark).toMatchObject({ name: { nl: 'Opmerking', fr: 'Remarque', en: 'Remark' }, maxLength: 100, required: false });

    const checkboxIds = fields.filter((f) => f.kind === 'checkbox').map((f) => f.id);
    const extras = await database.db.select().from(addonOptions).where(inArray(addonOptions.fieldId, checkboxIds));
    expect(extras.some((o) => o.label.nl === 'Extra kaas' && o.price === 80 && o.priceType === 'quantity_based')).toBe(true);
    expect(extras.some((o) => o.priceType === 'flat_fee')).toBe(true);
  });

  it('links upsells, a grouped product and gallery images, and adds reviews', async () => {
    const links = await database.db.select().from(productLinks);
    expect(links.filter((l) => l.kind === 'upsell').length).toBeGreaterThanOrEqual(3);
    expect(links.filter((l) => l.kind === 'grouped').length).toBeGreaterThanOrEqual(2);

    const gallery = await database.db.select().from(productGallery);
    const perProduct = new Map<number, number>();
    for (const g of gallery) perProduct.set(g.productId, (perProduct.get(g.productId) ?? 0) + 1);
    expect(Math.max(...perProduct.values())).toBeGreaterThanOrEqual(2);

    const rows = await database.db.select().from(reviews);
    expect(new Set(rows.map((r) => r.productId)).size).toBeGreaterThanOrEqual(3);
    for (const r of rows) {
      expect(r.rating).toBeGreaterThanOrEqual(1);
      expect(r.rating).toBeLessThanOrEqual(5);
    }
  });

  it('keeps non-orderable product types out of the visible menu', async () => {
    const special = await database.db
      .select()
      .from(products)
      .where(inArray(products.type, ['GROUPED', 'EXTERNAL']));
    for (const p of special) expect(p.catalogVisibility, p.slug).toBe('hidden');
  });

  it('points every media row and allergen icon at a small SVG file that exists', async () => {
    const rows = await database.db.select().from(media);
    expect(rows.length).toBeGreaterThanOrEqual(20);
    for (const m of [...rows.map((r) => r.src), ...EU_ALLERGENS.map((a) => a.icon), '/media/logo.svg']) {
      const file = fileFor(m);
      expect(fs.existsSync(file), m).toBe(true);
      const svg = fs.readFileSync(file, 'utf8');
      expect(svg.startsWith('<svg'), m).toBe(true);
      expect(Buffer.byteLength(svg), m).toBeLessThan(6 * 1024);
      expect(svg, m).not.toMatch(/https?:\/\/(?!www\.w3\.org\/2000\/svg)/);
    }
    for (const m of rows) expect(m).toMatchObject({ mimeType: 'image/svg+xml', width: 400, height: 300 });
  });

  it('stores the shop settings', async () => {
    const [row] = await database.db.select().from(settings).where(eq(settings.key, 'store'));
    expect(row?.value).toMatchObject({ siteName: "Frituur 't Bakje", contact: { phone: '+32 9 123 45 67', tiktok: null } });
  });

  it('leaves an existing catalog alone when run again', async () => {
    const count = async () => (await database.db.select({ n: sql<number>`count(*)::int` }).from(products))[0]?.n;
    const before = await count();
    await seedDemoShop(database.db);
    expect(await count()).toBe(before);
  });

  it('does not seed again after the owner emptied the catalog', async () => {
    const fresh = await openPglite('memory://');
    try {
      await fresh.migrate();
      await seedDemoShop(fresh.db);
      await fresh.db.delete(products);
      await fresh.db.delete(categories);
      await seedDemoShop(fresh.db);
      expect(await fresh.db.select().from(products)).toHaveLength(0);
      expect(await fresh.db.select().from(categories)).toHaveLength(0);
    } finally {
      await fresh.close();
    }
  });
});

describe('allergens', () => {
  it('has all 14 EU allergens with three names and an icon', async () => {
    const rows = await database.db.select().from(allergens);
    expect(rows).toHaveLength(14);
    for (const a of rows) {
      expect(a.name.nl && a.name.fr && a.name.en, a.code).toBeTruthy();
      expect(a.icon).toBe(`/media/allergens/${a.code}.svg`);
      expect(fs.readFileSync(fileFor(a.icon), 'utf8')).toContain(`<title>${a.name.en}</title>`);
    }
    expect(rows.find((a) => a.code === 'celery')?.name.nl).toBe('Selder');
  });

  it('does not duplicate allergens when seeded twice', async () => {
    const fresh = await openPglite('memory://');
    try {
      await fresh.migrate();
      await seedAllergens(fresh.db);
      await seedAllergens(fresh.db);
      const rows = await fresh.db.select().from(allergens);
      expect(rows).toHaveLength(14);
      expect(new Set(rows.map((r) => r.code)).size).toBe(14);
    } finally {
      await fresh.close();
    }
  });
});
