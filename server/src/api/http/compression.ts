import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import type { FastifyInstance, FastifyReply } from 'fastify';

/** The encodings Bakje sends, best first (docs/decisions/0035-compression-and-caching.md). */
export type ContentEncoding = 'br' | 'gzip';

/** Below this a compressed answer saves less than the headers and the work cost. */
export const MIN_COMPRESSED_BYTES = 1024;

/**
 * On the fly, speed matters more than the last percent: brotli quality 4 is about as fast as gzip level 6
 * and still smaller. Static assets are compressed at build time at the highest levels (web/vite.config.ts).
 */
const BROTLI_QUALITY = 4;
const GZIP_LEVEL = 6;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Text formats; images, fonts (woff2) and archives are already compressed. Event streams are hijacked (api/events/sse.ts). */
const COMPRESSIBLE = /^(text\/(?!event-stream)|application\/(json|javascript|xml|graphql-response\+json|manifest\+json|[\w.-]+\+(json|xml))|image\/svg\+xml)/i;

const negotiator = new Negotiator({ supportedValues: ['br', 'gzip', 'identity'] });

/** The encoding to answer with for this Accept-Encoding header (q-values honoured; none or identity: undefined). */
export function preferredEncoding(acceptEncoding: string | string[] | undefined): ContentEncoding | undefined {
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : acceptEncoding;
  if (!header) return undefined;
  const chosen = negotiator.negotiate(header.toLowerCase());
  return chosen === 'br' || chosen === 'gzip' ? chosen : undefined;
}

export function isCompressible(contentType: unknown): boolean {
  return typeof contentType === 'string' && COMPRESSIBLE.test(contentType);
}

export function compressBody(body: string | Buffer, encoding: ContentEncoding): Promise<Buffer> {
  const input = typeof body === 'string' ? Buffer.from(body) : body;
  if (encoding === 'br') {
    return brotli(input, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: input.length,
      },
    });
  }
  return gzip(input, { level: GZIP_LEVEL });
}

/** Adds a field to Vary once. */
export function addVary(reply: FastifyReply, field: string): void {
  const current = reply.getHeader('vary');
  const fields = (Array.isArray(current) ? current.join(',') : String(current ?? ''))
    .split(',')
    .map((f) => f.trim())
    .filter(Boolean);
  if (fields.includes('*') || fields.some((f) => f.toLowerCase() === field.toLowerCase())) return;
  reply.header('vary', [...fields, field].join(', '));
}

/**
 * Compresses every text answer built in memory (strings and buffers: JSON, GraphQL, HTML) above
 * MIN_COMPRESSED_BYTES in the encoding the client prefers. Streams pass untouched: the web app's files are
 * precompressed at build and served as .br/.gz (api/web/spa.ts), media are images, and the event streams
 * bypass the reply entirely. An answer that already has a Content-Encoding (the catalogue's cached bytes)
 * is left alone.
 */
export function registerCompression(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    if (reply.hasHeader('content-encoding') || reply.statusCode === 204 || reply.statusCode === 304) return payload;
    if (!isCompressible(reply.getHeader('content-type'))) return payload;
    const size = typeof payload === 'string' ? Buffer.byteLength(payload) : payload.length;
    if (size < MIN_COMPRESSED_BYTES) return payload;
    addVary(reply, 'accept-encoding');
    const encoding = preferredEncoding(request.headers['accept-encoding']);
    if (!encoding) return payload;
    const compressed = await compressBody(payload, encoding);
    reply.header('content-encoding', encoding);
    reply.removeHeader('content-length');
    return compressed;
  });
}
