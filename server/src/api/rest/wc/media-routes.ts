import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import fastifyMultipart from '@fastify/multipart';
import { z } from 'zod';
import type { MediaItemRest } from '@bakje/contract';
import { canRead, canWrite, type ApiKeyService } from '../../../modules/api-keys/api-key-service.js';
import type { MediaRecord, MediaService } from '../../../modules/media/media-service.js';
import { sizesOf } from '../../../modules/media/media-sizes.js';
import { fileProblem } from '../../../modules/media/image-processing.js';
import { can } from '../../../modules/auth/permissions.js';
import { DomainError } from '../../../errors/domain-error.js';
import { staffRefusal } from '../../http/viewer.js';
import { boolQuery, idParams, lastValue, optionalBody } from '../../http/route-schemas.js';
import { unstorableTextProblem } from '../../http/unstorable-text.js';
import { authenticate } from './auth.js';
import { authError } from './errors.js';
import { wooCommerceErrorHandler } from './error-reply.js';
import { pageOf, pageQuery, pagingHeaders } from './paging.js';
import { WC_PREFIX } from './register.js';

/** WordPress's own media route; the store API's `POST /media` (docs/interfaces.md §2) is served under both it and the store API base. */
export const WP_PREFIX = '/wp-json/wp/v2';

/** Room for the form fields and multipart framing around the largest accepted file. */
const FORM_OVERHEAD = 64 * 1024;
const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The WordPress media shape (docs/interfaces.md §2): absolute URLs, the sizes Bakje serves. */
export function mediaShape(row: MediaRecord, siteUrl: string): MediaItemRest {
  const absolute = (url: string) => (/^https?:\/\//.test(url) ? url : `${siteUrl}${url}`);
  const created = row.createdAt.toISOString().slice(0, 19);
  const sizes = Object.fromEntries(
    sizesOf(row.src).map((s) => [
      s.name,
      { file: s.url.split('/').pop()!, width: s.width, height: s.height, mime_type: s.mimeType, source_url: absolute(s.url) },
    ]),
  );
  return {
    id: row.id,
    date_created: created,
    date_created_gmt: created,
    title: { rendered: row.title, raw: row.title },
    alt_text: row.altText,
    media_type: row.mimeType.startsWith('image/') ? 'image' : 'file',
    mime_type: row.mimeType,
    source_url: absolute(row.src),
    src: absolute(row.src),
    name: row.fileName ?? row.src.split('/').pop() ?? '',
    media_details: { width: row.width, height: row.height, file: row.src.replace(/^\/media\//, ''), filesize: row.fileSize, sizes },
  };
}

const updateBody = z.object({
  alt_text: z.string().max(500).optional(),
  title: z.union([z.string().max(500), z.object({ raw: z.string().max(500).optional() })]).optional(),
});

const listQuery = z.object({ ...pageQuery, search: lastValue.optional(), uploaded: lastValue.optional(), media_type: z.enum(['image', 'video']).optional() });

/**
 * Who may use the media routes: an API key (Basic, query string or OAuth 1.0a, as the rest of the store
 * API) with read or write scope, or a signed-in staff member with `products.manage` (the dashboard; the
 * CSRF header is checked for every cookie request by api/http/viewer.ts).
 */
async function authorize(request: FastifyRequest, deps: { keys: ApiKeyService; siteUrl: string; clock: () => Date }) {
  const reading = READ_METHODS.has(request.method);
  const principal = await authenticate(request, deps);
  if (principal) {
    if (reading && !canRead(principal.scope)) throw authError('The API key provided does not have read permissions.');
    if (!reading && !canWrite(principal.scope)) throw authError('The API key provided does not have write permissions.');
    request.restPrincipal = principal;
    if (principal.keyId !== null) await deps.keys.touch(principal.keyId);
    return;
  }
  const viewer = await request.viewer();
  if (viewer.kind === 'staff') {
    if (can(viewer.role, 'products.manage')) return;
    throw await staffRefusal(request, 'products.manage');
  }
  throw new DomainError('API_KEY_REQUIRED', reading ? 'Sorry, you cannot list resources.' : 'Sorry, you are not allowed to upload media on this site.');
}

/** The media routes (upload, list, read, update, delete) under /wp-json/wc/v3 and /wp-json/wp/v2 (docs/decisions/0024-media.md). */
export async function registerMediaRoutes(app: FastifyInstance, deps: { media: MediaService; keys: ApiKeyService; siteUrl: string; clock: () => Date }) {
  const maxBytes = deps.media.settings.maxBytes;
  // Videos are larger than images: the form may carry either, and the service applies each kind's own limit
  // (one byte more reaches it, so it counts the file as too large rather than the reader cutting it off).
  const largest = deps.media.largestFile;
  for (const prefix of [WC_PREFIX, WP_PREFIX]) {
    await app.register(
      async (scope) => {
        await scope.register(fastifyMultipart, {
          limits: { fileSize: largest + 1, files: 1, fields: 10, fieldSize: 2_000, parts: 12, headerPairs: 100 },
        });
        // WordPress also takes the file as the whole body, named by Content-Disposition.
        // A body held in memory: images, and small videos sent this way (the dashboard streams its form instead).
        scope.addContentTypeParser(
          /^(image\/|video\/|application\/octet-stream)/,
          { parseAs: 'buffer', bodyLimit: maxBytes + FORM_OVERHEAD },
          (_request, body, done) => done(null, body),
        );
        scope.addHook('onRequest', async (request, reply) => {
          await authorize(request, deps);
          const length = Number(request.headers['content-length'] ?? 0);
          if (length > (/^multipart\//i.test(request.headers['content-type'] ?? '') ? largest : maxBytes) + FORM_OVERHEAD) {
            // Refused before a byte of the body is read; the connection is closed rather than drained.
            reply.header('connection', 'close');
            return reply.code(413).send({ code: 'rest_request_too_large', message: 'The request body is too large.', data: { status: 413 } });
          }
        });
        scope.addHook('preValidation', async (request) => {
          // An uploaded file's bytes (a Buffer) are not text; a JSON body (alt text, title) is.
          const body = Buffer.isBuffer(request.body) ? undefined : request.body;
          const problem = unstorableTextProblem(request.query) ?? unstorableTextProblem(request.params) ?? unstorableTextProblem(body);
          if (problem) throw new DomainError('INVALID_INPUT', `Invalid parameter(s): ${problem}`);
        });
        scope.setErrorHandler(wooCommerceErrorHandler);
        const api = scope.withTypeProvider<ZodTypeProvider>();

        api.post('/media', async (request, reply) => {
          const row = request.isMultipart() ? await uploadForm(request, deps.media) : await deps.media.upload(rawUpload(request));
          const shape = mediaShape(row, deps.siteUrl);
          return reply.code(201).header('location', `${deps.siteUrl}${prefix}/media/${row.id}`).send(shape);
        });

        api.get('/media', { schema: { querystring: listQuery } }, async (request, reply) => {
          const page = pageOf(request.query);
          const uploadedOnly = request.query.uploaded === 'true' || request.query.uploaded === '1';
          const { rows, total } = await deps.media.list({ ...page, search: request.query.search, uploadedOnly, mediaType: request.query.media_type });
          pagingHeaders(request, reply, page, total);
          return rows.map((row) => mediaShape(row, deps.siteUrl));
        });

        api.get('/media/:id', { schema: { params: idParams } }, async (request) => mediaShape(await deps.media.get(request.params.id), deps.siteUrl));

        // WordPress updates alt text and title with POST (PUT and PATCH too); the file itself never changes.
        const update = { schema: { params: idParams, body: optionalBody(updateBody) } };
        const handleUpdate = async (request: { params: { id: number }; body: z.output<typeof updateBody> }) => {
          const title = typeof request.body.title === 'object' ? request.body.title?.raw : request.body.title;
          return mediaShape(await deps.media.update(request.params.id, { altText: request.body.alt_text, title }), deps.siteUrl);
        };
        api.post('/media/:id', update, handleUpdate);
        api.put('/media/:id', update, handleUpdate);
        api.patch('/media/:id', update, handleUpdate);

        // WordPress media has no trash: deleting needs force=true, and answers {deleted, previous}.
        api.delete('/media/:id', { schema: { params: idParams, querystring: z.object({ force: boolQuery.optional() }) } }, async (request) => {
          if (request.query.force !== true) {
            throw new DomainError('INVALID_INPUT', 'Invalid parameter(s): force (images cannot be trashed; set force=true to delete)', { params: ['force'] });
          }
          const row = await deps.media.delete(request.params.id);
          return { deleted: true, previous: mediaShape(row, deps.siteUrl) };
        });
      },
      { prefix },
    );
  }
}

const noFile = () => fileProblem('missing', 'no file was sent; send it as the form field "file"');

/**
 * The multipart form: `file` plus the optional `title` and `alt_text`. The file is handed to the media service
 * as it streams in (a video goes to disk, never whole into memory). Fields sent before the file go with it;
 * `title` or `alt_text` after it are applied as a change. A form that fails after the file was stored (a second
 * file, a bad field) removes it again: a refused request leaves nothing behind.
 */
async function uploadForm(request: FastifyRequest, media: MediaService): Promise<MediaRecord> {
  let stored: MediaRecord | undefined;
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file') {
          await part.toBuffer().catch(() => undefined);
          throw new DomainError('INVALID_INPUT', `Invalid parameter(s): ${part.fieldname.slice(0, 40)} (send the image as the form field "file")`, {
            params: ['file'],
          });
        }
        stored = await media.uploadStream(part.file, { fileName: part.filename, title: fields.title, altText: fields.alt_text });
      } else if (typeof part.value === 'string') {
        if (stored && (part.fieldname === 'title' || part.fieldname === 'alt_text')) {
          // Already stored without it: apply it as a change, as a later POST /media/{id} would.
          stored = await media.update(stored.id, part.fieldname === 'title' ? { title: part.value } : { altText: part.value });
        }
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    if (stored) await media.delete(stored.id).catch(() => undefined);
    if (error instanceof DomainError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw media.tooBig('video');
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw new DomainError('INVALID_INPUT', 'Invalid parameter(s): file (send one file with at most the fields title and alt_text)', { params: ['file'] });
    }
    throw new DomainError('INVALID_INPUT', 'Invalid parameter(s): file (the form could not be read)', { params: ['file'] });
  }
  if (!stored) throw noFile();
  return stored;
}

/** WordPress's other way: the file is the body, its name in Content-Disposition, title and alt_text in the query. */
function rawUpload(request: FastifyRequest) {
  const body = request.body;
  if (!Buffer.isBuffer(body)) throw noFile();
  const disposition = request.headers['content-disposition'] ?? '';
  const fileName = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition)?.[1] ?? '';
  const query = request.query as Record<string, unknown>;
  const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
  return { data: body, fileName: decodeURIComponentSafe(fileName), title: text(query.title), altText: text(query.alt_text) };
}

function decodeURIComponentSafe(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
