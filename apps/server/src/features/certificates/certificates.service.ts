import type {
  TCertificate,
  TCertificateListQuery,
  TCertificatePage,
  TCertificatePrinted,
  TCertificateStatus,
  TCertificateVerification,
  TPageQuery,
  ZCertificateListQuery,
} from '@atrium/contract';
import { and, count, desc, eq, gt, isNotNull, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import { recordAudit } from '../../core/audit/audit-log.ts';
import { type Actor, isAdminOf } from '../../core/auth/actor.ts';
import type { AppContext } from '../../core/context.ts';
import { runInTransaction } from '../../core/db/transaction.ts';
import { conflict, forbidden, notFound } from '../../core/errors/app-error.ts';
import { boundedCount, COUNT_LIMIT, toPage } from '../../core/http/pagination.ts';
import { certificates } from '../../schema/certificates.table.ts';
import { credentialRefs } from '../credentials/index.ts';
import { type CertificateRow, renderAndStore } from './certificates.issue.ts';
import { organisationFacts } from './certificates.names.ts';
import {
  type CertificateFacts,
  canDownloadCertificate,
  canReissueCertificate,
  canRevokeCertificate,
  canSeeCertificate,
} from './certificates.policy.ts';

/** Reading, downloading, revoking, re-issuing and verifying certificates. */

export const NOT_FOUND = 'No such certificate.';

/** Status at read time: no daily job is needed for expiry. */
export function statusOf(
  c: Pick<CertificateRow, 'revokedAt' | 'replacedBy' | 'expiresAt'>,
  now = new Date(),
): TCertificateStatus {
  if (c.revokedAt) return 'revoked';
  if (c.replacedBy !== null) return 'replaced';
  if (c.expiresAt && c.expiresAt <= now) return 'expired';
  return 'valid';
}

const facts = (c: CertificateRow): CertificateFacts => ({
  organisationId: c.organisationId,
  userId: c.userId,
  revoked: c.revokedAt !== null,
  replaced: c.replacedBy !== null,
});

async function present(
  ctx: AppContext,
  actor: Actor,
  rows: CertificateRow[],
): Promise<TCertificate[]> {
  const orgIds = [...new Set(rows.map((r) => r.organisationId))];
  const [refs, orgs] = await Promise.all([
    credentialRefs(
      ctx.db,
      'certificate',
      rows.map((r) => r.id),
    ),
    Promise.all(
      orgIds.map(async (id) => [id, (await organisationFacts(ctx.db, id)).title] as const),
    ),
  ]);
  const orgName = new Map(orgs);
  return rows.map((c) => ({
    id: c.id,
    code: c.code,
    user_id: c.userId,
    learner_name: c.learnerName,
    organisation_name: orgName.get(c.organisationId) ?? '',
    achievement_kind: c.kind,
    achievement_id: c.achievementId,
    achievement_name: c.achievementName,
    cycle: c.cycle,
    score: c.score,
    issued_at: c.issuedAt.toISOString(),
    expires_at: c.expiresAt?.toISOString() ?? null,
    status: statusOf(c),
    revoked_at: c.revokedAt?.toISOString() ?? null,
    revoked_reason: c.revokedReason,
    pdf_ready: c.pdfKey !== null,
    pdf_sha256: c.pdfSha256,
    credential_uuid: refs.get(c.id)?.uuid ?? null,
    abilities: {
      download: canDownloadCertificate(actor, facts(c)),
      revoke: canRevokeCertificate(actor, facts(c)),
      reissue: canReissueCertificate(actor, facts(c)),
    },
  }));
}

function statusFilter(status: TCertificateStatus): SQL | undefined {
  const now = new Date();
  switch (status) {
    case 'revoked':
      return isNotNull(certificates.revokedAt);
    case 'replaced':
      return and(isNull(certificates.revokedAt), isNotNull(certificates.replacedBy));
    case 'expired':
      return and(
        isNull(certificates.revokedAt),
        isNull(certificates.replacedBy),
        lte(certificates.expiresAt, now),
      );
    case 'valid':
      return and(
        isNull(certificates.revokedAt),
        isNull(certificates.replacedBy),
        or(isNull(certificates.expiresAt), gt(certificates.expiresAt, now)),
      );
  }
}

/** GET /api/user-certificate/: the caller's; admins the organisation's (unless mine=true). */
export async function listCertificates(
  ctx: AppContext,
  actor: Actor,
  q: z.output<typeof ZCertificateListQuery>,
  requestUrl: string,
): Promise<TCertificatePage> {
  const org = actor.organisationId;
  const where: (SQL | undefined)[] = [eq(certificates.organisationId, org)];
  if (!isAdminOf(actor, org) || q.mine) where.push(eq(certificates.userId, actor.userId));
  else if (q.user !== undefined) where.push(eq(certificates.userId, q.user));
  if (q.kind) where.push(eq(certificates.kind, q.kind));
  if (q.achievement !== undefined) where.push(eq(certificates.achievementId, q.achievement));
  if (q.status) where.push(statusFilter(q.status));
  const filter = and(...where);
  const [rows, counted] = await Promise.all([
    ctx.db
      .select()
      .from(certificates)
      .where(filter)
      .orderBy(desc(certificates.issuedAt), desc(certificates.id))
      .limit(q.page_size)
      .offset((q.page - 1) * q.page_size),
    ctx.db.select({ n: count() }).from(
      ctx.db
        .select({ one: sql`1`.as('one') })
        .from(certificates)
        .where(filter)
        .limit(COUNT_LIMIT)
        .as('c'),
    ),
  ]);
  return toPage(
    requestUrl,
    q as TPageQuery,
    boundedCount(Number(counted[0]?.n ?? 0)),
    await present(ctx, actor, rows),
  );
}

/** The certificate if the caller may see it (404 otherwise: it does not exist for them). */
async function certificateFor(ctx: AppContext, actor: Actor, id: number): Promise<CertificateRow> {
  const [c] = await ctx.db.select().from(certificates).where(eq(certificates.id, id));
  if (!c || !canSeeCertificate(actor, facts(c))) throw notFound(NOT_FOUND);
  return c;
}

export async function certificateDetail(ctx: AppContext, actor: Actor, id: number) {
  const c = await certificateFor(ctx, actor, id);
  return (await present(ctx, actor, [c]))[0]!;
}

export async function sendPdf(ctx: AppContext, actor: Actor, id: number, reply: FastifyReply) {
  const c = await certificateFor(ctx, actor, id);
  if (!c.pdfKey) throw conflict('The certificate is still being generated. Try again in a moment.');
  const stat = await ctx.files.stat(c.pdfKey);
  if (!stat) throw conflict('The certificate is still being generated. Try again in a moment.');
  reply
    .header('x-content-type-options', 'nosniff')
    .header('content-disposition', `attachment; filename="certificate-${c.code}.pdf"`)
    .header('cache-control', 'private, no-cache')
    .header('content-length', String(stat.size))
    .type('application/pdf');
  return reply.send(await ctx.files.open(c.pdfKey));
}

export async function revokeCertificate(ctx: AppContext, actor: Actor, id: number, reason: string) {
  const c = await certificateFor(ctx, actor, id);
  if (!isAdminOf(actor, c.organisationId)) throw forbidden();
  if (!canRevokeCertificate(actor, facts(c))) throw conflict('The certificate is already revoked.');
  const updated = await runInTransaction(ctx.db, ctx.bus, async ({ tx, emit }) => {
    // Only the first of two revocations at once wins (the other finds it revoked: 409).
    const [row] = await tx
      .update(certificates)
      .set({ revokedAt: new Date(), revokedReason: reason, revokedBy: actor.userId })
      .where(and(eq(certificates.id, id), isNull(certificates.revokedAt)))
      .returning();
    if (!row) throw conflict('The certificate is already revoked.');
    await recordAudit(tx, {
      action: 'certificate.revoked',
      actorId: actor.userId,
      targetUserId: c.userId,
      organisationId: c.organisationId,
      details: { certificateId: id, code: c.code, reason },
    });
    emit('certificate.revoked', {
      certificateId: id,
      organisationId: c.organisationId,
      userId: c.userId,
      reason,
    });
    return row;
  });
  return (await present(ctx, actor, [updated]))[0]!;
}

/** A new PDF with the current template: same code, new hash; audited with both hashes. */
export async function reissueCertificate(ctx: AppContext, actor: Actor, id: number) {
  const c = await certificateFor(ctx, actor, id);
  if (!isAdminOf(actor, c.organisationId)) throw forbidden();
  if (!canReissueCertificate(actor, facts(c))) {
    throw conflict(
      c.revokedAt
        ? 'A revoked certificate cannot be re-issued.'
        : 'A newer certificate replaced this one.',
    );
  }
  const updated = await renderAndStore(ctx, c, async (tx, row) => {
    await recordAudit(tx, {
      action: 'certificate.reissued',
      actorId: actor.userId,
      targetUserId: c.userId,
      organisationId: c.organisationId,
      details: {
        certificateId: id,
        code: c.code,
        previousSha256: c.pdfSha256,
        sha256: row.pdfSha256,
      },
    });
  });
  return (await present(ctx, actor, [updated]))[0]!;
}

/** Public: what the certificate prints, its status and the PDF's hash. */
export async function verifyCertificate(
  ctx: AppContext,
  code: string,
): Promise<TCertificateVerification> {
  const [c] = await ctx.db.select().from(certificates).where(eq(certificates.code, code));
  if (!c) throw notFound('No certificate has this code.');
  const refs = await credentialRefs(ctx.db, 'certificate', [c.id]);
  const printed = (c.printed as TCertificatePrinted | null) ?? {
    title: '',
    learner_name: c.learnerName,
    achievement_name: c.achievementName,
    organisation_name: (await organisationFacts(ctx.db, c.organisationId)).title,
    issued_on: null,
    score: c.score,
    hours: c.hours,
    expires_on: null,
    signatures: [],
    code: c.code,
    qr: false,
  };
  return {
    code: c.code,
    status: statusOf(c),
    achievement_kind: c.kind,
    printed,
    issued_at: c.issuedAt.toISOString(),
    expires_at: c.expiresAt?.toISOString() ?? null,
    revoked_at: c.revokedAt?.toISOString() ?? null,
    revoked_reason: c.revokedReason,
    pdf_sha256: c.pdfSha256,
    credential_uuid: refs.get(c.id)?.uuid ?? null,
  };
}

export type { TCertificateListQuery };
