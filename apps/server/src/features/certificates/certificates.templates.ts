import {
  type TCertificateAssignment,
  type TCertificateTemplate,
  type ZCertificateAssignmentInput,
  ZCertificateTemplateInput,
} from '@atrium/contract';
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { recordAudit } from '../../core/audit/audit-log.ts';
import type { Actor } from '../../core/auth/actor.ts';
import type { AppContext } from '../../core/context.ts';
import type { DbOrTx } from '../../core/db/database.ts';
import { badRequest, conflict, notFound } from '../../core/errors/app-error.ts';
import {
  certificateAssignments,
  certificateImages,
  certificateTemplates,
} from '../../schema/certificates.table.ts';

/** Templates, the images they print, and which template each achievement uses (admins only). */

const INVALID = 'Invalid input. Please correct the fields listed.';
export const TEMPLATE_NOT_FOUND = 'No such certificate template.';
type TemplateInput = z.output<typeof ZCertificateTemplateInput>;
export type TemplateRow = typeof certificateTemplates.$inferSelect;
export type Design = Omit<TemplateInput, 'name' | 'validity_months'>;

export function presentTemplate(row: TemplateRow, uses: number): TCertificateTemplate {
  const d = row.design as Design;
  return {
    id: row.id,
    name: row.name,
    orientation: d.orientation,
    primary_color: d.primary_color,
    text_color: d.text_color,
    background_color: d.background_color,
    background_image: d.background_image,
    logo_image: d.logo_image,
    title: d.title,
    fields: d.fields,
    signatures: d.signatures,
    validity_months: row.validityMonths,
    assignment_count: uses,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

const designOf = ({ name: _n, validity_months: _v, ...design }: TemplateInput): Design => design;

/** Every image the design prints must be one uploaded to this organisation (400 otherwise). */
async function checkImages(db: DbOrTx, organisationId: number, d: Design): Promise<void> {
  const wanted: [string, string][] = [];
  if (d.background_image) wanted.push(['background_image', d.background_image]);
  if (d.logo_image) wanted.push(['logo_image', d.logo_image]);
  d.signatures.forEach((s, i) => {
    if (s.image) wanted.push([`signatures.${i}.image`, s.image]);
  });
  if (wanted.length === 0) return;
  const rows = await db
    .select({ uuid: certificateImages.uuid })
    .from(certificateImages)
    .where(
      and(
        eq(certificateImages.organisationId, organisationId),
        inArray(
          certificateImages.uuid,
          wanted.map(([, u]) => u),
        ),
      ),
    );
  const found = new Set(rows.map((r) => r.uuid));
  const missing = wanted.filter(([, u]) => !found.has(u));
  if (missing.length > 0) {
    throw badRequest(
      INVALID,
      Object.fromEntries(missing.map(([f]) => [f, ['Upload the image again.']])),
    );
  }
}

async function usesOf(db: DbOrTx, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: certificateAssignments.templateId, n: count() })
    .from(certificateAssignments)
    .where(inArray(certificateAssignments.templateId, ids))
    .groupBy(certificateAssignments.templateId);
  return new Map(rows.map((r) => [r.id, Number(r.n)]));
}

export async function listTemplates(db: DbOrTx, organisationId: number) {
  const rows = await db
    .select()
    .from(certificateTemplates)
    .where(eq(certificateTemplates.organisationId, organisationId))
    .orderBy(asc(certificateTemplates.name), asc(certificateTemplates.id));
  const uses = await usesOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => presentTemplate(r, uses.get(r.id) ?? 0));
}

export async function templateRow(db: DbOrTx, organisationId: number, id: number) {
  const [row] = await db
    .select()
    .from(certificateTemplates)
    .where(
      and(eq(certificateTemplates.id, id), eq(certificateTemplates.organisationId, organisationId)),
    );
  if (!row) throw notFound(TEMPLATE_NOT_FOUND);
  return row;
}

export async function getTemplate(db: DbOrTx, organisationId: number, id: number) {
  const row = await templateRow(db, organisationId, id);
  return presentTemplate(row, (await usesOf(db, [id])).get(id) ?? 0);
}

export async function createTemplate(ctx: AppContext, actor: Actor, input: TemplateInput) {
  const design = designOf(input);
  await checkImages(ctx.db, actor.organisationId, design);
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(certificateTemplates)
      .values({
        organisationId: actor.organisationId,
        name: input.name,
        design,
        validityMonths: input.validity_months,
      })
      .returning();
    await recordAudit(tx, {
      action: 'certificate.template_created',
      actorId: actor.userId,
      organisationId: actor.organisationId,
      details: { templateId: row!.id, name: input.name },
    });
    return presentTemplate(row!, 0);
  });
}

