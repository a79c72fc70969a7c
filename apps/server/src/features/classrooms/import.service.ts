import {
  LEARNER_IMPORT_MAX_BYTES,
  LEARNER_IMPORT_MAX_ROWS,
  ROLE,
  type TLearnerImportResult,
  zIdParam,
} from '@atrium/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { z } from 'zod';
import type { Actor } from '../../core/auth/actor.ts';
import { withinOrganisation } from '../../core/auth/actor.ts';
import type { AppContext } from '../../core/context.ts';
import { runInTransaction } from '../../core/db/transaction.ts';
import {
  badRequest,
  forbidden,
  notFound,
  payloadTooLarge,
  unsupportedMediaType,
} from '../../core/errors/app-error.ts';
import { readSpreadsheet } from '../../core/export/spreadsheet-read.ts';
import { parseInput } from '../../core/http/forms.ts';
import { assertStorablePart } from '../../core/http/input-guard.ts';
import { contentTypeFor, extensionOf } from '../../core/storage/content-check.ts';
import {
  classroomBookings,
  classroomClasses,
  classroomSessions,
  classrooms,
} from '../../schema/classrooms.table.ts';
import { memberships, users } from '../../schema/users.table.ts';
import { canManageClassroom } from './classrooms.policy.ts';

/**
 * import-learner: books the learners a CSV or XLSX file names (column `email`) into a session.
 * The file is checked whole first (every row a learner of the session's organisation, no
 * address twice) and any bad row refuses it all; then, with the session locked, each learner
 * is booked while seats are free and waitlisted after, in file order. Learners already holding a
 * live booking are left as they are and reported.
 */

const INVALID = 'Invalid input. Please correct the fields listed.';
const TYPES = ['csv', 'xlsx'] as const;
const EMAIL_HEADERS = new Set(['email', 'e-mail', 'email address', 'e-mail address']);
/** How many row errors the report lists; past that it says how many more. */
const REPORT_LIMIT = 200;

interface Upload {
  fields: Record<string, unknown>;
  file: { content: Buffer; ext: 'csv' | 'xlsx' } | null;
}

async function readUpload(request: FastifyRequest): Promise<Upload> {
  if (!request.isMultipart())
    throw badRequest('Send the form as multipart form data with the file in "file".', {
      file: ['No file was sent.'],
    });
  const upload: Upload = { fields: {}, file: null };
  for await (const part of request.parts({ limits: { fileSize: LEARNER_IMPORT_MAX_BYTES } })) {
    assertStorablePart(part);
    if (part.type === 'field') {
      upload.fields[part.fieldname] = part.value;
      continue;
    }
    if (part.fieldname !== 'file' || upload.file) {
      part.file.resume();
      throw badRequest(INVALID, { [part.fieldname]: ['No file is expected here.'] });
    }
    const ext = extensionOf(part.filename);
    if (!(TYPES as readonly string[]).includes(ext)) {
      part.file.resume();
      throw unsupportedMediaType(`File type not allowed. Allowed types: ${TYPES.join(', ')}.`);
    }
    const content = await part.toBuffer().catch((err: { code?: string }) => {
      if (err.code === 'FST_REQ_FILE_TOO_LARGE')
        throw payloadTooLarge('The file is larger than the 5 MB limit.');
      throw err;
    });
    // Never trust the name: the bytes must be what the extension says.
    if (!contentTypeFor(ext, await fileTypeFromBuffer(content), content.subarray(0, 4100)))
      throw unsupportedMediaType(`The file content does not match its .${ext} extension.`);
    upload.file = { content, ext: ext as 'csv' | 'xlsx' };
  }
  return upload;
}

async function loadImportSession(ctx: AppContext, actor: Actor, sessionId: number) {
  const [row] = await ctx.db
    .select({
      id: classroomSessions.id,
      status: classroomSessions.status,
      startsAt: classroomSessions.startsAt,
      organisationId: classrooms.organisationId,
      createdBy: classrooms.createdBy,
      classroomStatus: classrooms.status,
    })
    .from(classroomSessions)
    .innerJoin(classroomClasses, eq(classroomClasses.id, classroomSessions.classId))
    .innerJoin(classrooms, eq(classrooms.id, classroomClasses.classroomId))
    .where(eq(classroomSessions.id, sessionId));
  if (!row || !withinOrganisation(actor, row.organisationId)) throw notFound('Session not found.');
  if (!canManageClassroom(actor, { ...row, status: row.classroomStatus }))
    throw forbidden('Only the classroom’s managers may book learners into it.');
  return row;
}

function assertOpen(session: { status: string; startsAt: Date }, now: Date) {
  if (session.status !== 'scheduled' || session.startsAt.getTime() <= now.getTime())
    throw badRequest(INVALID, {
      session: ['Learners can only be booked into a scheduled session that has not started.'],
    });
}

/** The rows' e-mail addresses, with their line in the file. */
async function emailRows(ctx: AppContext, file: NonNullable<Upload['file']>) {
  const { header, rows } = await readSpreadsheet(file.content, file.ext, {
    ...ctx.config.spreadsheet,
    maxRows: LEARNER_IMPORT_MAX_ROWS,
  });
  const column = header.findIndex((h) => EMAIL_HEADERS.has(h.trim().toLowerCase()));
  if (column < 0)
    throw badRequest('The file has no email column. Start from the sample file.', {
      file: ['Missing column: email.'],
    });
  const list = rows.map((r) => ({ line: r.line, email: (r.cells[column] ?? '').trim() }));
  if (list.length === 0)
    throw badRequest('The file has no rows to import.', {
      file: ['The file has no rows to import.'],
    });
  return list;
}

