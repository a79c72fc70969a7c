import { createHash } from 'node:crypto';
import type { TCertificatePrinted } from '@atrium/contract';
import { and, eq, lt } from 'drizzle-orm';
import type { AppContext } from '../../core/context.ts';
import type { Tx } from '../../core/db/database.ts';
import { runInTransaction } from '../../core/db/transaction.ts';
import { enqueue } from '../../core/jobs/queue.ts';
import { defineJob, defineSubscriber, type EventSubscriber } from '../../core/module.ts';
import {
  type CertificateKind,
  certificates,
  certificateTemplates,
} from '../../schema/certificates.table.ts';
import { organisationBaseUrl } from '../organisations/index.ts';
import { newCertificateCode } from './certificates.code.ts';
import { imageBytes } from './certificates.images.ts';
import { achievementName, learnerName, organisationFacts } from './certificates.names.ts';
import { renderCertificate } from './certificates.pdf.ts';
import { assignmentFor, type Design } from './certificates.templates.ts';
import './certificates.events.ts';

/**
 * Issuance: a subscriber per achievement event calls issue(), which writes the certificate once
 * per (organisation, person, kind, achievement, cycle): the unique index and `on conflict do
 * nothing` make concurrent duplicate deliveries write one row, and only the writer raises
 * `certificate.issued` and queues the PDF. No template attached (and no default): no certificate.
 */

export interface IssueInput {
  organisationId: number;
  userId: number;
  kind: CertificateKind;
  achievementId: number;
  cycle: number;
  score: number | null;
  at: Date;
}

const addMonths = (d: Date, months: number) => {
  const out = new Date(d);
  out.setUTCMonth(out.getUTCMonth() + months);
  return out;
};

export async function issue(ctx: AppContext, input: IssueInput): Promise<number | null> {
  const assignment = await assignmentFor(
    ctx.db,
    input.organisationId,
    input.kind,
    input.achievementId,
  );
  if (!assignment) return null;
  const [template] = await ctx.db
    .select()
    .from(certificateTemplates)
    .where(eq(certificateTemplates.id, assignment.templateId));
  if (!template) return null;
  const name =
    (await achievementName(ctx.db, input.organisationId, input.kind, input.achievementId)) ??
    (assignment.achievementName || `${input.kind.replace('_', ' ')} ${input.achievementId}`);
  const learner = await learnerName(ctx.db, input.userId);
  const expiresAt = template.validityMonths ? addMonths(input.at, template.validityMonths) : null;
  return runInTransaction(ctx.db, ctx.bus, async ({ tx, emit }) => {
    const [row] = await tx
      .insert(certificates)
      .values({
        organisationId: input.organisationId,
        userId: input.userId,
        kind: input.kind,
        achievementId: input.achievementId,
        cycle: input.cycle,
        code: newCertificateCode(),
        templateId: template.id,
        achievementName: name.slice(0, 200),
        learnerName: learner.slice(0, 310),
        score: input.score,
        hours: assignment.kind === 'default' ? null : assignment.hours,
        issuedAt: input.at,
        expiresAt,
      })
      .onConflictDoNothing()
      .returning({ id: certificates.id, code: certificates.code });
    if (!row) return null;
    // A recertification replaces the earlier cycles' certificates of the same achievement.
    await tx
      .update(certificates)
      .set({ replacedBy: row.id })
      .where(
        and(
          eq(certificates.organisationId, input.organisationId),
          eq(certificates.userId, input.userId),
          eq(certificates.kind, input.kind),
          eq(certificates.achievementId, input.achievementId),
          lt(certificates.cycle, input.cycle),
        ),
      );
    await enqueue(tx, 'certificates.render', [{ certificateId: row.id }]);
    emit('certificate.issued', {
      certificateId: row.id,
      organisationId: input.organisationId,
      userId: input.userId,
      code: row.code,
      achievementKind: input.kind,
      achievementId: input.achievementId,
      achievementName: name,
      learnerName: learner,
      issuedAt: input.at.toISOString(),
      expiresAt: expiresAt?.toISOString() ?? null,
    });
    return row.id;
  });
}

const day = (d: Date) =>
  new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(d);

export type CertificateRow = typeof certificates.$inferSelect;

/** What the template prints of this certificate. */
export function printedOf(
  c: CertificateRow,
  design: Design,
  organisationName: string,
): TCertificatePrinted {
  const f = design.fields;
  return {
    title: design.title,
    learner_name: f.learner ? c.learnerName : null,
    achievement_name: f.achievement ? c.achievementName : null,
    organisation_name: organisationName,
    issued_on: f.date ? day(c.issuedAt) : null,
    score: f.score ? c.score : null,
    hours: f.hours ? c.hours : null,
    expires_on: f.expiry && c.expiresAt ? day(c.expiresAt) : null,
    signatures: f.signatures
      ? design.signatures.map((s) => ({ name: s.name, title: s.title }))
      : [],
    code: f.code ? c.code : null,
    qr: f.qr,
  };
}

export async function verifyUrlOf(ctx: AppContext, organisationId: number, code: string) {
  const org = await organisationFacts(ctx.db, organisationId);
  const base = organisationBaseUrl(org as never, ctx.config.publicBaseUrl);
  return { url: `${base}/verify/${code}`, organisationName: org.title };
}

