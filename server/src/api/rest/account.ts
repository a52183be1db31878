import { SHOP_LANGUAGE, newStaffInput, staffLanguageInput, type AuthSession, type CreatedStaff, type LocalMail } from '@bakje/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.js';
import { DomainError } from '../../errors/domain-error.js';
import { createAccount, findUser, setStaffLanguage, staffLanguageOf } from '../../modules/auth/accounts.js';
import type { AuthService } from '../../modules/auth/auth-service.js';
import { permissionsOf } from '../../modules/auth/permissions.js';
import { listStaff } from '../../modules/dashboard/staff-list.js';
import { latestLocalMails } from '../../modules/mail/local-mailbox.js';
import { idParams } from '../http/route-schemas.js';
import { requireStaff } from '../http/viewer.js';

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
      viewer: {
        ...viewer,
        email: user?.email,
        firstName: user?.firstName,
        username: user?.username,
        ...(viewer.kind === 'staff' ? { language: staffLanguageOf(user?.staffLang ?? null) ?? SHOP_LANGUAGE } : {}),
      },
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

  /** The language of one's own screens and staff mails (any staff role; null: the shop's). */
  app.put('/api/auth/language', { preValidation: requireStaff('kitchen.view'), schema: { body: staffLanguageInput } }, async (request, reply) => {
    const viewer = await request.viewer();
    if (viewer.kind !== 'staff') throw new DomainError('STAFF_LOGIN_REQUIRED', 'Log in as staff.');
    await setStaffLanguage(deps.db, viewer.id, request.body.language, (deps.clock ?? (() => new Date()))());
    return reply.code(204).send();
  });

  /** An admin sets a staff member's language (a new colleague who reads French). */
  app.put(
    '/api/staff/users/:id/language',
    { preValidation: requireStaff('staff.manage'), schema: { params: idParams, body: staffLanguageInput } },
    async (request, reply) => {
      await setStaffLanguage(deps.db, request.params.id, request.body.language, (deps.clock ?? (() => new Date()))());
      return reply.code(204).send();
    },
  );

  /** Ends every session of a staff member or customer at once (lost phone, someone left). */
  app.post('/api/staff/users/:id/revoke-sessions', { preValidation: requireStaff('staff.manage'), schema: { params: idParams } }, async (request) => {
    const user = await findUser(deps.db, request.params.id);
    if (!user) throw new DomainError('USER_NOT_FOUND', 'No such user.');
    return { revoked: await deps.auth.sessions.revokeAllFor(user.id) };
  });

  if (!deps.localMailbox) return;

  /** Demo mode: the mails that would have gone out over SMTP (they hold reset links, hence staff only). */
  app.get('/api/dev/mailbox', { preValidation: requireStaff('mailbox.read') }, async (_request, reply): Promise<LocalMail[]> => {
    reply.header('cache-control', 'no-store');
    return (await latestLocalMails(deps.db)).map((m) => ({ id: m.id, to: m.to, subject: m.subject, text: m.text, receivedAt: m.receivedAt.toISOString() }));
  });

  // The mailbox is a dashboard page (staff language, login redirect); the old address leads there.
  app.get('/dev/mailbox', async (_request, reply) => reply.redirect('/dashboard/mailbox', 302));
}
