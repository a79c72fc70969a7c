import {
  CPD_EVIDENCE_MAX_BYTES,
  CPD_EVIDENCE_TYPES,
  type TCpdEntry,
  type TCpdEntryQuery,
  type TPage,
  ZCpdExternalFields,
} from '@atrium/contract';
import { and, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Actor } from '../../core/auth/actor.ts';
import type { AppContext } from '../../core/context.ts';
import { runInTransaction } from '../../core/db/transaction.ts';
import { badRequest, conflict, forbidden, notFound } from '../../core/errors/app-error.ts';
import { sendRanged } from '../../core/http/byte-range.ts';
import { parseInput, readForm } from '../../core/http/forms.ts';
import { pageBounds, toPage } from '../../core/http/pagination.ts';
import { extensionOf } from '../../core/storage/content-check.ts';
import type { StoredFile } from '../../core/storage/file-store.ts';
import { sanitiseRichText } from '../../core/text/sanitise.ts';
import { cpdCategories, cpdEntries } from '../../schema/cpd.table.ts';
import { closeApprovalRequestOf, openApprovalRequest } from '../approvals/index.ts';
import { CPD_EXTERNAL } from './cpd.approval.ts';
import { cycleContaining, isFutureCompletion } from './cpd.cycles.ts';
import { canSeeEntry, canWithdrawEntry, isWithdrawable } from './cpd.policy.ts';
import {
  ENTRY_NOT_FOUND,
  entriesWithCategory,
  entryById,
  flatten,
  ledgerFor,
  ledgerWhere,
  presentEntry,
} from './ledger.repository.ts';
import { activeScheme } from './schemes.service.ts';

/**
 * The ledger's entries: reading them, adding external CPD (pending until the approval flow
 * decides, cpd.approval.ts), withdrawing it while it waits, downloading its evidence.
 */

const INVALID = 'Invalid input. Please correct the fields listed.';

export async function listEntries(
  ctx: AppContext,
  actor: Actor,
  q: TCpdEntryQuery,
  url: string,
): Promise<TPage<TCpdEntry>> {
  const ledger = await ledgerFor(ctx.db, actor, q.user);
  const where: (SQL | undefined)[] = [ledgerWhere(ledger)];
  if (q.status) where.push(eq(cpdEntries.status, q.status));
  if (q.cycle) {
    const scheme = await activeScheme(ctx.db, ledger.organisationId);
    if (!scheme)
      throw badRequest(INVALID, { cycle: ['This organisation has no CPD scheme, so no cycles.'] });
    const cycle = cycleContaining(scheme, new Date(`${q.cycle}T00:00:00Z`));
    where.push(gte(cpdEntries.completedAt, cycle.start), lt(cpdEntries.completedAt, cycle.end));
  }
  const bounds = pageBounds(q);
  const [rows, [total]] = await Promise.all([
    entriesWithCategory(ctx.db)
      .where(and(...where))
      .orderBy(desc(cpdEntries.completedAt), desc(cpdEntries.id))
      .limit(bounds.limit)
      .offset(bounds.offset),
    ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(cpdEntries)
      .where(and(...where)),
  ]);
  return toPage(
    url,
    q,
    total?.n ?? 0,
    rows.map((r) => presentEntry(actor, flatten(r))),
  );
}

/** A date alone is midnight UTC of that day. */
const completion = (v: string) => new Date(v.length === 10 ? `${v}T00:00:00Z` : v);

/**
 * External CPD: the evidence is checked (allowed extension, content matching it, size) and stored
 * under a generated key as it streams; the fields are then validated. Any refusal after storing
 * removes the file again, so bad input leaves nothing behind. The entry waits (pending) for the
 * approval flow, opened in the same transaction.
 */
