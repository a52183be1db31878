import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MediaItemRest } from '@bakje/contract';
import * as t from '../src/db/schema/index.js';
import type { App } from '../src/app.js';
import { ApiKeyService, type CreatedApiKey } from '../src/modules/api-keys/api-key-service.js';
import { createTestDatabase, databaseKinds, type TestDatabase } from './support/database.js';
import { TEST_PEPPER, startTestApp } from './support/server.js';

/** A real 2-second H.264 MP4 of 96 x 64 pixels (ffmpeg's test pattern), the one the E2E spec uploads too. */
const MP4 = fs.readFileSync(path.resolve(import.meta.dirname, '../../e2e/fixtures/attract-loop.mp4'));
const VIDEO_LIMIT = 100_000;
const basic = (key: CreatedApiKey) => `Basic ${Buffer.from(`${key.consumerKey}:${key.consumerSecret}`).toString('base64')}`;

async function formBody(fields: Record<string, string | { data: Buffer; name: string; type?: string }>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === 'string') form.append(name, value);
    else form.append(name, new Blob([new Uint8Array(value.data)], { type: value.type ?? 'application/octet-stream' }), value.name);
  }
  const request = new Request('http://local/', { method: 'POST', body: form });
  return { payload: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get('content-type')! };
}

/** An MP4 box: 32-bit size, type, body. */
const box = (type: string, body: Buffer) => {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(8 + body.length);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, body]);
};

