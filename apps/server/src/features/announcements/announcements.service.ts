import type {
  TAnnouncement,
  TAnnouncementAudience,
  TAnnouncementInput,
  TAnnouncementUpdate,
} from '@atrium/contract';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { recordAudit } from '../../core/audit/audit-log.ts';
import type { AuthContext } from '../../core/auth/access.ts';
import type { Actor } from '../../core/auth/actor.ts';
import type { AppContext } from '../../core/context.ts';
import type { DbOrTx, Tx } from '../../core/db/database.ts';
import { runInTransaction, type UnitOfWork } from '../../core/db/transaction.ts';
import { badRequest, conflict, forbidden } from '../../core/errors/app-error.ts';
import { sanitiseRichText } from '../../core/text/sanitise.ts';
import {
  type AnnouncementAudience,
  announcementReads,
  announcements,
} from '../../schema/announcements.table.ts';
import { classroomClasses } from '../../schema/classrooms.table.ts';
import { courses } from '../../schema/courses.table.ts';
import { departments, designations } from '../../schema/structure.table.ts';
import { type AnnouncementRow, announcementFor } from './announcements.access.ts';
import { presentOne } from './announcements.lists.ts';
import {
  canCreateAnnouncement,
  canReadAnnouncement,
  canReschedule,
} from './announcements.policy.ts';
import './announcements.events.ts';

const INVALID = 'Invalid input. Please correct the fields listed.';

/** An audience as stored: ids once each, in order. */
function audienceOf(a: TAnnouncementAudience | null): AnnouncementAudience | null {
  if (!a) return null;
  return {
    departments: [...new Set(a.departments)].sort((x, y) => x - y),
    designations: [...new Set(a.designations)].sort((x, y) => x - y),
    roles: [...new Set(a.roles)].sort((x, y) => x - y),
    course: a.course,
    class: a.class,
  };
}

const sameAudience = (a: AnnouncementAudience | null, b: AnnouncementAudience | null) =>
  JSON.stringify(a) === JSON.stringify(audienceOf(b));

/** What the audience names must be the organisation's: one 400 naming each wrong field. */
async function checkAudience(tx: Tx, organisationId: number, a: AnnouncementAudience | null) {
  if (!a) return;
  const errors: Record<string, string[]> = {};
  if (a.departments.length > 0) {
    const own = await tx
      .select({ id: departments.id })
      .from(departments)
      .where(
        and(inArray(departments.id, a.departments), eq(departments.organisationId, organisationId)),
      );
    if (own.length !== a.departments.length) {
      errors['audience.departments'] = ['Choose departments of the organisation.'];
    }
  }
  if (a.designations.length > 0) {
    const own = await tx
      .select({ id: designations.id })
      .from(designations)
      .innerJoin(departments, eq(departments.id, designations.departmentId))
      .where(
        and(
          inArray(designations.id, a.designations),
          eq(departments.organisationId, organisationId),
        ),
      );
    if (own.length !== a.designations.length) {
      errors['audience.designations'] = ['Choose designations of the organisation.'];
    }
  }
  if (a.course !== null) {
    const [c] = await tx
      .select({ id: courses.id })
      .from(courses)
      .where(and(eq(courses.id, a.course), eq(courses.organisationId, organisationId)));
    if (!c) errors['audience.course'] = ['Choose a course of the organisation.'];
  }
  if (a.class !== null) {
    const [c] = await tx
      .select({ id: classroomClasses.id })
      .from(classroomClasses)
      .where(
        and(eq(classroomClasses.id, a.class), eq(classroomClasses.organisationId, organisationId)),
      );
    if (!c) errors['audience.class'] = ['Choose a class of the organisation.'];
  }
  if (Object.keys(errors).length > 0) throw badRequest(INVALID, errors);
}

function cleanBody(body: string): string {
  const clean = sanitiseRichText(body);
  if (clean.trim() === '') {
    throw badRequest(INVALID, { body: ['This field may not be blank.'] });
  }
  return clean;
}

/** null or a past time: now. */
const publishTime = (value: string | null, now: Date) =>
  value === null || Date.parse(value) <= now.getTime() ? now : new Date(value);

function checkExpiry(publishAt: Date, expiresAt: Date | null) {
  if (expiresAt && expiresAt.getTime() <= publishAt.getTime()) {
    throw badRequest(INVALID, { expires_at: ['The expiry must be after it goes out.'] });
  }
}

