import { randomBytes } from 'node:crypto';
import type { DbOrTx } from '../../src/core/db/database.ts';
import {
  type CpdEntryStatus,
  type CpdSourceKind,
  cpdCategories,
  cpdEntries,
  cpdSchemes,
} from '../../src/schema/cpd.table.ts';

const suffix = () => randomBytes(3).toString('hex');

/** The organisation's scheme in force: yearly from January, 20 hours, no carry-over by default. */
export async function makeCpdScheme(
  db: DbOrTx,
  organisationId: number,
  o: Partial<{
    name: string;
    unit: 'hours' | 'points';
    cycleMonths: number;
    startMonth: number;
    target: number;
    carryOverMax: number;
    evidenceRequired: boolean;
  }> = {},
) {
  const [row] = await db
    .insert(cpdSchemes)
    .values({
      organisationId,
      name: o.name ?? 'CPD scheme',
      unit: o.unit ?? 'hours',
      cycleMonths: o.cycleMonths ?? 12,
      startMonth: o.startMonth ?? 1,
      target: (o.target ?? 20).toFixed(2),
      carryOverMax: (o.carryOverMax ?? 0).toFixed(2),
      evidenceRequired: o.evidenceRequired ?? true,
    })
    .returning();
  return row!;
}

export async function makeCpdCategory(
  db: DbOrTx,
  organisationId: number,
  o: { name?: string; minimum?: number } = {},
) {
  const [row] = await db
    .insert(cpdCategories)
    .values({
      organisationId,
      name: o.name ?? `Category ${suffix()}`,
      minimum: (o.minimum ?? 0).toFixed(2),
    })
    .returning();
  return row!;
}

/** A ledger entry as the crediting or the approval flow leaves it (credited external by default). */
export async function makeCpdEntry(
  db: DbOrTx,
  o: {
    userId: number;
    organisationId: number;
    value?: number;
    unit?: 'hours' | 'points';
    completedAt?: Date;
    status?: CpdEntryStatus;
    sourceKind?: CpdSourceKind;
    sourceKey?: string | null;
    categoryId?: number | null;
    title?: string;
  },
) {
  const [row] = await db
    .insert(cpdEntries)
    .values({
      organisationId: o.organisationId,
      userId: o.userId,
      categoryId: o.categoryId ?? null,
      sourceKind: o.sourceKind ?? 'external',
      sourceKey: o.sourceKey ?? null,
      title: o.title ?? `CPD ${suffix()}`,
      value: (o.value ?? 1).toFixed(2),
      unit: o.unit ?? 'hours',
      completedAt: o.completedAt ?? new Date(),
      status: o.status ?? 'credited',
    })
    .returning();
  return row!;
}