describe.each(databaseKinds)('video uploads and byte ranges (%s)', (kind) => {
  let testDb: TestDatabase;
  let app: App;
  let mediaDir: string;
  let key: CreatedApiKey;
  let baseUrl: string;

  beforeAll(async () => {
    testDb = await createTestDatabase(kind);
    mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bakje-video-'));
    key = await new ApiKeyService(testDb.database.db, () => TEST_PEPPER).create({ scope: 'read_write', description: 'video' });
    app = await startTestApp(testDb.database, {
      BAKJE_MEDIA_DIR: mediaDir,
      BAKJE_MEDIA_MAX_BYTES: '20000',
      BAKJE_MEDIA_MAX_VIDEO_BYTES: String(VIDEO_LIMIT),
    });
    await app.server.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(app.server.server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await app?.close();
    await testDb?.cleanup();
    if (mediaDir) fs.rmSync(mediaDir, { recursive: true, force: true });
  });

  const upload = async (file: { data: Buffer; name: string; type?: string }, extra: Record<string, string> = {}) => {
    const { payload, contentType } = await formBody({ title: 'Reclame', ...extra, file });
    return app.server.inject({ method: 'POST', url: '/wp-json/wc/v3/media', headers: { authorization: basic(key), 'content-type': contentType }, payload });
  };
  const get = (url: string, headers: Record<string, string> = {}) =>
    app.server.inject({ method: 'GET', url: new URL(url, baseUrl).pathname, headers: { ...headers } });
  const rows = async () => (await testDb.database.db.select().from(t.media)).length;
  const stored = () => fs.readdirSync(mediaDir).filter((f) => !f.startsWith('.'));
  const incoming = () => (fs.existsSync(path.join(mediaDir, '.incoming')) ? fs.readdirSync(path.join(mediaDir, '.incoming')) : []);

  async function expectRefused(response: Awaited<ReturnType<typeof upload>>, reason: string, text: RegExp) {
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'rest_upload_sideload_error', data: { status: 400, code: 'MEDIA_FILE_INVALID', params: ['file'], reason } });
    expect(response.json().message).toMatch(text);
  }

  let video: MediaItemRest;

  it('stores an MP4 as sent, recognised by its bytes whatever its name and sent type', async () => {
    const response = await upload({ data: MP4, name: 'reclame.bin', type: 'application/octet-stream' }, { alt_text: 'Onze frieten' });
    expect(response.statusCode).toBe(201);
    video = response.json<MediaItemRest>();
    expect(video).toMatchObject({ mime_type: 'video/mp4', media_type: 'file', alt_text: 'Onze frieten', title: { raw: 'Reclame' }, name: 'reclame.bin' });
    expect(video.src).toMatch(/^http:\/\/localhost:0\/media\/u\/[0-9a-f]{32}\/video\.mp4$/);
    expect(video.media_details).toMatchObject({ width: null, height: null, filesize: MP4.length, sizes: {} });
    const hash = /\/u\/([0-9a-f]{32})\//.exec(video.src)![1]!;
    expect(fs.readFileSync(path.join(mediaDir, hash, 'video.mp4')).equals(MP4)).toBe(true);
    expect(incoming()).toEqual([]);
  });

  it('serves it whole with Accept-Ranges and an immutable cache, and in byte ranges (206, suffix, open end, 416)', async () => {
    const whole = await get(video.src);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers).toMatchObject({ 'content-type': 'video/mp4', 'accept-ranges': 'bytes', 'content-length': String(MP4.length) });
    expect(whole.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(whole.rawPayload.equals(MP4)).toBe(true);

    const first = await get(video.src, { range: 'bytes=0-99' });
    expect(first.statusCode).toBe(206);
    expect(first.headers['content-range']).toBe(`bytes 0-99/${MP4.length}`);
    expect(first.headers['content-length']).toBe('100');
    expect(first.rawPayload.equals(MP4.subarray(0, 100))).toBe(true);

    const suffix = await get(video.src, { range: 'bytes=-500' });
    expect(suffix.statusCode).toBe(206);
    expect(suffix.headers['content-range']).toBe(`bytes ${MP4.length - 500}-${MP4.length - 1}/${MP4.length}`);
    expect(suffix.rawPayload.equals(MP4.subarray(MP4.length - 500))).toBe(true);

    const rest = await get(video.src, { range: 'bytes=1000-' });
    expect(rest.statusCode).toBe(206);
    expect(rest.rawPayload.equals(MP4.subarray(1000))).toBe(true);

    const beyond = await get(video.src, { range: `bytes=${MP4.length}-` });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${MP4.length}`);
    expect(beyond.json()).toMatchObject({ code: 'rest_range_not_satisfiable' });

    // A range the browser keeps from an older copy (If-Range no longer matching) gets the whole file.
    const stale = await get(video.src, { range: 'bytes=0-99', 'if-range': '"elders"' });
    expect(stale.statusCode).toBe(200);

    expect((await get(video.src.replace('video.mp4', 'video.webm'))).statusCode).toBe(404);
    expect((await get(video.src.replace('video.mp4', '640.jpg'))).statusCode).toBe(404);
  });

  it('streams a real HTTP upload to disk and lists videos apart from images', async () => {
    const form = new FormData();
    form.append('title', 'Over HTTP');
    form.append('file', new Blob([new Uint8Array(MP4)], { type: 'video/mp4' }), 'http.mp4');
    const response = await fetch(`${baseUrl}/wp-json/wc/v3/media`, { method: 'POST', headers: { authorization: basic(key) }, body: form });
    expect(response.status).toBe(201);
    const body = (await response.json()) as MediaItemRest;
    // The same bytes: the same stored file, a second library item.
    expect(body.src).toBe(video.src);
    expect(body.id).not.toBe(video.id);

    const list = async (query: string) =>
      (await app.server.inject({ method: 'GET', url: `/wp-json/wc/v3/media?uploaded=true&${query}`, headers: { authorization: basic(key) } })).json<
        MediaItemRest[]
      >();
    expect((await list('media_type=video')).map((m) => m.mime_type)).toEqual(['video/mp4', 'video/mp4']);
    expect((await list('media_type=image')).length).toBe(0);
    const bad = await app.server.inject({ method: 'GET', url: '/wp-json/wc/v3/media?media_type=audio', headers: { authorization: basic(key) } });
    expect(bad.statusCode).toBe(400);
  });

  it('refuses a renamed text file, a damaged or cut-off MP4, a QuickTime file, an empty file and one over the video limit, storing nothing', async () => {
    const before = { rows: await rows(), folders: stored().length };
    await expectRefused(
      await upload({ data: Buffer.from('Dit is geen video, alleen tekst.\n'.repeat(40)), name: 'reclame.mp4', type: 'video/mp4' }),
      'unsupported',
      /not a JPEG, PNG, WebP or AVIF/,
    );
    await expectRefused(
      await upload({ data: MP4.subarray(0, Math.floor(MP4.length / 2)), name: 'half.mp4', type: 'video/mp4' }),
      'video_broken',
      /incomplete or damaged/,
    );
    const ftyp = box('ftyp', Buffer.from('isom\0\0\x02\0isomiso2', 'latin1'));
    await expectRefused(await upload({ data: Buffer.concat([ftyp, Buffer.alloc(4000, 0x41)]), name: 'rommel.mp4' }), 'video_broken', /incomplete or damaged/);
    // Boxes that tile the file but hold no movie (no moov index): nothing a browser could play.
    await expectRefused(await upload({ data: Buffer.concat([ftyp, box('free', Buffer.alloc(200))]), name: 'leeg.mp4' }), 'video_broken', /incomplete/);
    const quicktime = Buffer.from(MP4);
    quicktime.write('qt  ', 8, 'latin1');
    await expectRefused(await upload({ data: quicktime, name: 'film.mov', type: 'video/quicktime' }), 'unsupported', /not a JPEG/);
    await expectRefused(await upload({ data: Buffer.alloc(0), name: 'leeg.mp4', type: 'video/mp4' }), 'empty', /empty/);
    const huge = Buffer.concat([ftyp, box('mdat', Buffer.alloc(VIDEO_LIMIT))]);
    await expectRefused(await upload({ data: huge, name: 'groot.mp4', type: 'video/mp4' }), 'video_too_large', /video is larger than 0\.1 MB/);
    // An image keeps its own, smaller limit even though the form may now carry a video.
    await expectRefused(await upload({ data: Buffer.alloc(30_000, 7), name: 'groot.jpg', type: 'image/jpeg' }), 'too_large', /image is larger than/);
    expect(await rows()).toBe(before.rows);
    expect(stored().length).toBe(before.folders);
    expect(incoming()).toEqual([]);
  });

  it('accepts a WebM by its EBML header and serves it in ranges', async () => {
    // EBML header with DocType "webm", then a Segment: enough for the signature and structure checks.
    const ebml = Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0x82, 0x84, ...Buffer.from('webm'), 0x42, 0x87, 0x81, 0x02]);
    const response = await upload({ data: Buffer.concat([ebml, Buffer.from([0x18, 0x53, 0x80, 0x67]), Buffer.alloc(500, 0)]), name: 'lus.webm' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ mime_type: 'video/webm' });
    const served = await get(response.json<MediaItemRest>().src, { range: 'bytes=0-3' });
    expect(served.statusCode).toBe(206);
    expect(served.headers['content-type']).toBe('video/webm');
  });

  it('deletes a video: the row, and its file once no other item uses the same bytes', async () => {
    const list = (
      await app.server.inject({ method: 'GET', url: '/wp-json/wc/v3/media?media_type=video&uploaded=true', headers: { authorization: basic(key) } })
    ).json<MediaItemRest[]>();
    const hash = /\/u\/([0-9a-f]{32})\//.exec(video.src)![1]!;
    for (const item of list.filter((m) => m.src === video.src)) {
      const deleted = await app.server.inject({ method: 'DELETE', url: `/wp-json/wc/v3/media/${item.id}?force=true`, headers: { authorization: basic(key) } });
      expect(deleted.statusCode).toBe(200);
    }
    expect(fs.existsSync(path.join(mediaDir, hash))).toBe(false);
    expect((await get(video.src)).statusCode).toBe(404);
  });
});
