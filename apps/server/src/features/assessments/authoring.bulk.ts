import type { TAssessmentStatus } from '@atrium/contract';
import type { AuthContext } from '../../core/auth/access.ts';
import type { AppContext } from '../../core/context.ts';
import { runInTransaction } from '../../core/db/transaction.ts';
import { AppError } from '../../core/errors/app-error.ts';
import { loadAssessmentFor } from './assessment.access.ts';
import { changeStatus, deleteAssessment } from './assessment.service.ts';

/**
 * Bulk actions on the list: each assessment in a transaction of its own, so one that cannot be
 * published (or deleted) fails alone with the reason, and the others are done. Another
 * organisation's ids fail as "not found", like a single request would.
 */

const TARGET: Record<'publish' | 'unpublish' | 'archive', TAssessmentStatus> = {
  publish: 'published',
  unpublish: 'draft',
  archive: 'archived',
};

const reason = (e: AppError) =>
  e.nonFieldErrors && e.nonFieldErrors.length > 0 && e.nonFieldErrors[0] !== e.message
    ? `${e.message} ${e.nonFieldErrors.join(' ')}`
    : e.message;

export async function bulkAssessments(
  ctx: AppContext,
  auth: AuthContext,
  input: { ids: number[]; action: 'publish' | 'unpublish' | 'archive' | 'delete' },
  ip?: string,
) {
  const done: number[] = [];
  const failed: { id: number; detail: string }[] = [];
  for (const id of [...new Set(input.ids)]) {
    try {
      await runInTransaction(ctx.db, ctx.bus, async (uow) => {
        const a = await loadAssessmentFor(uow.tx, auth, id, 'edit', { lock: true });
        if (input.action === 'delete') await deleteAssessment(uow, auth, a, ip);
        else await changeStatus(uow, auth, a, TARGET[input.action], ip);
      });
      done.push(id);
    } catch (e) {
      // Only the refusals the use cases give; anything else is a fault and answers 500.
      if (!(e instanceof AppError)) throw e;
      failed.push({ id, detail: reason(e) });
    }
  }
  return { done, failed };
}
