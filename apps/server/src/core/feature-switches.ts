import { and, eq } from 'drizzle-orm';
import { organisationFeatures } from '../schema/admin.table.ts';
import type { DbOrTx } from './db/database.ts';

/**
 * Which features each organisation has turned off (the superadmin console's switches). Every
 * request to a route of a switchable module asks, so answers are cached in memory per
 * organisation for TTL_MS. A change clears this node's entry at once; other nodes see it when
 * their entry expires, so for up to TTL_MS after a change another node may still serve (or
 * still refuse) the feature.
 */
export class FeatureSwitches {
  static readonly TTL_MS = 30_000;
  private readonly cache = new Map<number, { at: number; off: ReadonlySet<string> }>();

  constructor(
    private readonly db: DbOrTx,
    private readonly now: () => number = Date.now,
  ) {}

  /** The feature keys turned off for the organisation. */
  async disabledFor(organisationId: number): Promise<ReadonlySet<string>> {
    const hit = this.cache.get(organisationId);
    if (hit && this.now() - hit.at < FeatureSwitches.TTL_MS) return hit.off;
    const rows = await this.db
      .select({ feature: organisationFeatures.feature })
      .from(organisationFeatures)
      .where(
        and(
          eq(organisationFeatures.organisationId, organisationId),
          eq(organisationFeatures.enabled, false),
        ),
      );
    const off = new Set(rows.map((r) => r.feature));
    this.cache.set(organisationId, { at: this.now(), off });
    return off;
  }

  async isOff(organisationId: number, feature: string): Promise<boolean> {
    return (await this.disabledFor(organisationId)).has(feature);
  }

  /** After a change on this node: the next request reads the table again. */
  forget(organisationId: number): void {
    this.cache.delete(organisationId);
  }
}

/**
 * The modules (by name) whose feature the organisation has off: the aggregating slices (to-do,
 * calendar) leave their items out, as the modules' own routes answer 403 to those people.
 */
export async function modulesSwitchedOff(
  switches: FeatureSwitches,
  moduleFeatures: ReadonlyMap<string, string>,
  organisationId: number,
): Promise<ReadonlySet<string>> {
  const off = await switches.disabledFor(organisationId);
  if (off.size === 0) return new Set();
  return new Set([...moduleFeatures].filter(([, feature]) => off.has(feature)).map(([m]) => m));
}
