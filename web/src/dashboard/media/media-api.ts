import type { MediaItemRest, MediaRefusal } from '@bakje/contract';
import { MEDIA_ACCEPTED_IMAGE_TYPES, MEDIA_ACCEPTED_VIDEO_TYPES } from '@bakje/contract/media';
import { csrfToken } from '../../api/client';
import { http, HttpError, NETWORK_FAILURE } from '../../api/http';

/** The store API's media routes (docs/decisions/0024-media.md); the dashboard calls them with its session cookie. */
export const MEDIA_BASE = '/wp-json/wc/v3/media';
export const ACCEPTED_TYPES = MEDIA_ACCEPTED_IMAGE_TYPES;
/** The library page and the kiosk's attract loop also take videos (docs/decisions/0049-kiosk-video-suggestions-keyboard.md). */
export const ACCEPTED_MEDIA_TYPES = `${MEDIA_ACCEPTED_IMAGE_TYPES},${MEDIA_ACCEPTED_VIDEO_TYPES}`;

/** A video of the library (stored as `/media/u/<hash>/video.<format>`), by its type or its address. */
export const isVideo = (item: { mime_type?: string; src: string }) =>
  item.mime_type ? item.mime_type.startsWith('video/') : /\/video\.(mp4|webm)$/.test(item.src);

/** A refused upload: the server's reason key (or `too_large` for a body it would not read), for a translated text. */
export class MediaUploadError extends HttpError {
  constructor(
    message: string,
    status: number,
    readonly reason: MediaRefusal | 'failed',
  ) {
    super(message, status, status === 0 ? undefined : 'MEDIA_FILE_INVALID');
  }
}

async function send(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, { credentials: 'same-origin', ...init });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new HttpError(NETWORK_FAILURE, 0);
  }
}

async function failure(response: Response): Promise<HttpError> {
  const body = (await response.json().catch(() => null)) as { code?: string; message?: string; data?: { code?: string; reason?: MediaRefusal } } | null;
  const message = body?.message ?? `HTTP ${response.status}`;
  if (response.status === 413) return new MediaUploadError(message, 413, 'too_large');
  if (body?.data?.code === 'MEDIA_FILE_INVALID') return new MediaUploadError(message, response.status, body.data.reason ?? 'unsupported');
  return new HttpError(message, response.status, body?.data?.code ?? body?.code);
}

/** What an uploaded image is for: it names the image in the library as docs/interfaces.md §2 says. */
export type MediaPurpose = 'product' | 'addonOption' | 'other';

/** The title sent with an upload: "Product Image {alt}", "Addon Option Image", or none (the server uses the file name). */
export function mediaTitle(purpose: MediaPurpose, altText: string): string | undefined {
  if (purpose === 'product') return `Product Image ${altText.trim()}`.trim();
  if (purpose === 'addonOption') return 'Addon Option Image';
  return undefined;
}

/** Uploads one image or video with its alt text (the browser streams the file); the server checks it by content and answers the stored image. */
export async function uploadMedia(file: File, altText: string, title?: string): Promise<MediaItemRest> {
  const form = new FormData();
  form.append('file', file, file.name);
  form.append('alt_text', altText);
  if (title) form.append('title', title);
  const csrf = csrfToken();
  const response = await send(MEDIA_BASE, { method: 'POST', body: form, headers: { accept: 'application/json', ...(csrf ? { 'x-csrf-token': csrf } : {}) } });
  if (!response.ok) throw await failure(response);
  return (await response.json()) as MediaItemRest;
}

export interface MediaPage {
  items: MediaItemRest[];
  total: number;
  totalPages: number;
}

/**
 * One page of the library, newest first, with the paging headers of the store API: uploads and the pictures
 * the shop came with (the demo's), so an owner can put a shipped picture back or reuse it (issue 31).
 */
export async function listMedia(options: {
  page: number;
  perPage: number;
  search: string;
  /** Only images (product pickers) or only videos; both when absent. */
  mediaType?: 'image' | 'video';
  signal?: AbortSignal;
}): Promise<MediaPage> {
  const query = new URLSearchParams({ page: String(options.page), per_page: String(options.perPage) });
  if (options.mediaType) query.set('media_type', options.mediaType);
  if (options.search.trim()) query.set('search', options.search.trim());
  const response = await send(`${MEDIA_BASE}?${query}`, { headers: { accept: 'application/json' }, signal: options.signal });
  if (!response.ok) throw await failure(response);
  return {
    items: (await response.json()) as MediaItemRest[],
    total: Number(response.headers.get('x-wp-total') ?? 0),
    totalPages: Number(response.headers.get('x-wp-totalpages') ?? 0),
  };
}

export const mediaKey = ['dashboard', 'media'] as const;

/** Changes an image's alt text and title (WordPress: POST /media/{id}); the file itself never changes. */
export const updateMedia = (id: number, change: { alt_text: string; title: string }) => http<MediaItemRest>('POST', `${MEDIA_BASE}/${id}`, { body: change });

/** Deletes an image for good; products and categories using it lose it. */
export const deleteMedia = (id: number) => http<{ deleted: boolean }>('DELETE', `${MEDIA_BASE}/${id}?force=true`);
