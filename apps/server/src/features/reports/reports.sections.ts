import {
  REPORT_SECTION_TITLES,
  REPORT_SECTIONS,
  type TReportSection,
  type TReportSections,
  type TReportSectionsBody,
} from '@atrium/contract';
import { and, eq, sql } from 'drizzle-orm';
import { recordAudit } from '../../core/audit/audit-log.ts';
import type { AuthContext } from '../../core/auth/access.ts';
import type { DbOrTx } from '../../core/db/database.ts';
import { notFound } from '../../core/errors/app-error.ts';
import { userReportSections } from '../../schema/reports.table.ts';
import { memberships } from '../../schema/users.table.ts';
import { disabledSections } from './reports.builder.sources.ts';

/**
 * The §6 report sections switched on per user (the permission screen): an admin switches one
 * off for someone of their organisation, and the builder then refuses that section's sources
 * (reports.builder.sources.ts). No row: all on. Someone of another organisation does not exist
 * for the admin (404).
 */
async function assertMember(db: DbOrTx, auth: AuthContext, userId: number): Promise<void> {
  const where = auth.isSuperadmin
    ? eq(memberships.userId, userId)
    : and(eq(memberships.userId, userId), eq(memberships.organisationId, auth.organisationId));
  const [found] = await db.select({ id: memberships.id }).from(memberships).where(where).limit(1);
  if (!found) throw notFound('User not found.');
}

const flags = (off: Set<TReportSection>): TReportSections => ({
  results: REPORT_SECTIONS.map((key) => ({
    key,
    title: REPORT_SECTION_TITLES[key],
    permission: !off.has(key),
  })),
});

export async function sectionsOf(
  db: DbOrTx,
  auth: AuthContext,
  userId: number,
): Promise<TReportSections> {
  await assertMember(db, auth, userId);
  return flags(await disabledSections(db, userId));
}

export async function updateSections(
  db: DbOrTx,
  auth: AuthContext,
  userId: number,
  body: TReportSectionsBody,
): Promise<TReportSections> {
  await assertMember(db, auth, userId);
  const off = await disabledSections(db, userId);
  for (const s of body.sections) {
    if (s.permission) off.delete(s.key);
    else off.add(s.key);
  }
  const disabled = REPORT_SECTIONS.filter((k) => off.has(k));
  // A permission change: the switch and its audit line land together or not at all.
  await db.transaction(async (tx) => {
    await tx
      .insert(userReportSections)
      .values({ userId, disabled, updatedBy: auth.userId })
      .onConflictDoUpdate({
        target: userReportSections.userId,
        set: { disabled, updatedBy: auth.userId, updatedAt: sql`now()` },
      });
    await recordAudit(tx, {
      action: 'report.sections_changed',
      actorId: auth.userId,
      targetUserId: userId,
      organisationId: auth.organisationId,
      details: { disabled },
    });
  });
  return flags(off);
}
