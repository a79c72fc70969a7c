import {
  CONTACT_HONEYPOT,
  ROLE,
  type TContactCreate,
  type TContactMessage,
  type TContactPage,
  type TContactUpdate,
  type ZContactQuery,
} from '@atrium/contract';
import { and, count, desc, eq, ilike, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Actor } from '../../core/auth/actor.ts';
import type { AppContext } from '../../core/context.ts';
import type { DbOrTx } from '../../core/db/database.ts';
import { runInTransaction } from '../../core/db/transaction.ts';
import { AppError, notFound } from '../../core/errors/app-error.ts';
import { boundedCount, COUNT_LIMIT, pageBounds, toPage } from '../../core/http/pagination.ts';
import { enqueue } from '../../core/jobs/queue.ts';
import { defineJob } from '../../core/module.ts';
import { organisations } from '../../schema/organisations.table.ts';
import { contactMessages } from '../../schema/support.table.ts';
import { memberships, users } from '../../schema/users.table.ts';
import { organisationBaseUrl, resolveOrganisation } from '../organisations/index.ts';
import { canWorkContact, inboxScope } from './support.policy.ts';

/**
 * The contact form (`/contactUs`): a message kept for the organisation it is addressed to and
 * mailed to its admins from the job queue (after the answer, so a slow mail server neither slows
 * the form nor loses the message: the job is retried). The admins' list and the handled mark.
 */

declare module '../../core/jobs/queue.ts' {
  interface JobTypes {
    /** Tell the message's organisation's admins that it came in. */
    'support.contact_received': { messageId: number };
  }
}

export const CONTACT_RECEIVED = 'Thank you. Your message has been sent.';
const NOT_FOUND = 'Contact message not found.';

/** Signed in: their organisation. Signed out: the one answering on this host, else the default. */
async function addressedTo(ctx: AppContext, actor: Actor | null, host: string): Promise<number> {
  if (actor) return actor.organisationId;
  const org = await resolveOrganisation(ctx.db, host);
  if (!org) throw new AppError(503, 'No organisation is set up to receive messages yet.');
  return org.id;
}

export async function sendContact(
  ctx: AppContext,
  actor: Actor | null,
  host: string,
  input: TContactCreate,
): Promise<{ detail: string }> {
  // A filled honeypot is a bot (people never see the field). It gets the very answer a person
  // gets, so it learns nothing to adapt to, but nothing is kept and nobody is mailed: storing it
  // would fill the admins' inbox with spam, and mailing it would make us a spam relay.
  if ((input[CONTACT_HONEYPOT] ?? '').trim() !== '') return { detail: CONTACT_RECEIVED };
  const organisationId = await addressedTo(ctx, actor, host);
  await runInTransaction(ctx.db, ctx.bus, async ({ tx }) => {
    const [row] = await tx
      .insert(contactMessages)
      .values({
        organisationId,
        userId: actor?.userId ?? null,
        name: input.name,
        email: input.email,
        subject: input.subject,
        message: input.message,
      })
      .returning({ id: contactMessages.id });
    await enqueue(tx, 'support.contact_received', [{ messageId: row!.id }]);
  });
  return { detail: CONTACT_RECEIVED };
}

function present(r: typeof contactMessages.$inferSelect): TContactMessage {
  return {
    id: r.id,
    name: r.name,
    email: r.email,
    subject: r.subject,
    message: r.message,
    user_id: r.userId,
    handled: r.handledAt !== null,
    handled_at: r.handledAt?.toISOString() ?? null,
    created_at: r.createdAt.toISOString(),
  };
}

type Query = z.infer<typeof ZContactQuery>;

export async function listContacts(
  db: DbOrTx,
  actor: Actor,
  q: Query,
  requestUrl: string,
): Promise<TContactPage> {
  const scope = inboxScope(actor);
  if (scope === 'none') return toPage(requestUrl, q, boundedCount(0), []);
  const needle = q.search ? `%${q.search.replace(/[%_\\]/g, '\\$&')}%` : null;
  const filter: SQL | undefined = and(
    scope.organisationId === null
      ? undefined
      : eq(contactMessages.organisationId, scope.organisationId),
    needle
      ? or(
          ilike(contactMessages.name, needle),
          ilike(contactMessages.email, needle),
          ilike(contactMessages.subject, needle),
          ilike(contactMessages.message, needle),
        )
      : undefined,
    q.handled === undefined
      ? undefined
      : q.handled === 'true'
        ? isNotNull(contactMessages.handledAt)
        : isNull(contactMessages.handledAt),
  );
  const { limit, offset } = pageBounds(q);
  const [rows, counted] = await Promise.all([
    db
      .select()
      .from(contactMessages)
      .where(filter)
      .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(
      db
        .select({ one: sql`1`.as('one') })
        .from(contactMessages)
        .where(filter)
        .limit(COUNT_LIMIT)
        .as('counted'),
    ),
  ]);
  return toPage(requestUrl, q, boundedCount(Number(counted[0]?.n ?? 0)), rows.map(present));
}

export async function updateContact(
  ctx: AppContext,
  actor: Actor,
  id: number,
  input: TContactUpdate,
): Promise<TContactMessage> {
  const [found] = await ctx.db.select().from(contactMessages).where(eq(contactMessages.id, id));
  // Another organisation's message does not exist for the caller.
  if (!found || !canWorkContact(actor, found)) throw notFound(NOT_FOUND);
  const [row] = await ctx.db
    .update(contactMessages)
    .set(
      input.handled
        ? { handledAt: found.handledAt ?? new Date(), handledBy: found.handledBy ?? actor.userId }
        : { handledAt: null, handledBy: null },
    )
    .where(eq(contactMessages.id, id))
    .returning();
  return present(row!);
}

/** The mail to each active admin of the organisation; replying answers the sender. */
async function mailAdmins(ctx: AppContext, payload: { messageId: number }): Promise<void> {
  const [m] = await ctx.db
    .select({ message: contactMessages, org: organisations })
    .from(contactMessages)
    .innerJoin(organisations, eq(organisations.id, contactMessages.organisationId))
    .where(eq(contactMessages.id, payload.messageId));
  if (!m) return;
  const admins = await ctx.db
    .select({ email: users.email })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(
      and(
        eq(memberships.organisationId, m.org.id),
        eq(memberships.roleId, ROLE.ADMIN),
        eq(users.isActive, true),
      ),
    );
  const link = `${organisationBaseUrl(m.org, ctx.config.publicBaseUrl)}/contactUs?tab=messages`;
  const c = m.message;
  for (const admin of admins) {
    await ctx.mailer.send({
      to: admin.email,
      subject: `[${m.org.title}] Contact form: ${c.subject}`.slice(0, 200),
      text: `${c.name} <${c.email}> wrote through the contact form:\n\n${c.subject}\n\n${c.message}\n\nAll messages: ${link}\n`,
      headers: { 'Reply-To': c.email },
    });
  }
}

export const supportJobs = [defineJob({ type: 'support.contact_received', handle: mailAdmins })];
