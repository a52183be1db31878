import type { FastifyRequest } from 'fastify';
import { LOCALE_COOKIE, LOCALE_HEADER, pickLang, type Lang } from '../../modules/i18n/locale.js';

/**
 * The language of the screen that asked: the app's locale header (the staff member's chosen language on the
 * dashboard, decision 0071), else the locale cookie, else Accept-Language, else Dutch.
 */
export function requestLang(request: FastifyRequest): Lang {
  return pickLang(request.headers[LOCALE_HEADER] as string | undefined, request.cookies[LOCALE_COOKIE], request.headers['accept-language']);
}
