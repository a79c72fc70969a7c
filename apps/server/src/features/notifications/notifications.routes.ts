import { notificationsOps, ROLE, ZUnsubscribeBody } from '@atrium/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { type AuthContext, access, caller } from '../../core/auth/access.ts';
import { withinOrganisation } from '../../core/auth/actor.ts';
import type { AppContext } from '../../core/context.ts';
import type { DbOrTx } from '../../core/db/database.ts';
import { conflict, notFound } from '../../core/errors/app-error.ts';
import { route } from '../../core/http/operation.ts';
import { toPage } from '../../core/http/pagination.ts';
import { organisations } from '../../schema/organisations.table.ts';
import { memberships } from '../../schema/users.table.ts';
import { countersFor } from './counters.ts';
import { typeDefinition } from './notification-types.ts';
import { listFor, markAllViewed, markViewed, unreadCounts } from './notifications.repository.ts';
import {
  organisationDefaultsOf,
  organisationRules,
  preferencesOf,
  updateOrganisationDefaults,
  updatePreferences,
} from './preferences.ts';
import { readUnsubscribeToken } from './unsubscribe-token.ts';

/** The organisation an admin's defaults request is about: theirs, or any for a superadmin. */
async function defaultsOrganisation(db: DbOrTx, auth: AuthContext, named?: number) {
  const id = named ?? auth.organisationId;
  if (!withinOrganisation(auth, id)) throw notFound('Organisation not found.');
  const [org] = await db
    .select({ id: organisations.id })
    .from(organisations)
    .where(eq(organisations.id, id));
  if (!org) throw notFound('Organisation not found.');
  return org.id;
}

async function unsubscribeState(ctx: AppContext, token: string) {
  const read = await readUnsubscribeToken(ctx, token);
  if (!read) throw notFound('This unsubscribe link is not valid.');
  const [member] = await ctx.db
    .select({ organisationId: memberships.organisationId })
    .from(memberships)
    .where(eq(memberships.userId, read.userId))
    .limit(1);
  if (!member) throw notFound('This unsubscribe link is not valid.');
  const rule = (await organisationRules(ctx.db, member.organisationId))[read.type].email;
  const prefs = await preferencesOf(ctx.db, read.userId, member.organisationId);
  const email = prefs.types.find((t) => t.type === read.type)!.channels.email;
  return {
    read,
    organisationId: member.organisationId,
    state: {
      type: read.type,
      label: typeDefinition(read.type).label,
      unsubscribed: email.frequency === 'off',
      forced: rule.state === 'forced',
    },
  };
}

export function registerNotificationRoutes(app: FastifyInstance, ctx: AppContext) {
  const own = access.authenticated();

  route(app, notificationsOps.list, { access: own }, async (request) => {
    const page = await listFor(ctx.db, caller(request).userId, request.query);
    return toPage(request.url, request.query, page.count, page.rows);
  });

  route(app, notificationsOps.markAllViewed, { access: own }, async (request) => {
    const auth = caller(request);
    const updated = await markAllViewed(ctx.db, auth.userId);
    await pushCounters(ctx, auth);
    return { updated };
  });

  route(app, notificationsOps.markViewed, { access: own }, async (request) => {
    const auth = caller(request);
    const item = await markViewed(ctx.db, auth.userId, request.params.id);
    if (!item) throw notFound('Notification not found.');
    await pushCounters(ctx, auth);
    return item;
  });

  route(app, notificationsOps.counters, { access: own }, async (request) =>
    countersFor(ctx.db, caller(request)),
  );

  route(app, notificationsOps.preferences, { access: own }, async (request) => {
    const auth = caller(request);
    return preferencesOf(ctx.db, auth.userId, auth.organisationId);
  });

  route(app, notificationsOps.updatePreferences, { access: own }, async (request) => {
    const auth = caller(request);
    await updatePreferences(ctx.db, auth.userId, auth.organisationId, request.body);
    return preferencesOf(ctx.db, auth.userId, auth.organisationId);
  });

  const admins = access.roles(ROLE.ADMIN);
  route(app, notificationsOps.organisationDefaults, { access: admins }, async (request) => {
    const id = await defaultsOrganisation(ctx.db, caller(request), request.query.organisation);
    return organisationDefaultsOf(ctx.db, id);
  });

  route(app, notificationsOps.updateOrganisationDefaults, { access: admins }, async (request) => {
    const id = await defaultsOrganisation(ctx.db, caller(request), request.query.organisation);
    await updateOrganisationDefaults(ctx.db, id, request.body.defaults);
    return organisationDefaultsOf(ctx.db, id);
  });

  route(app, notificationsOps.unsubscribeState, { access: access.public() }, async (request) => {
    return (await unsubscribeState(ctx, request.query.token)).state;
  });

  // Mail clients post the one-click form (RFC 8058) as application/x-www-form-urlencoded, which
  // no other route takes; read here as plain text, since the token in the query decides.
  route(
    app,
    notificationsOps.unsubscribe,
    {
      access: access.public(),
      bodyLimit: 1024,
      onRequest: async (request) => {
        const type = request.headers['content-type'] ?? '';
        if (type.startsWith('application/x-www-form-urlencoded')) {
          request.headers['content-type'] = 'text/plain';
        }
      },
      bodySchema: z.union([ZUnsubscribeBody, z.string().max(1024)]),
    },
    async (request) => {
      const found = await unsubscribeState(ctx, request.query.token);
      if (found.state.forced) {
        throw conflict('Your organisation requires these e-mails; they cannot be turned off.');
      }
      if (!found.state.unsubscribed) {
        await updatePreferences(ctx.db, found.read.userId, found.organisationId, {
          preferences: [{ type: found.read.type, channel: 'email', frequency: 'off' }],
        });
      }
      return { ...found.state, unsubscribed: true };
    },
  );
}

async function pushCounters(ctx: AppContext, auth: AuthContext) {
  try {
    const unread = await unreadCounts(ctx.db, [auth.userId]);
    await ctx.realtime.publish([auth.userId], {
      type: 'counters',
      data: { notifications: unread.get(auth.userId) ?? 0 },
    });
  } catch (err) {
    ctx.log.warn({ err }, 'counters could not be pushed live');
  }
}
