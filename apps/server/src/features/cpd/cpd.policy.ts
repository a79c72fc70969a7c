import { type Actor, isAdminOf, withinOrganisation } from '../../core/auth/actor.ts';
import type { cpdEntries } from '../../schema/cpd.table.ts';

/**
 * The CPD ledger's rules, as pure predicates over rows already loaded (cpd.policy.test.ts is
 * their table). A ledger is private: its learner and the admins of the organisation read it;
 * to anyone else it does not exist (404).
 */

export type EntryFacts = Pick<
  typeof cpdEntries.$inferSelect,
  'userId' | 'organisationId' | 'status' | 'sourceKind' | 'evidenceKey'
>;

/** Schemes and categories are the organisation's admins' (superadmins everywhere). */
export const canManageCpd = (actor: Actor, organisationId: number): boolean =>
  isAdminOf(actor, organisationId);

/** A learner's ledger in an organisation: theirs, and its admins'. */
export function canReadLedger(
  actor: Actor,
  ledger: { userId: number; organisationId: number },
): boolean {
  if (!withinOrganisation(actor, ledger.organisationId)) return false;
  return ledger.userId === actor.userId || isAdminOf(actor, ledger.organisationId);
}

export const canSeeEntry = (actor: Actor, entry: EntryFacts) => canReadLedger(actor, entry);

/** Only the learner who added an entry takes it back (whether it still may be is its state). */
export const canWithdrawEntry = (actor: Actor, entry: EntryFacts) =>
  withinOrganisation(actor, entry.organisationId) && entry.userId === actor.userId;

/** Whether an entry may be withdrawn now: an external entry still waiting for approval. */
export const isWithdrawable = (entry: EntryFacts) =>
  entry.sourceKind === 'external' && entry.status === 'pending';

export function entryAbilities(actor: Actor, entry: EntryFacts) {
  return {
    withdraw: canWithdrawEntry(actor, entry) && isWithdrawable(entry),
    download_evidence: canSeeEntry(actor, entry) && entry.evidenceKey !== null,
  };
}
