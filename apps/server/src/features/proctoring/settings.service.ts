import {
  DEFAULT_PROCTORING_SETTINGS,
  type TProctoringSettings,
  type TProctoringSettingsInput,
} from '@atrium/contract';
import { eq } from 'drizzle-orm';
import { recordAudit } from '../../core/audit/audit-log.ts';
import type { Actor } from '../../core/auth/actor.ts';
import type { AppContext } from '../../core/context.ts';
import type { DbOrTx } from '../../core/db/database.ts';
import { runInTransaction } from '../../core/db/transaction.ts';
import { fieldError } from '../../core/errors/app-error.ts';
import { proctoringSettings } from '../../schema/proctoring.table.ts';
import { assessmentByAddress } from '../assessments/index.ts';
import { assessmentToConfigure } from './proctoring.access.ts';
import { canSwitchAutoSubmit } from './proctoring.policy.ts';

/**
 * How an assessment is proctored. Until saved, the contract's defaults apply; whether it is
 * proctored at all is the assessment's own `proctored` setting.
 */

export type Settings = Omit<TProctoringSettings, 'assessment' | 'proctored'>;

/** The stored settings of an assessment, or the defaults. */
export async function settingsOf(db: DbOrTx, assessmentId: number): Promise<Settings> {
  const [row] = await db
    .select()
    .from(proctoringSettings)
    .where(eq(proctoringSettings.assessmentId, assessmentId));
  if (!row)
    return { ...DEFAULT_PROCTORING_SETTINGS, signals: [...DEFAULT_PROCTORING_SETTINGS.signals] };
  return {
    mode: row.mode as Settings['mode'],
    signals: row.signals as Settings['signals'],
    look_away_seconds: row.lookAwaySeconds,
    no_face_seconds: row.noFaceSeconds,
    identity_check: row.identityCheck as Settings['identity_check'],
    violation_budget: row.violationBudget,
    auto_submit: row.autoSubmit,
    retention_days: row.retentionDays,
  };
}

export async function readSettings(ctx: AppContext, actor: Actor, assessmentId: number) {
  const { assessment } = await assessmentToConfigure(ctx.db, actor, assessmentId, 'read');
  return {
    assessment: assessment.id,
    proctored: assessment.proctored,
    ...(await settingsOf(ctx.db, assessment.id)),
  };
}

/**
 * Saves the settings (audited with what changed). Switching auto-submit on is an admin's
 * decision: it is the one setting that acts on a learner without a human look.
 */
export async function saveSettings(
  ctx: AppContext,
  actor: Actor,
  input: TProctoringSettingsInput,
  ip?: string,
): Promise<TProctoringSettings> {
  return runInTransaction(ctx.db, ctx.bus, async ({ tx }) => {
    const { assessment, facts } = await assessmentToConfigure(tx, actor, input.assessment, 'write');
    const before = await settingsOf(tx, assessment.id);
    if (input.auto_submit && !before.auto_submit && !canSwitchAutoSubmit(actor, facts))
      throw fieldError(
        'auto_submit',
        'Only an admin can switch on submitting attempts automatically.',
      );
    if (input.auto_submit && input.violation_budget === null)
      throw fieldError('auto_submit', 'Auto-submit needs a violation budget to act on.');
    const values = {
      mode: input.mode,
      signals: input.signals,
      lookAwaySeconds: input.look_away_seconds,
      noFaceSeconds: input.no_face_seconds,
      identityCheck: input.identity_check,
      violationBudget: input.violation_budget,
      autoSubmit: input.auto_submit,
      retentionDays: input.retention_days,
      updatedBy: actor.userId,
      updatedAt: new Date(),
    };
    await tx
      .insert(proctoringSettings)
      .values({ assessmentId: assessment.id, ...values })
      .onConflictDoUpdate({ target: proctoringSettings.assessmentId, set: values });
    const { assessment: _id, ...after } = input;
    const changed = Object.fromEntries(
      Object.entries(after).filter(
        ([k, v]) => JSON.stringify(v) !== JSON.stringify(before[k as keyof Settings]),
      ),
    );
    if (Object.keys(changed).length > 0) {
      await recordAudit(tx, {
        action: 'proctoring.settings_changed',
        actorId: actor.userId,
        organisationId: assessment.organisationId,
        ip,
        details: { assessment: assessment.id, title: assessment.title, changed },
      });
    }
    return { assessment: assessment.id, proctored: assessment.proctored, ...after };
  });
}

/** What a learner agrees to before a proctored attempt (anyone of the organisation may read it). */
export async function consentFor(ctx: AppContext, actor: Actor, uuid: string) {
  const assessment = await assessmentByAddress(ctx.db, actor, uuid);
  const s = await settingsOf(ctx.db, assessment.id);
  return {
    proctored: assessment.proctored,
    mode: s.mode,
    signals: s.signals,
    look_away_seconds: s.look_away_seconds,
    no_face_seconds: s.no_face_seconds,
    identity_check: s.identity_check,
    retention_days: s.retention_days,
  };
}