export async function updateTemplate(
  ctx: AppContext,
  actor: Actor,
  id: number,
  patch: Partial<TemplateInput>,
) {
  const row = await templateRow(ctx.db, actor.organisationId, id);
  const current = {
    ...(row.design as Design),
    name: row.name,
    validity_months: row.validityMonths,
  };
  const merged = ZCertificateTemplateInput.parse({ ...current, ...patch });
  const design = designOf(merged);
  await checkImages(ctx.db, actor.organisationId, design);
  return ctx.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(certificateTemplates)
      .set({
        name: merged.name,
        design,
        validityMonths: merged.validity_months,
        updatedAt: new Date(),
      })
      .where(eq(certificateTemplates.id, id))
      .returning();
    await recordAudit(tx, {
      action: 'certificate.template_updated',
      actorId: actor.userId,
      organisationId: actor.organisationId,
      details: { templateId: id, name: merged.name },
    });
    return presentTemplate(updated!, (await usesOf(tx, [id])).get(id) ?? 0);
  });
}

export async function removeTemplate(ctx: AppContext, actor: Actor, id: number): Promise<void> {
  await templateRow(ctx.db, actor.organisationId, id);
  const uses = (await usesOf(ctx.db, [id])).get(id) ?? 0;
  if (uses > 0) {
    throw conflict(`The template is attached to ${uses} achievement(s). Detach it first.`);
  }
  await ctx.db.transaction(async (tx) => {
    await tx.delete(certificateTemplates).where(eq(certificateTemplates.id, id));
    await recordAudit(tx, {
      action: 'certificate.template_deleted',
      actorId: actor.userId,
      organisationId: actor.organisationId,
      details: { templateId: id },
    });
  });
}

// --- Assignments ----------------------------------------------------------------------------

type AssignmentRow = typeof certificateAssignments.$inferSelect;
const presentAssignment = (a: AssignmentRow, templateName: string): TCertificateAssignment => ({
  id: a.id,
  kind: a.kind as TCertificateAssignment['kind'],
  achievement_id: a.kind === 'default' ? null : a.achievementId,
  achievement_name: a.achievementName,
  template_id: a.templateId,
  template_name: templateName,
  hours: a.hours,
});

export async function listAssignments(db: DbOrTx, organisationId: number) {
  const rows = await db
    .select({ a: certificateAssignments, name: certificateTemplates.name })
    .from(certificateAssignments)
    .innerJoin(certificateTemplates, eq(certificateTemplates.id, certificateAssignments.templateId))
    .where(eq(certificateAssignments.organisationId, organisationId))
    .orderBy(asc(certificateAssignments.kind), asc(certificateAssignments.achievementName));
  return rows.map((r) => presentAssignment(r.a, r.name));
}

export async function assignTemplate(
  ctx: AppContext,
  actor: Actor,
  input: z.output<typeof ZCertificateAssignmentInput>,
) {
  const org = actor.organisationId;
  const template = await templateRow(ctx.db, org, input.template_id).catch(() => {
    throw badRequest(INVALID, { template_id: [TEMPLATE_NOT_FOUND] });
  });
  const values = {
    organisationId: org,
    kind: input.kind,
    achievementId: input.kind === 'default' ? 0 : (input.achievement_id ?? 0),
    achievementName: input.achievement_name,
    templateId: template.id,
    hours: input.hours,
  };
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(certificateAssignments)
      .values(values)
      .onConflictDoUpdate({
        target: [
          certificateAssignments.organisationId,
          certificateAssignments.kind,
          certificateAssignments.achievementId,
        ],
        set: {
          achievementName: values.achievementName,
          templateId: values.templateId,
          hours: values.hours,
        },
      })
      .returning();
    await recordAudit(tx, {
      action: 'certificate.template_assigned',
      actorId: actor.userId,
      organisationId: org,
      details: { kind: input.kind, achievementId: values.achievementId, templateId: template.id },
    });
    return presentAssignment(row!, template.name);
  });
}

export async function unassignTemplate(ctx: AppContext, actor: Actor, id: number): Promise<void> {
  const deleted = await ctx.db
    .delete(certificateAssignments)
    .where(
      and(
        eq(certificateAssignments.id, id),
        eq(certificateAssignments.organisationId, actor.organisationId),
      ),
    )
    .returning({ id: certificateAssignments.id });
  if (deleted.length === 0) throw notFound('No such assignment.');
}

/** The template for an achievement: its own assignment, else the organisation's default. */
export async function assignmentFor(
  db: DbOrTx,
  organisationId: number,
  kind: string,
  achievementId: number,
): Promise<AssignmentRow | null> {
  const rows = await db
    .select()
    .from(certificateAssignments)
    .where(
      and(
        eq(certificateAssignments.organisationId, organisationId),
        inArray(certificateAssignments.kind, [kind, 'default']),
        inArray(certificateAssignments.achievementId, [achievementId, 0]),
      ),
    );
  return (
    rows.find((r) => r.kind === kind && r.achievementId === achievementId) ??
    rows.find((r) => r.kind === 'default') ??
    null
  );
}