/** Marks it announced and raises `announcement.published` (in the caller's transaction). */
async function announce(tx: Tx, emit: UnitOfWork['emit'], a: AnnouncementRow, now: Date) {
  await tx.update(announcements).set({ announcedAt: now }).where(eq(announcements.id, a.id));
  emit('announcement.published', {
    announcementId: a.id,
    organisationId: a.organisationId,
    authorId: a.createdBy,
  });
}

/** POST /api/announcements/: admins and trainers, in the organisation they signed in to. */
export async function createAnnouncement(
  ctx: AppContext,
  auth: AuthContext,
  input: TAnnouncementInput,
  now = new Date(),
): Promise<TAnnouncement> {
  if (!canCreateAnnouncement(auth)) throw forbidden();
  const id = await runInTransaction(ctx.db, ctx.bus, async ({ tx, emit }) => {
    const organisationId = auth.organisationId;
    const audience = audienceOf(input.audience);
    await checkAudience(tx, organisationId, audience);
    const publishAt = publishTime(input.publish_at, now);
    const expiresAt = input.expires_at ? new Date(input.expires_at) : null;
    checkExpiry(publishAt, expiresAt);
    const [row] = await tx
      .insert(announcements)
      .values({
        organisationId,
        title: input.title,
        body: cleanBody(input.body),
        audience,
        publishAt,
        expiresAt,
        pinned: input.pinned,
        mustAcknowledge: input.must_acknowledge,
        sendEmail: input.send_email,
        createdBy: auth.userId,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (publishAt.getTime() <= now.getTime()) await announce(tx, emit, row!, now);
    emit('search.changed', { kind: 'announcement', ids: [row!.id] });
    return row!.id;
  });
  return presentOne(ctx.db, auth, id, now);
}

/**
 * PATCH /api/announcements/:id/: its managers. Once out, its audience and publish time are fixed
 * (409 when the change names others); the text, expiry, pin and acknowledgement still change.
 * A scheduled one moved to now (or a past time) goes out now.
 */
export async function updateAnnouncement(
  ctx: AppContext,
  auth: AuthContext,
  id: number,
  input: TAnnouncementUpdate,
  now = new Date(),
): Promise<TAnnouncement> {
  await runInTransaction(ctx.db, ctx.bus, async ({ tx, emit }) => {
    const { announcement: a } = await announcementFor(tx, auth, id, {
      manage: true,
      lock: true,
      now,
    });
    const scheduled = canReschedule(a, now);
    let audience = a.audience;
    if (input.audience !== undefined && !sameAudience(a.audience, input.audience)) {
      if (!scheduled) throw conflict('It has gone out: its audience can no longer change.');
      audience = audienceOf(input.audience);
      await checkAudience(tx, a.organisationId, audience);
    }
    let publishAt = a.publishAt;
    if (input.publish_at !== undefined && scheduled) {
      publishAt = publishTime(input.publish_at, now);
    } else if (
      input.publish_at !== undefined &&
      input.publish_at !== null &&
      Date.parse(input.publish_at) !== a.publishAt.getTime()
    ) {
      // Out already: null ("now") changes nothing; another time is a change.
      throw conflict('It has gone out: its publish time can no longer change.');
    }
    const expiresAt =
      input.expires_at === undefined
        ? a.expiresAt
        : input.expires_at === null
          ? null
          : new Date(input.expires_at);
    checkExpiry(publishAt, expiresAt);
    const [row] = await tx
      .update(announcements)
      .set({
        ...(input.title === undefined ? {} : { title: input.title }),
        ...(input.body === undefined ? {} : { body: cleanBody(input.body) }),
        audience,
        publishAt,
        expiresAt,
        ...(input.pinned === undefined ? {} : { pinned: input.pinned }),
        ...(input.must_acknowledge === undefined
          ? {}
          : { mustAcknowledge: input.must_acknowledge }),
        ...(input.send_email === undefined ? {} : { sendEmail: input.send_email }),
        updatedAt: now,
      })
      .where(eq(announcements.id, a.id))
      .returning();
    if (row!.announcedAt === null && publishAt.getTime() <= now.getTime()) {
      await announce(tx, emit, row!, now);
    }
    emit('search.changed', { kind: 'announcement', ids: [a.id] });
  });
  return presentOne(ctx.db, auth, id, now);
}

/** DELETE /api/announcements/:id/: its managers; audited; its readings go with it. */
export async function removeAnnouncement(
  ctx: AppContext,
  auth: AuthContext,
  id: number,
): Promise<void> {
  await runInTransaction(ctx.db, ctx.bus, async ({ tx, emit }) => {
    const { announcement: a } = await announcementFor(tx, auth, id, { manage: true, lock: true });
    emit('search.changed', { kind: 'announcement', ids: [a.id] });
    await tx.delete(announcementReads).where(eq(announcementReads.announcementId, a.id));
    await tx.delete(announcements).where(eq(announcements.id, a.id));
    await recordAudit(tx, {
      action: 'announcement.deleted',
      actorId: auth.userId,
      organisationId: a.organisationId,
      details: { announcementId: a.id, title: a.title, publishAt: a.publishAt.toISOString() },
    });
  });
}

/** Marks it read by the user (the first reading stays). */
async function markRead(db: DbOrTx, announcementId: number, userId: number, now: Date) {
  await db
    .insert(announcementReads)
    .values({ announcementId, userId, readAt: now })
    .onConflictDoNothing({ target: [announcementReads.announcementId, announcementReads.userId] });
}

/** GET /api/announcements/:id/: its readers (reading it marks it read) and its managers. */
export async function announcementDetail(
  ctx: AppContext,
  actor: Actor,
  id: number,
  now = new Date(),
): Promise<TAnnouncement> {
  const { announcement: a, member } = await announcementFor(ctx.db, actor, id, { now });
  if (canReadAnnouncement(actor, a, member, now)) await markRead(ctx.db, a.id, actor.userId, now);
  return presentOne(ctx.db, actor, id, now);
}

/**
 * POST /api/announcements/:id/acknowledge/: a reader of a must-acknowledge announcement, once
 * (again: 409). Acknowledging reads it too.
 */
export async function acknowledgeAnnouncement(
  ctx: AppContext,
  actor: Actor,
  id: number,
  now = new Date(),
): Promise<TAnnouncement> {
  const { announcement: a, member } = await announcementFor(ctx.db, actor, id, { now });
  if (!canReadAnnouncement(actor, a, member, now)) {
    throw forbidden('Only its readers can acknowledge it.');
  }
  if (!a.mustAcknowledge) throw conflict('This announcement asks for no acknowledgement.');
  const done = await ctx.db
    .insert(announcementReads)
    .values({ announcementId: a.id, userId: actor.userId, readAt: now, acknowledgedAt: now })
    .onConflictDoUpdate({
      target: [announcementReads.announcementId, announcementReads.userId],
      set: { acknowledgedAt: now },
      setWhere: isNull(announcementReads.acknowledgedAt),
    })
    .returning({ at: announcementReads.acknowledgedAt });
  if (done.length === 0) throw conflict('You have already acknowledged it.');
  return presentOne(ctx.db, actor, id, now);
}

const BATCH = 100;

/**
 * One run of the publishing job as of `now` (the job passes the time; tests pass their own):
 * every announcement whose publish_at passed and that was not announced yet is marked announced
 * and raises `announcement.published`, a batch per transaction. The rows are claimed FOR UPDATE
 * SKIP LOCKED, so two nodes running it at once never announce one twice; one that expired before
 * any run saw it is marked and tells nobody. Returns the ids announced.
 */
export async function publishDue(ctx: AppContext, now = new Date()): Promise<number[]> {
  const announced: number[] = [];
  for (;;) {
    const n = await runInTransaction(ctx.db, ctx.bus, async ({ tx, emit }) => {
      const due = await tx
        .select()
        .from(announcements)
        .where(
          and(
            isNull(announcements.announcedAt),
            sql`${announcements.publishAt} <= ${now.toISOString()}::timestamptz`,
          ),
        )
        .orderBy(announcements.publishAt, announcements.id)
        .limit(BATCH)
        .for('update', { skipLocked: true });
      for (const a of due) {
        if (a.expiresAt !== null && a.expiresAt.getTime() <= now.getTime()) {
          await tx
            .update(announcements)
            .set({ announcedAt: now })
            .where(eq(announcements.id, a.id));
        } else {
          await announce(tx, emit, a, now);
          announced.push(a.id);
        }
      }
      return due.length;
    });
    if (n < BATCH) return announced;
  }
}
