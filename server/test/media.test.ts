import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import WooCommerceRestApiModule from '@woocommerce/woocommerce-rest-api';
import { parseUploadedSrc, type MediaItemRest } from '@bakje/contract';
import * as t from '../src/db/schema/index.js';
import type { App } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { ApiKeyService, type CreatedApiKey } from '../src/modules/api-keys/api-key-service.js';
import { ensureFirstAdmin } from '../src/modules/auth/first-admin.js';
import { Browser } from './support/browser.js';
import { createTestDatabase, databaseKinds, type TestDatabase } from './support/database.js';
import { TEST_PEPPER, catalogCaughtUp, graphql, startTestApp } from './support/server.js';
import { aProduct } from './support/builders.js';
import { waitFor } from './support/wait.js';
import { eq } from 'drizzle-orm';

type ClientClass = typeof WooCommerceRestApiModule.default;
const WooCommerceRestApi: ClientClass =
  (WooCommerceRestApiModule as unknown as { default?: ClientClass }).default ?? (WooCommerceRestApiModule as unknown as ClientClass);

const MAX_BYTES = 300_000;
const basic = (key: CreatedApiKey) => `Basic ${Buffer.from(`${key.consumerKey}:${key.consumerSecret}`).toString('base64')}`;

/** A test image: two gradients (small enough in every format for the test's 300 KB limit). */
async function picture(format: 'jpeg' | 'png' | 'webp' | 'avif', width = 800, height = 600, withExif = false): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < raw.length; i += 3) {
    const x = (i / 3) % width;
    raw[i] = (x * 255) / width;
    raw[i + 1] = (Math.floor(i / 3 / width) * 255) / height;
    raw[i + 2] = 128;
  }
  let image = sharp(raw, { raw: { width, height, channels: 3 } });
  if (withExif) {
    image = image.withExif({
      IFD0: { Make: 'SecretCam', Model: 'Spy 3000', Copyright: 'Geheime Frituur' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 2/1 3/1', GPSLongitudeRef: 'E', GPSLongitude: '4/1 5/1 6/1' },
    });
  }
  return image.toFormat(format, format === 'avif' ? { effort: 0 } : {}).toBuffer();
}

/** A PNG whose header claims `side` x `side` pixels around a few bytes of data: a decompression bomb. */
function pixelBomb(side: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', deflateSync(Buffer.alloc(side + 1))), chunk('IEND', Buffer.alloc(0))]);
}

/** A multipart/form-data body as a browser would send it. */
async function formBody(fields: Record<string, string | { data: Buffer; name: string; type?: string }>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === 'string') form.append(name, value);
    else form.append(name, new Blob([new Uint8Array(value.data)], { type: value.type ?? 'application/octet-stream' }), value.name);
  }
  const request = new Request('http://local/', { method: 'POST', body: form });
  return { payload: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get('content-type')! };
}

describe('media settings', () => {
  it('keeps uploads under the data dir by default and names a bad limit', () => {
    const config = loadConfig({ BAKJE_DATA_DIR: '/srv/bakje' }, '/');
    expect(config.media).toEqual({ dir: '/srv/bakje/media', maxBytes: 10 * 1024 * 1024, maxVideoBytes: 200 * 1024 * 1024, maxPixels: 40_000_000 });
    expect(loadConfig({ BAKJE_MEDIA_DIR: 'beelden', BAKJE_MEDIA_MAX_BYTES: '2048' }, '/app').media).toMatchObject({ dir: '/app/beelden', maxBytes: 2048 });
    expect(() => loadConfig({ BAKJE_MEDIA_MAX_BYTES: 'veel' })).toThrow(/BAKJE_MEDIA_MAX_BYTES/);
    expect(() => loadConfig({ BAKJE_MEDIA_MAX_PIXELS: '10' })).toThrow(/BAKJE_MEDIA_MAX_PIXELS/);
  });
});