export async function importLearners(
  ctx: AppContext,
  actor: Actor,
  request: FastifyRequest,
  now = new Date(),
): Promise<TLearnerImportResult> {
  const upload = await readUpload(request);
  const { session: sessionId } = parseInput(z.object({ session: zIdParam }).loose(), upload.fields);
  const session = await loadImportSession(ctx, actor, sessionId);
  assertOpen(session, now);
  if (!upload.file) throw badRequest(INVALID, { file: ['Choose a file.'] });
  const rows = await emailRows(ctx, upload.file);

  // Every address in one query, with the person's role in the session's organisation.
  const addresses = [...new Set(rows.map((r) => r.email.toLowerCase()).filter(Boolean))];
  const people = addresses.length
    ? await ctx.db
        .select({
          id: users.id,
          email: sql<string>`lower(${users.email})`,
          isActive: users.isActive,
          roleId: memberships.roleId,
        })
        .from(users)
        .leftJoin(
          memberships,
          and(
            eq(memberships.userId, users.id),
            eq(memberships.organisationId, session.organisationId),
          ),
        )
        .where(inArray(sql`lower(${users.email})`, addresses))
    : [];
  const byEmail = new Map(people.map((p) => [p.email, p]));

  const report: Record<string, string[]> = {};
  let bad = 0;
  const seen = new Map<string, number>();
  const valid: { line: number; email: string; userId: number }[] = [];
  for (const row of rows) {
    const email = row.email.toLowerCase();
    const person = byEmail.get(email);
    let problem: string | null = null;
    if (!email) problem = 'email: enter an e-mail address.';
    else if (seen.has(email)) problem = `email: '${row.email}' is also on row ${seen.get(email)}.`;
    else if (!person) problem = `email: no user has the address '${row.email}'.`;
    else if (person.roleId === null)
      problem = `email: '${row.email}' is not a member of this organisation.`;
    else if (person.roleId !== ROLE.LEARNER) problem = `email: '${row.email}' is not a learner.`;
    else if (!person.isActive) problem = `email: '${row.email}' is an inactive account.`;
    if (email && !seen.has(email)) seen.set(email, row.line);
    if (problem) {
      bad += 1;
      if (Object.keys(report).length < REPORT_LIMIT) report[`row ${row.line}`] = [problem];
    } else valid.push({ line: row.line, email: row.email, userId: person!.id });
  }
  if (bad > 0) {
    const more = bad - Object.keys(report).length;
    throw badRequest(
      `${bad} of ${rows.length} rows have errors. Nobody was booked.`,
      report,
      more > 0 ? [`${more} more rows with errors are not listed.`] : undefined,
    );
  }

  return runInTransaction(ctx.db, ctx.bus, async ({ tx, emit }) => {
    // The session's row is the seat counter's lock: bookings made meanwhile wait for this one.
    const [locked] = await tx
      .select({
        status: classroomSessions.status,
        startsAt: classroomSessions.startsAt,
        capacity: classroomSessions.capacity,
        organisationId: classroomSessions.organisationId,
      })
      .from(classroomSessions)
      .where(eq(classroomSessions.id, session.id))
      .for('update');
    if (!locked) throw notFound('Session not found.');
    assertOpen(locked, now);
    const live = await tx
      .select({ userId: classroomBookings.userId, status: classroomBookings.status })
      .from(classroomBookings)
      .where(
        and(
          eq(classroomBookings.sessionId, session.id),
          sql`${classroomBookings.status} <> 'cancelled'`,
        ),
      );
    const existing = new Map(live.map((b) => [b.userId, b.status]));
    let held = live.filter((b) =>
      ['booked', 'attended', 'partial', 'no_show'].includes(b.status),
    ).length;
    const skipped: TLearnerImportResult['skipped'] = [];
    const values: (typeof classroomBookings.$inferInsert)[] = [];
    for (const v of valid) {
      const status = existing.get(v.userId);
      if (status) {
        skipped.push({ row: v.line, email: v.email, status });
        continue;
      }
      const booked = held < locked.capacity;
      if (booked) held += 1;
      values.push({
        sessionId: session.id,
        organisationId: locked.organisationId,
        userId: v.userId,
        status: booked ? 'booked' : 'waitlisted',
        requestedAt: now,
        bookedAt: booked ? now : null,
        bookedBy: actor.userId,
      });
    }
    let bookedCount = 0;
    let waitlisted = 0;
    for (let i = 0; i < values.length; i += 1000) {
      // Inserted in file order: ids keep the waitlist's order among equal request times.
      const inserted = await tx
        .insert(classroomBookings)
        .values(values.slice(i, i + 1000))
        .returning({
          id: classroomBookings.id,
          userId: classroomBookings.userId,
          status: classroomBookings.status,
        });
      for (const b of inserted) {
        if (b.status === 'booked') bookedCount += 1;
        else waitlisted += 1;
        emit('classroom.booking_changed', {
          bookingId: b.id,
          sessionId: session.id,
          userId: b.userId,
          organisationId: locked.organisationId,
          change: b.status === 'booked' ? 'booked' : 'waitlisted',
          actorId: actor.userId,
        });
      }
    }
    return {
      booked: bookedCount,
      waitlisted,
      skipped,
      message: `${bookedCount} booked, ${waitlisted} waitlisted, ${skipped.length} already booked.`,
    };
  });
}