/** Draws a design with the given printed text: the PDF bytes (used by the preview too). */
export async function drawPdf(
  ctx: AppContext,
  organisationId: number,
  printed: TCertificatePrinted,
  design: Design,
  verifyUrl: string,
): Promise<Uint8Array> {
  const shown = printed.signatures.length > 0 ? design.signatures : [];
  const bytes = await imageBytes(ctx, organisationId, [
    design.background_image,
    design.logo_image,
    ...shown.map((s) => s.image),
  ]);
  const get = (u: string | null) => (u ? (bytes.get(u) ?? null) : null);
  return renderCertificate(
    printed,
    design,
    {
      background: get(design.background_image),
      logo: get(design.logo_image),
      signatures: shown.map((s) => get(s.image)),
    },
    verifyUrl,
  );
}

/**
 * (Re)draws a certificate with its template as it stands and stores it: the printed snapshot,
 * the file and its SHA-256 change together. The old file is removed after the commit.
 */
export async function renderAndStore(
  ctx: AppContext,
  c: CertificateRow,
  /** Written in the same transaction as the new PDF's row (the re-issue's audit). */
  afterUpdate?: (tx: Tx, row: CertificateRow) => Promise<void>,
): Promise<CertificateRow> {
  const [template] = c.templateId
    ? await ctx.db
        .select()
        .from(certificateTemplates)
        .where(eq(certificateTemplates.id, c.templateId))
    : [];
  const design: Design = (template?.design as Design | undefined) ?? DEFAULT_DESIGN;
  const { url, organisationName } = await verifyUrlOf(ctx, c.organisationId, c.code);
  const printed = printedOf(c, design, organisationName);
  const pdf = await drawPdf(ctx, c.organisationId, printed, design, url);
  const sha = createHash('sha256').update(pdf).digest('hex');
  const stored = await ctx.files.put(Buffer.from(pdf), {
    originalName: 'certificate.pdf',
    allowedExtensions: ['pdf'],
    maxBytes: 50 * 1024 * 1024,
    prefix: 'certificates/pdf',
  });
  let updated: CertificateRow | undefined;
  try {
    updated = await ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .update(certificates)
        .set({ printed, pdfKey: stored.key, pdfSha256: sha })
        .where(eq(certificates.id, c.id))
        .returning();
      await afterUpdate?.(tx, row!);
      return row;
    });
  } catch (err) {
    // Nothing points at the new file: remove it, the certificate keeps its previous PDF.
    await ctx.files.delete(stored.key).catch(() => undefined);
    throw err;
  }
  if (c.pdfKey) await ctx.files.delete(c.pdfKey).catch(() => undefined);
  return updated!;
}

/** What a certificate whose template was deleted prints. */
export const DEFAULT_DESIGN: Design = {
  orientation: 'landscape',
  primary_color: '#1f4e79',
  text_color: '#222222',
  background_color: '#ffffff',
  background_image: null,
  logo_image: null,
  title: 'Certificate of Completion',
  fields: {
    learner: true,
    achievement: true,
    date: true,
    score: true,
    hours: true,
    expiry: true,
    signatures: false,
    code: true,
    qr: true,
  },
  signatures: [],
};

export const certificateJobs = [
  defineJob({
    type: 'certificates.render',
    async handle(ctx, { certificateId }) {
      const [c] = await ctx.db
        .select()
        .from(certificates)
        .where(eq(certificates.id, certificateId));
      // Gone, or drawn already (a retried job, or a re-issue got there first).
      if (!c || c.pdfKey) return;
      await renderAndStore(ctx, c);
    },
  }),
];

const at = (iso: string | undefined, fallback: Date) => (iso ? new Date(iso) : fallback);

export const certificateSubscribers: readonly EventSubscriber[] = [
  defineSubscriber({
    event: 'course.completed',
    name: 'issue-on-course-completed',
    async handle(ctx, p, meta) {
      await issue(ctx, {
        organisationId: p.organisationId,
        userId: p.userId,
        kind: 'course',
        achievementId: p.courseId,
        cycle: 0,
        score: null,
        at: at(p.completedAt, meta.occurredAt),
      });
    },
  }),
  defineSubscriber({
    event: 'learning_path.completed',
    name: 'issue-on-learning-path-completed',
    async handle(ctx, p, meta) {
      await issue(ctx, {
        organisationId: p.organisationId,
        userId: p.userId,
        kind: 'learning_path',
        achievementId: p.pathId,
        cycle: p.cycle,
        score: null,
        at: at(p.completedAt, meta.occurredAt),
      });
    },
  }),
  defineSubscriber({
    event: 'assessment.passed',
    name: 'issue-on-assessment-passed',
    async handle(ctx, p, meta) {
      await issue(ctx, {
        organisationId: p.organisationId,
        userId: p.userId,
        kind: 'assessment',
        achievementId: p.assessmentId,
        cycle: 0,
        score: p.percent,
        at: meta.occurredAt,
      });
    },
  }),
  defineSubscriber({
    event: 'classroom.completed',
    name: 'issue-on-classroom-completed',
    async handle(ctx, p, meta) {
      await issue(ctx, {
        organisationId: p.organisationId,
        userId: p.userId,
        kind: 'classroom',
        achievementId: p.classroomId,
        cycle: 0,
        score: null,
        at: at(p.completedAt, meta.occurredAt),
      });
    },
  }),
];
