import {
  POINT_RULES,
  type TPointRule,
  type TPointRuleKey,
  type TPointRuleList,
  type TPointRulesUpdate,
} from '@atrium/contract';
import { and, eq, sql } from 'drizzle-orm';
import { recordAudit } from '../../core/audit/audit-log.ts';
import type { Actor } from '../../core/auth/actor.ts';
import type { AppContext } from '../../core/context.ts';
import type { DbOrTx } from '../../core/db/database.ts';
import { forbidden } from '../../core/errors/app-error.ts';
import { pointRules } from '../../schema/gamification.table.ts';
import { canManageGamification } from './gamification.policy.ts';

export type RuleSettings = Omit<TPointRule, 'rule' | 'customised'>;

/**
 * Atrium's rules where an organisation set none (no row), so points work without setup. The
 * limits are the anti-farming part: a file re-opened or a sign-out and in earns nothing by the
 * source key already; the caps bound what a busy day can bring.
 */
export const DEFAULT_RULES: Record<TPointRuleKey, RuleSettings> = {
  course_completed: { points: 100, enabled: true, cooldown_minutes: 0, daily_cap: null },
  module_file_completed: { points: 5, enabled: true, cooldown_minutes: 0, daily_cap: 40 },
  assessment_passed: { points: 50, enabled: true, cooldown_minutes: 0, daily_cap: 20 },
  learning_path_completed: { points: 200, enabled: true, cooldown_minutes: 0, daily_cap: null },
  session_attended: { points: 20, enabled: true, cooldown_minutes: 0, daily_cap: 10 },
  discussion_answer_accepted: { points: 25, enabled: true, cooldown_minutes: 10, daily_cap: 10 },
  daily_sign_in: { points: 5, enabled: true, cooldown_minutes: 0, daily_cap: 1 },
};

type RuleRow = typeof pointRules.$inferSelect;

const fromRow = (r: RuleRow): RuleSettings => ({
  points: r.points,
  enabled: r.enabled,
  cooldown_minutes: r.cooldownMinutes,
  daily_cap: r.dailyCap,
});

/** One rule as it applies in the organisation: its row, else the default. */
export async function ruleFor(
  db: DbOrTx,
  organisationId: number,
  rule: TPointRuleKey,
): Promise<RuleSettings> {
  const [row] = await db
    .select()
    .from(pointRules)
    .where(and(eq(pointRules.organisationId, organisationId), eq(pointRules.rule, rule)));
  return row ? fromRow(row) : DEFAULT_RULES[rule];
}

export async function listRules(db: DbOrTx, actor: Actor): Promise<TPointRuleList> {
  if (!canManageGamification(actor, actor.organisationId))
    throw forbidden('Only the organisation’s admins may see its point rules.');
  const rows = await db
    .select()
    .from(pointRules)
    .where(eq(pointRules.organisationId, actor.organisationId));
  const byRule = new Map(rows.map((r) => [r.rule, r]));
  return {
    results: POINT_RULES.map((rule) => {
      const row = byRule.get(rule);
      return { rule, ...(row ? fromRow(row) : DEFAULT_RULES[rule]), customised: !!row };
    }),
  };
}

/** PUT point-rules/: the rules given, saved together and audited with their before and after. */
export async function saveRules(
  ctx: AppContext,
  actor: Actor,
  input: TPointRulesUpdate,
): Promise<TPointRuleList> {
  const organisationId = actor.organisationId;
  if (!canManageGamification(actor, organisationId))
    throw forbidden('Only the organisation’s admins may change its point rules.');
  await ctx.db.transaction(async (tx) => {
    const before = await listRules(tx, actor);
    await tx
      .insert(pointRules)
      .values(
        input.rules.map((r) => ({
          organisationId,
          rule: r.rule,
          points: r.points,
          enabled: r.enabled,
          cooldownMinutes: r.cooldown_minutes,
          dailyCap: r.daily_cap,
          updatedBy: actor.userId,
        })),
      )
      .onConflictDoUpdate({
        target: [pointRules.organisationId, pointRules.rule],
        set: {
          points: sql`excluded.points`,
          enabled: sql`excluded.enabled`,
          cooldownMinutes: sql`excluded.cooldown_minutes`,
          dailyCap: sql`excluded.daily_cap`,
          updatedBy: sql`excluded.updated_by`,
          updatedAt: sql`now()`,
        },
      });
    const old = new Map(before.results.map((r) => [r.rule, r]));
    await recordAudit(tx, {
      action: 'gamification.rules_changed',
      actorId: actor.userId,
      organisationId,
      details: {
        rules: input.rules.map((r) => {
          const { customised: _c, ...was } = old.get(r.rule)!;
          return { ...r, before: was };
        }),
      },
    });
  });
  return listRules(ctx.db, actor);
}
