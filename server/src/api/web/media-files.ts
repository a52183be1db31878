import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import send from '@fastify/send';
import { MEDIA_WIDTHS, type MediaFormat } from '@bakje/contract';
import type { MediaService } from '../../modules/media/media-service.js';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const NEGOTIATED = new RegExp(`^(${MEDIA_WIDTHS.join('|')}|full)$`);
const ORIGINAL = /^\d{1,5}x\d{1,5}\.(jpg|png|webp|avif)$/;
const VIDEO = /^video\.(mp4|webm)$/;
const YEAR_MS = 365 * 24 * 3600 * 1000;

/**
 * Uploaded images and their resized copies (docs/decisions/0024-media.md): `/media/u/<hash>/<name>`, where
 * the content hash makes every URL immutable. `<w>.<format>` is explicit (what `<picture>`/`srcset` use);
 * `<w>` alone picks AVIF, WebP or the original's format from the Accept header.
 */
export function registerMediaFiles(app: FastifyInstance, deps: { media: MediaService }) {
  const notFound = { code: 'rest_no_route', message: 'No route was found matching the URL and request method.', data: { status: 404 } };
  app.get<{ Params: { hash: string; file: string } }>('/media/u/:hash/:file', async (request, reply) => {
    const { hash, file } = request.params;
    let name = file;
    if (NEGOTIATED.test(file)) {
      const accept = request.headers.accept ?? '';
      const ownFormat = await originalFormat(deps.media, hash);
      if (!ownFormat) return reply.code(404).send(notFound);
      const format: MediaFormat = /image\/avif/.test(accept) ? 'avif' : /image\/webp/.test(accept) ? 'webp' : ownFormat;
      name = `${file}.${format}`;
      reply.header('vary', 'Accept');
    }
    const found = await deps.media.file(hash, name);
    if (!found) return reply.code(404).send(notFound);
    if (VIDEO.test(name)) {
      // Browsers fetch video in byte ranges (seeking, and Safari at all): @fastify/send answers Range and If-Range
      // with 206, a range past the end with 416 and Content-Range "bytes */size", and sends Accept-Ranges.
      const sent = await send(request.raw, `/${name}`, { root: path.dirname(found.path), maxAge: YEAR_MS, immutable: true, acceptRanges: true });
      if (sent.type === 'error') {
        sent.stream.destroy();
        const status = sent.statusCode === 416 ? 416 : 404;
        const body =
          status === 416 ? { code: 'rest_range_not_satisfiable', message: 'The requested range is outside the file.', data: { status: 416 } } : notFound;
        if (sent.headers['Content-Range']) reply.header('content-range', sent.headers['Content-Range']);
        return reply.code(status).header('accept-ranges', 'bytes').send(body);
      }
      if (sent.type !== 'file') return reply.code(404).send(notFound);
      return reply
        .code(sent.statusCode)
        .headers(sent.headers)
        .header('content-type', found.contentType)
        .header('x-content-type-options', 'nosniff')
        .send(sent.stream);
    }
    const stat = await fs.promises.stat(found.path);
    return reply
      .header('content-type', found.contentType)
      .header('content-length', String(stat.size))
      .header('cache-control', IMMUTABLE)
      .header('x-content-type-options', 'nosniff')
      .send(fs.createReadStream(found.path));
  });
}

async function originalFormat(media: MediaService, hash: string): Promise<MediaFormat | undefined> {
  const name = await media.originalName(hash);
  const match = name ? ORIGINAL.exec(name) : null;
  return match ? (match[1] as MediaFormat) : undefined;
}
