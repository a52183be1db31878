import { newStaffInput, type AuthSession, type CreatedStaff } from '@bakje/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.js';
import { DomainError } from '../../errors/domain-error.js';
import { createAccount, findUser } from '../../modules/auth/accounts.js';
import type { AuthService } from '../../modules/auth/auth-service.js';
import { permissionsOf } from '../../modules/auth/permissions.js';
import { listStaff } from '../../modules/dashboard/staff-list.js';
import { latestLocalMails } from '../../modules/mail/local-mailbox.js';
import { idParams } from '../http/route-schemas.js';
import { requireStaff } from '../http/viewer.js';

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Login-session and staff-account routes for the web app; thin over modules/auth. */
export function registerAccountRoutes(server: FastifyInstance, deps: { db: Db; auth: AuthService; localMailbox: boolean; clock?: () => Date }) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  /** Who is logged in, with their permissions: the web app routes staff and guards screens with it. */
  app.get('/api/auth/session', async (request, reply): Promise<AuthSession> => {
    reply.header('cache-control', 'no-store');
    const viewer = await request.viewer();
    if (viewer.kind === 'guest') return { viewer: { kind: 'guest' }, permissions: [] };
    const user = await findUser(deps.db, viewer.id);
    return {
      viewer: { ...viewer, email: user?.email, firstName: user?.firstName, username: user?.username },
      permissions: permissionsOf(viewer.kind === 'staff' ? viewer.role : 'customer'),
      // Demo mode only: the dashboard links to /dev/mailbox when it exists.
      localMailbox: deps.localMailbox,
    };
  });

  app.get('/api/staff/users', { preValidation: requireStaff('staff.manage') }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return listStaff(deps.db, (deps.clock ?? (() => new Date()))());
  });

  app.post('/api/staff/users', { preValidation: requireStaff('staff.manage'), schema: { body: newStaffInput } }, async (request, reply) => {
    const user = await createAccount(deps.db, request.body);
    const created: CreatedStaff = { id: user.id, email: user.email, username: user.username, role: request.body.role };
    return reply.code(201).send(created);
  });

  /** Ends every session of a staff member or customer at once (lost phone, someone left). */
  app.post('/api/staff/users/:id/revoke-sessions', { preValidation: requireStaff('staff.manage'), schema: { params: idParams } }, async (request) => {
    const user = await findUser(deps.db, request.params.id);
    if (!user) throw new DomainError('USER_NOT_FOUND', 'No such user.');
    return { revoked: await deps.auth.sessions.revokeAllFor(user.id) };
  });

  if (!deps.localMailbox) return;

  /** Demo mode: the mails that would have gone out over SMTP (they hold reset links, hence staff only). */
  app.get('/api/dev/mailbox', { preValidation: requireStaff('mailbox.read') }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return latestLocalMails(deps.db);
  });

  app.get('/dev/mailbox', { preValidation: requireStaff('mailbox.read') }, async (_request, reply) => {
    const mails = await latestLocalMails(deps.db);
    const items = mails
      .map(
        (m) =>
          `<article><h2>${escapeHtml(m.subject)}</h2><p class="meta">To: ${escapeHtml(m.to)} &middot; ${escapeHtml(m.receivedAt.toISOString())}</p><pre>${escapeHtml(
            m.text,
          ).replace(/(https?:\/\/[^\s<]+)/g, (url) => `<a href="${url}">${url}</a>`)}</pre></article>`,
      )
      .join('\n');
    reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'");
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Local mailbox</title><style>body{font-family:system-ui,sans-serif;max-width:50rem;margin:2rem auto;padding:0 1rem}article{border:1px solid #ccc;border-radius:6px;padding:0 1rem;margin:1rem 0}pre{white-space:pre-wrap}.meta{color:#555}</style></head><body><main><h1>Local mailbox</h1><p>${mails.length} mail(s). No SMTP server is configured (BAKJE_SMTP_URL), so mails are kept here.</p>${items || '<p>No mail yet.</p>'}</main></body></html>`;
  });
}