describe.each(databaseKinds)('media uploads and image serving (%s)', (kind) => {
  let testDb: TestDatabase;
  let app: App;
  let mediaDir: string;
  let key: CreatedApiKey;
  let readKey: CreatedApiKey;
  let baseUrl: string;
  const manager = () => new Browser(() => app);
  let managerBrowser: Browser;
  let kitchenBrowser: Browser;

  beforeAll(async () => {
    testDb = await createTestDatabase(kind);
    mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bakje-media-'));
    const keys = new ApiKeyService(testDb.database.db, () => TEST_PEPPER);
    key = await keys.create({ scope: 'read_write', description: 'media' });
    readKey = await keys.create({ scope: 'read' });
    app = await startTestApp(testDb.database, {
      BAKJE_MEDIA_DIR: mediaDir,
      BAKJE_MEDIA_MAX_BYTES: String(MAX_BYTES),
      BAKJE_MEDIA_MAX_VIDEO_BYTES: String(MAX_BYTES + 100_000),
    });
    await app.server.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(app.server.server.address() as AddressInfo).port}`;
    await ensureFirstAdmin(testDb.database, { email: 'baas@example.be', password: 'De baas van de frituur' });
    const admin = manager();
    const login = `mutation($u: String!, $p: String!) { login(input: {username: $u, password: $p}) { viewer { role } } }`;
    await admin.graphql(login, { u: 'baas@example.be', p: 'De baas van de frituur' });
    for (const role of ['manager', 'kitchen'] as const) {
      const created = await admin.request('POST', '/api/staff/users', { email: `${role}@example.be`, password: 'Goed wachtwoord 42', role });
      expect(created.statusCode).toBe(201);
    }
    managerBrowser = manager();
    expect((await managerBrowser.graphql(login, { u: 'manager@example.be', p: 'Goed wachtwoord 42' })).body.data.login.viewer.role).toBe('manager');
    kitchenBrowser = manager();
    await kitchenBrowser.graphql(login, { u: 'kitchen@example.be', p: 'Goed wachtwoord 42' });
  });

  afterAll(async () => {
    await app?.close();
    await testDb?.cleanup();
    if (mediaDir) fs.rmSync(mediaDir, { recursive: true, force: true });
  });

  const upload = async (file: { data: Buffer; name: string; type?: string }, extra: Record<string, string> = {}, headers: Record<string, string> = {}) => {
    const { payload, contentType } = await formBody({ title: 'Frietje', ...extra, file });
    return app.server.inject({
      method: 'POST',
      url: '/wp-json/wc/v3/media',
      headers: { authorization: basic(key), 'content-type': contentType, ...headers },
      payload,
    });
  };
  const mediaCount = async () => (await testDb.database.db.select().from(t.media)).length;
  const storedFolders = () => fs.readdirSync(mediaDir).filter((f) => !f.startsWith('.'));
  const fetchFile = (url: string, headers: Record<string, string> = {}) => app.server.inject({ method: 'GET', url: new URL(url, baseUrl).pathname, headers });

  /** Every refusal: 400 in the WooCommerce shape naming `file`, no row, no file. */
  async function expectRefused(response: Awaited<ReturnType<typeof upload>>, reason: RegExp, key: string) {
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body).toMatchObject({ code: 'rest_upload_sideload_error', data: { status: 400, code: 'MEDIA_FILE_INVALID', params: ['file'] } });
    expect(body.message).toMatch(/^Invalid parameter\(s\): file/);
    expect(body.message).toMatch(reason);
    expect(body.data.reason).toBe(key);
  }

  it.each([
    ['jpeg', 'image/jpeg', 'jpg'],
    ['png', 'image/png', 'png'],
    ['webp', 'image/webp', 'webp'],
    ['avif', 'image/avif', 'avif'],
  ] as const)('accepts a %s upload and answers id, src and the WordPress sizes', async (format, mime, ext) => {
    const response = await upload({ data: await picture(format), name: `friet.${ext}` }, { alt_text: 'Een portie friet' });
    expect(response.statusCode).toBe(201);
    const body = response.json<MediaItemRest>();
    expect(body.id).toBeGreaterThan(0);
    expect(body.src).toMatch(new RegExp(`^http://localhost:0/media/u/[0-9a-f]{32}/800x600\\.${ext}$`));
    expect(body).toMatchObject({ alt_text: 'Een portie friet', mime_type: mime, title: { raw: 'Frietje' }, media_details: { width: 800, height: 600 } });
    expect(body.source_url).toBe(body.src);
    expect(Object.keys(body.media_details.sizes)).toEqual(
      expect.arrayContaining(['thumbnail', 'medium', 'woocommerce_thumbnail', 'woocommerce_single', 'full']),
    );
    expect(body.media_details.sizes.large).toBeUndefined(); // 1280 is wider than the image
    expect(body.media_details.sizes.medium).toMatchObject({ width: 320, height: 240, mime_type: mime });
    expect(response.headers.location).toBe(`http://localhost:0/wp-json/wc/v3/media/${body.id}`);
    const original = await fetchFile(body.src);
    expect(original.statusCode).toBe(200);
    expect(original.headers['content-type']).toBe(mime);
  });

  it('judges a file by its content: a PNG named .jpg is stored as the PNG it is', async () => {
    const response = await upload({ data: await picture('png', 300, 200), name: 'foto.jpg', type: 'image/jpeg' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ mime_type: 'image/png', name: 'foto.jpg' });
    expect(response.json().src).toMatch(/\/300x200\.png$/);
  });

  it('refuses a text file named .png, an SVG with a script, a pixel bomb and an oversized file, storing nothing', async () => {
    const rows = await mediaCount();
    const folders = storedFolders().length;
    await expectRefused(
      await upload({ data: Buffer.from('Dit is geen afbeelding.\n'.repeat(20)), name: 'friet.png', type: 'image/png' }),
      /not a JPEG, PNG, WebP or AVIF/,
      'unsupported',
    );
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(document.cookie)</script><rect width="10" height="10"/></svg>`;
    await expectRefused(await upload({ data: Buffer.from(svg), name: 'logo.svg', type: 'image/svg+xml' }), /SVG images are not accepted/, 'svg');
    await expectRefused(await upload({ data: Buffer.from(svg), name: 'logo.png', type: 'image/png' }), /SVG images are not accepted/, 'svg');
    await expectRefused(await upload({ data: pixelBomb(50_000), name: 'bom.png', type: 'image/png' }), /50000 x 50000 pixels/, 'too_many_pixels');
    await expectRefused(await upload({ data: Buffer.alloc(MAX_BYTES + 1000, 7), name: 'groot.jpg' }), /larger than 0.3 MB/, 'too_large');
    await expectRefused(await upload({ data: Buffer.alloc(0), name: 'leeg.jpg' }), /empty/, 'empty');
    const missing = await app.server.inject({
      method: 'POST',
      url: '/wp-json/wc/v3/media',
      headers: { authorization: basic(key), 'content-type': 'application/json' },
      payload: '{"title":"zonder bestand"}',
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toMatch(/file/);
    expect(await mediaCount()).toBe(rows);
    expect(storedFolders().length).toBe(folders);
  });

  it('answers 413 for a body far above the limit, before reading it', async () => {
    const rows = await mediaCount();
    const response = await upload({ data: Buffer.alloc(MAX_BYTES * 3, 1), name: 'enorm.jpg' });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ code: 'rest_request_too_large', data: { status: 413 } });
    expect(await mediaCount()).toBe(rows);
  });

  it('answers 413 over real HTTP too, while the client is still sending', async () => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(MAX_BYTES * 10)], { type: 'image/jpeg' }), 'enorm.jpg');
    const response = await fetch(`${baseUrl}/wp-json/wc/v3/media`, { method: 'POST', headers: { authorization: basic(key) }, body: form });
    expect(response.status).toBe(413);
    expect(((await response.json()) as { code: string }).code).toBe('rest_request_too_large');
  });

  it('strips EXIF and GPS: the served bytes carry none of it', async () => {
    const photo = await picture('jpeg', 640, 480, true);
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    expect(photo.includes(Buffer.from('SecretCam'))).toBe(true);
    const response = await upload({ data: photo, name: 'vakantie.jpg' });
    expect(response.statusCode).toBe(201);
    const { src } = response.json<MediaItemRest>();
    const image = parseUploadedSrc(src)!;
    for (const url of [src, `${image.base}/320.jpg`, `${image.base}/320.webp`, `${image.base}/full.avif`]) {
      const served = await fetchFile(url);
      expect(served.statusCode).toBe(200);
      const bytes = served.rawPayload;
      const meta = await sharp(bytes).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      for (const secret of ['SecretCam', 'Spy 3000', 'Geheime Frituur', 'Exif\0\0']) expect(bytes.includes(Buffer.from(secret))).toBe(false);
    }
  });

  it('keeps a clean JPEG, PNG or WebP as sent, and re-encodes one with a comment or bytes after its end', async () => {
    for (const format of ['jpeg', 'png', 'webp'] as const) {
      const clean = await picture(format, 300 + format.length, 200);
      const response = await upload({ data: clean, name: `schoon.${format}` });
      expect(response.statusCode, format).toBe(201);
      const served = await fetchFile(response.json<MediaItemRest>().src);
      expect(Buffer.compare(served.rawPayload, clean), format).toBe(0);
    }
    const plain = await picture('jpeg', 320, 240);
    // A COM segment right after SOI, and a file appended after EOI: neither reaches the library.
    const comment = Buffer.from('Geheime Frituur');
    const length = Buffer.alloc(2);
    length.writeUInt16BE(comment.length + 2);
    const withComment = Buffer.concat([plain.subarray(0, 2), Buffer.from([0xff, 0xfe]), length, comment, plain.subarray(2)]);
    const appended = Buffer.concat([plain, Buffer.from('PK\u0003\u0004Geheime Frituur')]);
    for (const [name, data] of [
      ['commentaar.jpg', withComment],
      ['aanhangsel.jpg', appended],
    ] as const) {
      const response = await upload({ data, name });
      expect(response.statusCode, name).toBe(201);
      const served = (await fetchFile(response.json<MediaItemRest>().src)).rawPayload;
      expect(served.includes(Buffer.from('Geheime Frituur')), name).toBe(false);
      expect((await sharp(served).metadata()).width, name).toBe(320);
    }
  });

  it('serves resized copies in each format with immutable cache headers, by URL or by Accept', async () => {
    const response = await upload({ data: await picture('jpeg', 1600, 1200), name: 'groot.jpg' });
    const image = parseUploadedSrc(response.json<MediaItemRest>().src)!;
    expect(image.width).toBe(1600);
    const cases = [
      ['160.webp', 'image/webp', 'webp', 160],
      ['320.avif', 'image/avif', 'heif', 320],
      ['640.jpg', 'image/jpeg', 'jpeg', 640],
      ['1280.png', 'image/png', 'png', 1280],
      ['full.webp', 'image/webp', 'webp', 1600],
    ] as const;
    for (const [name, type, decoded, width] of cases) {
      const served = await fetchFile(`${image.base}/${name}`);
      expect(served.statusCode, name).toBe(200);
      expect(served.headers['content-type']).toBe(type);
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const meta = await sharp(served.rawPayload).metadata();
      expect(meta.format).toBe(decoded);
      expect(meta.width).toBe(width);
    }
    // Made once, then read from disk.
    expect(fs.existsSync(path.join(mediaDir, image.base.split('/').pop()!, '160.webp'))).toBe(true);
    const chromium = await fetchFile(`${image.base}/640`, { accept: 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8' });
    expect(chromium.headers['content-type']).toBe('image/avif');
    expect(chromium.headers.vary).toMatch(/Accept/);
    const older = await fetchFile(`${image.base}/640`, { accept: 'image/webp,*/*' });
    expect(older.headers['content-type']).toBe('image/webp');
    const plain = await fetchFile(`${image.base}/640`, { accept: '*/*' });
    expect(plain.headers['content-type']).toBe('image/jpeg');
    // No other widths or names, nothing for unknown hashes, nothing created for them.
    for (const bad of [`${image.base}/500.webp`, `${image.base}/160.gif`, `${image.base}/../../etc/passwd`, `/media/u/${'0'.repeat(32)}/160.webp`]) {
      expect((await fetchFile(bad)).statusCode, bad).toBe(404);
    }
    expect(fs.existsSync(path.join(mediaDir, '0'.repeat(32)))).toBe(false);
    // The shipped demo SVGs are served as before.
    const demo = await app.server.inject({ method: 'GET', url: '/media/logo.svg' });
    expect(demo.statusCode).toBe(200);
    expect(demo.headers['content-type']).toMatch(/image\/svg\+xml/);
  });

  it('makes the resized copies in the background after an upload (a job of the job runner)', async () => {
    const created = (await upload({ data: await picture('jpeg', 700, 500), name: 'achtergrond.jpg' })).json<MediaItemRest>();
    const folder = path.join(mediaDir, parseUploadedSrc(created.src)!.base.split('/').pop()!);
    const expected = ['160', '320', '640', 'full'].flatMap((w) => ['avif', 'webp', 'jpg'].map((f) => `${w}.${f}`));
    await waitFor(
      'the background copies',
      async () => expected.every((name) => fs.existsSync(path.join(folder, name))),
      () => fs.readdirSync(folder),
    );
    const [job] = await testDb.database.db
      .select()
      .from(t.jobs)
      .where(eq(t.jobs.idempotencyKey, `media-variants:${created.id}`));
    expect(job).toMatchObject({ kind: 'media', lane: 'media' });
    await waitFor('the job to be done', async () => {
      const [row] = await testDb.database.db.select().from(t.jobs).where(eq(t.jobs.id, job!.id));
      return row?.status === 'done';
    });
  });

  it('GET /media/{id} and a paged list, under /wp-json/wc/v3 and /wp-json/wp/v2', async () => {
    const created = (
      await upload({ data: await picture('png', 200, 100), name: 'saus.png' }, { title: 'Product Image Andalouse', alt_text: 'Andalouse' })
    ).json<MediaItemRest>();
    for (const prefix of ['/wp-json/wc/v3', '/wp-json/wp/v2']) {
      const one = await app.server.inject({ method: 'GET', url: `${prefix}/media/${created.id}`, headers: { authorization: basic(readKey) } });
      expect(one.statusCode).toBe(200);
      expect(one.json()).toEqual(created);
    }
    const missing = await app.server.inject({ method: 'GET', url: '/wp-json/wc/v3/media/987654', headers: { authorization: basic(key) } });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'rest_post_invalid_id', data: { status: 404 } });
    const page = await app.server.inject({ method: 'GET', url: '/wp-json/wc/v3/media?per_page=2&page=1', headers: { authorization: basic(key) } });
    expect(page.statusCode).toBe(200);
    expect(page.json()).toHaveLength(2);
    expect(page.json()[0].id).toBe(created.id); // newest first
    const total = Number(page.headers['x-wp-total']);
    expect(total).toBe(await mediaCount());
    expect(page.headers['x-wp-totalpages']).toBe(String(Math.ceil(total / 2)));
    expect(page.headers.link).toMatch(/rel="next"/);
    const found = await app.server.inject({ method: 'GET', url: '/wp-json/wc/v3/media?search=andalouse', headers: { authorization: basic(key) } });
    expect(found.json().map((m: MediaItemRest) => m.id)).toEqual([created.id]);
    const bad = await app.server.inject({ method: 'GET', url: '/wp-json/wc/v3/media?per_page=500', headers: { authorization: basic(key) } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('rest_invalid_param');
  });

  it('takes the same credentials as the store API: keys, OAuth via the official client, staff with products.manage and CSRF', async () => {
    const rows = await mediaCount();
    const image = await picture('webp', 320, 240);
    const anonymous = await app.server.inject({ method: 'GET', url: '/wp-json/wc/v3/media' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().code).toBe('woocommerce_rest_cannot_view');
    const readOnly = await upload({ data: image, name: 'a.webp' }, {}, { authorization: basic(readKey) });
    expect(readOnly.statusCode).toBe(401);
    expect(readOnly.json().message).toMatch(/write permissions/);

    const cookies = (browser: Browser) => ({ cookie: [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; ') });
    const { payload, contentType } = await formBody({ file: { data: image, name: 'burger.webp' }, alt_text: 'Bakje burger' });
    const asStaff = (browser: Browser, csrf: boolean) =>
      app.server.inject({
        method: 'POST',
        url: '/wp-json/wc/v3/media',
        headers: { 'content-type': contentType, ...cookies(browser), ...(csrf ? { 'x-csrf-token': browser.cookies.get('bakje_csrf')! } : {}) },
        payload,
      });
    expect((await asStaff(managerBrowser, false)).statusCode).toBe(403);
    const kitchen = await asStaff(kitchenBrowser, true);
    expect(kitchen.statusCode).toBe(403);
    expect(await mediaCount()).toBe(rows);
    const byManager = await asStaff(managerBrowser, true);
    expect(byManager.statusCode).toBe(201);
    expect(byManager.json()).toMatchObject({ alt_text: 'Bakje burger', mime_type: 'image/webp' });
    const listed = await app.server.inject({ method: 'GET', url: '/wp-json/wc/v3/media?uploaded=true', headers: cookies(managerBrowser) });
    expect(listed.statusCode).toBe(200);

    // The official client JSON-encodes `data`; its axiosConfig passes a FormData through instead (signed with OAuth 1.0a over HTTP).
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(await picture('jpeg', 400, 300))], { type: 'image/jpeg' }), 'stoofvlees.jpg');
    form.append('title', 'Product Image Stoofvlees');
    form.append('alt_text', 'Stoofvlees');
    const client = new WooCommerceRestApi({
      url: baseUrl,
      consumerKey: key.consumerKey,
      consumerSecret: key.consumerSecret,
      version: 'wc/v3',
      axiosConfig: { data: form, headers: { Accept: 'application/json' } },
    });
    const sent = await client.post('media', {});
    expect(sent.status).toBe(201);
    expect(sent.data).toMatchObject({ title: { raw: 'Product Image Stoofvlees' }, alt_text: 'Stoofvlees', mime_type: 'image/jpeg' });
    const reader = new WooCommerceRestApi({ url: baseUrl, consumerKey: key.consumerKey, consumerSecret: key.consumerSecret, version: 'wc/v3' });
    const read = await reader.get(`media/${sent.data.id}`);
    expect(read.data.src).toBe(sent.data.src);
    const list = await reader.get('media', { per_page: 1 });
    expect(Number(list.headers['x-wp-totalpages'])).toBe(await mediaCount());
  });

  it('also takes the file as the whole body, named by Content-Disposition (WordPress)', async () => {
    const response = await app.server.inject({
      method: 'POST',
      url: '/wp-json/wp/v2/media?alt_text=Samurai&title=Product%20Image%20Samurai',
      headers: { authorization: basic(key), 'content-type': 'image/jpeg', 'content-disposition': 'attachment; filename="samurai.jpg"' },
      payload: await picture('webp', 200, 150),
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ name: 'samurai.jpg', mime_type: 'image/webp', alt_text: 'Samurai', title: { raw: 'Product Image Samurai' } });
  });

  it('updates alt text and title (POST /media/{id}) and deletes with force=true, files and all', async () => {
    const created = (await upload({ data: await picture('png', 120, 90), name: 'weg.png' })).json<MediaItemRest>();
    const url = `/wp-json/wp/v2/media/${created.id}`;
    const headers = { authorization: basic(key), 'content-type': 'application/json' };
    const updated = await app.server.inject({ method: 'POST', url, headers, payload: { alt_text: 'Nieuwe tekst', title: { raw: 'Addon Option Image' } } });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ alt_text: 'Nieuwe tekst', title: { raw: 'Addon Option Image' }, src: created.src });
    const bad = await app.server.inject({ method: 'PUT', url, headers, payload: { alt_text: 'x'.repeat(501) } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data.params).toEqual(['alt_text']);
    const nul = await app.server.inject({ method: 'PATCH', url, headers, payload: { alt_text: 'a\u0000b' } });
    expect(nul.statusCode).toBe(400);
    expect(nul.json().code).toBe('rest_invalid_param');
    const folder = path.join(mediaDir, parseUploadedSrc(created.src)!.base.split('/').pop()!);
    expect(fs.existsSync(folder)).toBe(true);
    const notForced = await app.server.inject({ method: 'DELETE', url, headers: { authorization: basic(key) } });
    expect(notForced.statusCode).toBe(400);
    const deleted = await app.server.inject({ method: 'DELETE', url: `${url}?force=true`, headers: { authorization: basic(key) } });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toMatchObject({ deleted: true, previous: { id: created.id } });
    expect((await app.server.inject({ method: 'GET', url, headers: { authorization: basic(key) } })).statusCode).toBe(404);
    expect(fs.existsSync(folder)).toBe(false);
    expect((await fetchFile(created.src)).statusCode).toBe(404);
  });

  it('GraphQL MediaItem gives sourceUrl(size:), srcSet, sizes and mediaDetails', async () => {
    const created = (await upload({ data: await picture('jpeg', 1000, 750), name: 'kroket.jpg' }, { alt_text: 'Kroket' })).json<MediaItemRest>();
    await aProduct(testDb.database.db, { slug: 'kroket', name: { nl: 'Kroket' }, imageId: created.id });
    await catalogCaughtUp(app, testDb.database);
    const result = await graphql(
      app,
      `
        {
          product(id: "kroket", idType: SLUG) {
            image {
              sourceUrl
              thumb: sourceUrl(size: THUMBNAIL)
              large: sourceUrl(size: LARGE)
              srcSet
              sizes
              mediaDetails {
                width
                height
                sizes {
                  name
                  sourceUrl
                  width
                  height
                  mimeType
                }
              }
            }
          }
        }
      `,
    );
    expect(result.body.errors).toBeUndefined();
    const image = result.body.data.product.image;
    const base = parseUploadedSrc(created.src)!.base.replace('http://localhost:0', '');
    expect(image.sourceUrl).toBe(`${base}/1000x750.jpg`);
    expect(image.thumb).toBe(`${base}/160.jpg`);
    expect(image.large).toBe(`${base}/1000x750.jpg`);
    expect(image.srcSet).toBe(`${base}/160.jpg 160w, ${base}/320.jpg 320w, ${base}/640.jpg 640w, ${base}/full.jpg 1000w`);
    expect(image.sizes).toMatch(/1000px/);
    expect(image.mediaDetails).toMatchObject({ width: 1000, height: 750 });
    expect(image.mediaDetails.sizes).toContainEqual({ name: 'medium', sourceUrl: `${base}/320.jpg`, width: '320', height: '240', mimeType: 'image/jpeg' });
  });
});
