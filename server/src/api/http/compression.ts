import { pipeline, Readable, type Transform } from 'node:stream';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import type { FastifyInstance, FastifyReply } from 'fastify';

/** The encodings Bakje sends, best first (docs/decisions/0035-compression-and-caching.md). */
export type ContentEncoding = 'br' | 'gzip';

/**
 * Below this a compressed answer saves less than the headers and the work cost. From 512 bytes brotli takes
 * 30-50 % off text (the shop's small SVG icons and settings answers: about 2 KB of a first visit).
 */
export const MIN_COMPRESSED_BYTES = 512;

/**
 * On the fly, speed matters more than the last percent: brotli quality 4 is about as fast as gzip level 6
 * and still smaller. An answer compressed once and kept (a cached catalogue answer) gets quality 6: on the
 * demo menu (62 KB of JSON) 6.8 KB instead of 7.3 KB, made once per catalogue version. Static assets are
 * compressed at build time at the highest levels (web/vite.config.ts).
 */
const SETTINGS = {
  onTheFly: { brotliQuality: 4, gzipLevel: 6 },
  kept: { brotliQuality: 6, gzipLevel: 9 },
} as const;
export type CompressionUse = keyof typeof SETTINGS;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Text formats; images, fonts (woff2) and archives are already compressed. Event streams are hijacked (api/events/sse.ts). */
const COMPRESSIBLE = /^(text\/(?!event-stream)|application\/(json|javascript|xml|graphql-response\+json|manifest\+json|[\w.-]+\+(json|xml))|image\/svg\+xml)/i;

const negotiator = new Negotiator({ supportedValues: ['br', 'gzip', 'identity'] });

/**
 * Answers per Accept-Encoding value: browsers send one or two distinct values, so each is negotiated once
 * (decision 0057). Bounded: a client sending a new value each time only makes the table start again.
 */
const negotiated = new Map<string, ContentEncoding | undefined>();
const MAX_NEGOTIATED = 64;

/** The encoding to answer with for this Accept-Encoding header (q-values honoured; none or identity: undefined). */
export function preferredEncoding(acceptEncoding: string | string[] | undefined): ContentEncoding | undefined {
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : acceptEncoding;
  if (!header) return undefined;
  if (negotiated.has(header)) return negotiated.get(header);
  const chosen = negotiator.negotiate(header.toLowerCase());
  const encoding = chosen === 'br' || chosen === 'gzip' ? chosen : undefined;
  if (negotiated.size >= MAX_NEGOTIATED) negotiated.clear();
  negotiated.set(header, encoding);
  return encoding;
}

export function isCompressible(contentType: unknown): boolean {
  return typeof contentType === 'string' && COMPRESSIBLE.test(contentType);
}

function compressStream(encoding: ContentEncoding, size: number): Transform {
  return encoding === 'br'
    ? zlib.createBrotliCompress({
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: SETTINGS.onTheFly.brotliQuality,
          [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: size,
        },
      })
    : zlib.createGzip({ level: SETTINGS.onTheFly.gzipLevel });
}

/** A file sent as a stream (Readable with a known length): the demo pictures are SVG, text. */
function isFileStream(payload: unknown): payload is Readable {
  return payload instanceof Readable;
}

export function compressBody(body: string | Buffer, encoding: ContentEncoding, use: CompressionUse = 'onTheFly'): Promise<Buffer> {
  const input = typeof body === 'string' ? Buffer.from(body) : body;
  if (encoding === 'br') {
    return brotli(input, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: SETTINGS[use].brotliQuality,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: input.length,
      },
    });
  }
  return gzip(input, { level: SETTINGS[use].gzipLevel });
}

/** Adds a field to Vary once. */
export function addVary(reply: FastifyReply, field: string): void {
  const current = reply.getHeader('vary');
  // Most answers have none yet, or already this one field (decision 0057).
  if (current === undefined) {
    reply.header('vary', field);
    return;
  }
  if (current === field) return;
  const fields = (Array.isArray(current) ? current.join(',') : String(current ?? ''))
    .split(',')
    .map((f) => f.trim())
    .filter(Boolean);
  if (fields.includes('*') || fields.some((f) => f.toLowerCase() === field.toLowerCase())) return;
  reply.header('vary', [...fields, field].join(', '));
}

/**
 * Compresses every text answer of MIN_COMPRESSED_BYTES or more in the encoding the client prefers: built in
 * memory (JSON, GraphQL, HTML), or a file stream of known length (the SVG pictures under /media). The web
 * app's files come precompressed from the build (api/web/spa.ts) and so already have a Content-Encoding, as
 * do the catalogue's cached bytes: left alone. Images other than SVG are not text; event streams bypass the
 * reply entirely, so no event waits in a compressor's buffer.
 */
export function registerCompression(app: FastifyInstance): void {
  // A callback hook: an async one costs every answer a promise and a turn, and most answers are left as they
  // are (docs/decisions/0057-request-overhead.md).
  app.addHook('onSend', (request, reply, payload, done) => {
    const inMemory = typeof payload === 'string' || Buffer.isBuffer(payload);
    if (!inMemory && !isFileStream(payload)) return done(null, payload);
    // Only whole answers: a 206 range, a 304 or a 204 stays as it is.
    if (reply.hasHeader('content-encoding') || (reply.statusCode !== 200 && reply.statusCode < 400)) return done(null, payload);
    if (!isCompressible(reply.getHeader('content-type'))) return done(null, payload);
    // A stream of unknown length (an export being written) is left alone: it may be long-lived.
    const size = inMemory ? (typeof payload === 'string' ? Buffer.byteLength(payload) : payload.length) : Number(reply.getHeader('content-length') ?? 0);
    if (size < MIN_COMPRESSED_BYTES) return done(null, payload);
    addVary(reply, 'accept-encoding');
    const encoding = preferredEncoding(request.headers['accept-encoding']);
    if (!encoding) return done(null, payload);
    reply.header('content-encoding', encoding);
    reply.removeHeader('content-length');
    if (inMemory) {
      compressBody(payload, encoding).then((compressed) => done(null, compressed), done);
      return;
    }
    const compressor = compressStream(encoding, size);
    // A read error destroys the compressor too, so the answer ends instead of hanging.
    pipeline(payload as Readable, compressor, () => {});
    done(null, compressor);
  });
}
