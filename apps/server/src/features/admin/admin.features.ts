import {
  FEATURE_KEYS,
  type TFeatureKey,
  type TOrganisationFeatures,
  type TOrganisationFeaturesUpdate,
} from '@atrium/contract';
import { eq, sql } from 'drizzle-orm';
import { recordAudit } from '../../core/audit/audit-log.ts';
import type { Actor } from '../../core/auth/actor.ts';
import type { AppContext } from '../../core/context.ts';
import type { DbOrTx } from '../../core/db/database.ts';
import { runInTransaction } from '../../core/db/transaction.ts';
import { notFound } from '../../core/errors/app-error.ts';
import { organisationFeatures } from '../../schema/admin.table.ts';
import { organisations } from '../../schema/organisations.table.ts';

/**
 * Feature switches per organisation. The switch is honoured in app.ts (every route of a module
 * that names the feature answers 403) and by the web, which hides the menu entries of the
 * features `/api/v1/me/` lists as off.
 */

async function assertOrganisation(db: DbOrTx, organisationId: number): Promise<void> {
  const [org] = await db
    .select({ id: organisations.id })
    .from(organisations)
    .where(eq(organisations.id, organisationId));
  if (!org) throw notFound('Organisation not found.');
}

async function read(db: DbOrTx, organisationId: number): Promise<TOrganisationFeatures> {
  const rows = await db
    .select({ feature: organisationFeatures.feature, enabled: organisationFeatures.enabled })
    .from(organisationFeatures)
    .where(eq(organisationFeatures.organisationId, organisationId));
  const stored = new Map(rows.map((r) => [r.feature, r.enabled]));
  // A feature without a row is on.
  const features = Object.fromEntries(
    FEATURE_KEYS.map((k) => [k, stored.get(k) ?? true]),
  ) as Record<TFeatureKey, boolean>;
  return { organisation: organisationId, features };
}

export async function featuresOf(
  db: DbOrTx,
  organisationId: number,
): Promise<TOrganisationFeatures> {
  await assertOrganisation(db, organisationId);
  return read(db, organisationId);
}

export async function setFeatures(
  ctx: AppContext,
  actor: Actor,
  organisationId: number,
  input: TOrganisationFeaturesUpdate,
  ip: string,
): Promise<TOrganisationFeatures> {
  const result = await runInTransaction(ctx.db, ctx.bus, async ({ tx }) => {
    await assertOrganisation(tx, organisationId);
    const before = await read(tx, organisationId);
    const changes = Object.entries(input.features).filter(
      ([k, on]) => on !== undefined && before.features[k as TFeatureKey] !== on,
    ) as [TFeatureKey, boolean][];
    if (changes.length === 0) return before;
    await tx
      .insert(organisationFeatures)
      .values(
        changes.map(([feature, enabled]) => ({
          organisationId,
          feature,
          enabled,
          updatedBy: actor.userId,
        })),
      )
      .onConflictDoUpdate({
        target: [organisationFeatures.organisationId, organisationFeatures.feature],
        set: {
          enabled: sql`excluded.enabled`,
          updatedBy: sql`excluded.updated_by`,
          updatedAt: sql`now()`,
        },
      });
    await recordAudit(tx, {
      action: 'admin.features_changed',
      actorId: actor.userId,
      organisationId,
      ip,
      details: Object.fromEntries(changes),
    });
    return read(tx, organisationId);
  });
  // This node answers with the new switches at once; other nodes within FeatureSwitches.TTL_MS.
  ctx.featureSwitches.forget(organisationId);
  return result;
}
