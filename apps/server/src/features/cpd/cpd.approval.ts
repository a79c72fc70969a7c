import { and, eq } from 'drizzle-orm';
import { defineApprovalKind } from '../../core/approval-kind.ts';
import { cpdEntries } from '../../schema/cpd.table.ts';

export const CPD_EXTERNAL = 'cpd_external';

/**
 * External CPD a learner added (with evidence and a reflection) waits here: the entry (status
 * pending) is the item. Approved, it is credited and counts in the cycle of its completion;
 * rejected, expired or withdrawn from the approvals screen, it stays in the ledger as rejected
 * and counts nowhere. The ledger's own withdrawal (DELETE entries/{id}/) removes the entry and its
 * evidence and closes the request without this hook.
 */
export const cpdExternalApproval = defineApprovalKind({
  kind: CPD_EXTERNAL,
  label: 'External CPD',
  description: 'A learner adds CPD earned elsewhere, with evidence, to their ledger.',
  approverTypes: ['department_head', 'any_admin'],
  defaultLevels: [['any_admin']],
  async onClosed(tx, outcome) {
    await tx
      .update(cpdEntries)
      .set({ status: outcome.status === 'approved' ? 'credited' : 'rejected' })
      .where(and(eq(cpdEntries.id, outcome.subjectId), eq(cpdEntries.status, 'pending')));
  },
});