export async function addExternalEntry(
  ctx: AppContext,
  actor: Actor,
  request: FastifyRequest,
  now = new Date(),
): Promise<TCpdEntry> {
  if (!request.isMultipart())
    throw badRequest('Send the form as multipart form data (the evidence in "evidence").', {
      evidence: ['No form was sent.'],
    });
  // Set by the file part as it streams (the assertion keeps TypeScript from narrowing it to null).
  let stored = null as (StoredFile & { name: string }) | null;
  try {
    const fields = await readForm(request, async (part) => {
      if (part.fieldname !== 'evidence' || stored) {
        part.file.resume();
        throw badRequest(INVALID, { [part.fieldname]: ['No file is expected here.'] });
      }
      const file = await ctx.files.put(part.file, {
        originalName: part.filename,
        allowedExtensions: CPD_EVIDENCE_TYPES,
        maxBytes: CPD_EVIDENCE_MAX_BYTES,
        prefix: 'cpd/evidence',
      });
      stored = { ...file, name: (part.filename || `evidence.${file.extension}`).slice(0, 255) };
    });
    const input = parseInput(ZCpdExternalFields, fields);
    if (isFutureCompletion(input.completed_at, now))
      throw badRequest(INVALID, { completed_at: ['The completion may not be in the future.'] });
    const completedAt = completion(input.completed_at);
    const ledger = await ledgerFor(ctx.db, actor);
    const scheme = await activeScheme(ctx.db, ledger.organisationId);
    if (!stored && (scheme?.evidenceRequired ?? true))
      throw badRequest(INVALID, {
        evidence: ['Attach the evidence: a certificate or record (PDF, PNG, JPG or DOCX).'],
      });
    if (input.category !== undefined) {
      const [category] = await ctx.db
        .select({ id: cpdCategories.id })
        .from(cpdCategories)
        .where(
          and(
            eq(cpdCategories.id, input.category),
            eq(cpdCategories.organisationId, ledger.organisationId),
          ),
        );
      if (!category)
        throw badRequest(INVALID, { category: ['Choose a CPD category of your organisation.'] });
    }
    const unit = input.unit ?? scheme?.unit ?? 'hours';
    const evidence = stored;
    const id = await runInTransaction(ctx.db, ctx.bus, async (uow) => {
      const [row] = await uow.tx
        .insert(cpdEntries)
        .values({
          organisationId: ledger.organisationId,
          userId: ledger.userId,
          categoryId: input.category ?? null,
          sourceKind: 'external',
          title: input.title,
          value: input.value.toFixed(2),
          unit,
          completedAt,
          status: 'pending',
          reflection: sanitiseRichText(input.reflection),
          evidenceKey: evidence?.key ?? null,
          evidenceName: evidence?.name ?? null,
        })
        .returning({ id: cpdEntries.id });
      await openApprovalRequest(ctx, uow, {
        kind: CPD_EXTERNAL,
        organisationId: ledger.organisationId,
        subjectId: row!.id,
        subjectTitle: `${input.title} (${input.value} ${unit})`,
        subjectLink: `/cpd-view/${ledger.userId}`,
        ownerId: null,
        requesterId: actor.userId,
      });
      return row!.id;
    });
    return presentEntry(actor, (await entryById(ctx.db, id))!);
  } catch (err) {
    if (stored) await ctx.files.delete(stored.key).catch(() => undefined);
    throw err;
  }
}

/**
 * The learner takes back an external entry still waiting for approval: the entry and its
 * evidence go, and its approval request closes as withdrawn.
 */
export async function withdrawEntry(ctx: AppContext, actor: Actor, id: number): Promise<void> {
  const removed = await runInTransaction(ctx.db, ctx.bus, async (uow) => {
    const entry = await entryById(uow.tx, id, { lock: true });
    if (!entry || !canSeeEntry(actor, entry)) throw notFound(ENTRY_NOT_FOUND);
    if (!canWithdrawEntry(actor, entry))
      throw forbidden('Only the learner who added this entry may withdraw it.');
    if (!isWithdrawable(entry))
      throw conflict('Only external CPD still waiting for approval can be withdrawn.');
    await closeApprovalRequestOf(ctx, uow, {
      kind: CPD_EXTERNAL,
      subjectId: entry.id,
      status: 'withdrawn',
      actorId: actor.userId,
      notifyRequester: false,
    });
    await uow.tx.delete(cpdEntries).where(eq(cpdEntries.id, entry.id));
    return entry;
  });
  // The row is gone first: a file left behind by a failed delete is only disk, never a link.
  if (removed.evidenceKey) await ctx.files.delete(removed.evidenceKey).catch(() => undefined);
}

const CONTENT_TYPES: Record<string, string> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
};

/** The evidence, as an attachment the browser neither sniffs nor renders in the app's origin. */
export async function sendEvidence(
  ctx: AppContext,
  actor: Actor,
  id: number,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<FastifyReply> {
  const entry = await entryById(ctx.db, id);
  if (!entry || !canSeeEntry(actor, entry)) throw notFound(ENTRY_NOT_FOUND);
  const key = entry.evidenceKey;
  const stat = key ? await ctx.files.stat(key) : null;
  if (!key || !stat) throw notFound('This entry has no evidence.');
  const name = entry.evidenceName ?? `evidence.${extensionOf(key)}`;
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  reply
    .header('x-content-type-options', 'nosniff')
    .header(
      'content-disposition',
      `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`,
    )
    .header('cache-control', 'private, no-store')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .type(CONTENT_TYPES[extensionOf(key)] ?? 'application/octet-stream');
  return sendRanged(request, reply, stat.size, (range) => ctx.files.open(key, range));
}
