import { and, eq, sql } from 'drizzle-orm';
import type { AppConfig } from '../../core/config/config.ts';
import type { DbOrTx } from '../../core/db/database.ts';
import { AppError } from '../../core/errors/app-error.ts';
import { authThrottle } from '../../schema/auth.table.ts';

export type ThrottledAction = 'sign_in' | 'reset_request' | 'reset_otp';
type Limits = Pick<AppConfig, 'lockoutThreshold' | 'lockoutMs'>;

/** The same account whatever case or spacing the caller used. */
export function normaliseIdentifier(value: string): string {
  return value.normalize('NFKC').trim().toLowerCase();
}

const MESSAGES: Record<ThrottledAction, string> = {
  sign_in: 'Too many failed sign-in attempts.',
  reset_request: 'Too many password reset requests.',
  reset_otp: 'Too many wrong codes.',
};

/** 429 while the subject is locked out of this action. */
export async function assertNotLocked(
  db: DbOrTx,
  action: ThrottledAction,
  subject: string,
): Promise<void> {
  const [row] = await db
    .select({ lockedUntil: authThrottle.lockedUntil })
    .from(authThrottle)
    .where(and(eq(authThrottle.action, action), eq(authThrottle.subject, subject)));
  const until = row?.lockedUntil;
  if (until && until.getTime() > Date.now()) {
    const minutes = Math.max(1, Math.ceil((until.getTime() - Date.now()) / 60_000));
    throw new AppError(
      429,
      `${MESSAGES[action]} Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    );
  }
}

/**
 * Counts one failure in the current window (one atomic upsert, so parallel
 * attempts on several nodes all count) and locks the subject at the threshold.
 * Returns true when this failure caused the lock.
 */
export async function recordFailure(
  db: DbOrTx,
  action: ThrottledAction,
  subject: string,
  limits: Limits,
): Promise<boolean> {
  const windowStart = new Date(Date.now() - limits.lockoutMs);
  const lockUntil = new Date(Date.now() + limits.lockoutMs);
  const stale = sql`${authThrottle.windowStartedAt} < ${windowStart.toISOString()}::timestamptz`;
  const failures = sql`case when ${stale} then 1 else ${authThrottle.failures} + 1 end`;
  const [row] = await db
    .insert(authThrottle)
    .values({
      action,
      subject,
      failures: 1,
      lockedUntil: limits.lockoutThreshold <= 1 ? lockUntil : null,
    })
    .onConflictDoUpdate({
      target: [authThrottle.action, authThrottle.subject],
      set: {
        failures,
        windowStartedAt: sql`case when ${stale} then now() else ${authThrottle.windowStartedAt} end`,
        lockedUntil: sql`case when ${failures} >= ${limits.lockoutThreshold} then ${lockUntil.toISOString()}::timestamptz else ${authThrottle.lockedUntil} end`,
      },
    })
    .returning({ failures: authThrottle.failures });
  return (row?.failures ?? 1) >= limits.lockoutThreshold;
}

export async function clearFailures(
  db: DbOrTx,
  action: ThrottledAction,
  subject: string,
): Promise<void> {
  await db
    .delete(authThrottle)
    .where(and(eq(authThrottle.action, action), eq(authThrottle.subject, subject)));
}
