import { ROLE } from '@atrium/contract';
import { type Actor, isAdminOf } from '../../core/auth/actor.ts';
import type { ApprovalStatus } from '../../schema/approvals.table.ts';

/**
 * Who may do what with approval requests: pure predicates over the request's facts and the
 * caller's place in it (resolved by the use case). Table-tested in approvals.policy.test.ts.
 */

export interface RequestFacts {
  organisationId: number;
  requesterId: number;
  status: ApprovalStatus;
  level: number;
}

/** The caller's place in a request, read from its approver rows and active delegations. */
export interface Involvement {
  /** Levels at which the caller, or someone whose delegate they are now, decides. */
  levels: readonly number[];
}

/** Admins configure their organisation's approval flows; superadmins any organisation's. */
export const canConfigure = (actor: Actor, organisationId: number) =>
  isAdminOf(actor, organisationId);

/** Every request of an organisation (the All tab): its admins and superadmins. */
export const canSeeAll = canConfigure;

/** Naming a delegate, ending a delegation: for staff, who approve (learners decide nothing). */
export const canDelegate = (actor: Actor) => actor.isSuperadmin || actor.roleId !== ROLE.LEARNER;

export function canView(actor: Actor, request: RequestFacts, involvement: Involvement): boolean {
  if (actor.isSuperadmin) return true;
  if (actor.organisationId !== request.organisationId) return false;
  return (
    request.requesterId === actor.userId ||
    involvement.levels.length > 0 ||
    actor.roleId === ROLE.ADMIN
  );
}

/**
 * Why the caller may not decide the request now, or null when they may. Superadmins decide any
 * pending request (they stand above every flow); nobody decides their own. The answers map to
 * HTTP: 'not_found' 404 (not theirs to see), 'closed' and 'other_level' 409, 'forbidden' 403.
 */
export type DecisionRefusal = 'not_found' | 'closed' | 'own' | 'other_level' | 'forbidden';
export function decisionRefusal(
  actor: Actor,
  request: RequestFacts,
  involvement: Involvement,
): DecisionRefusal | null {
  if (!canView(actor, request, involvement)) return 'not_found';
  if (request.status !== 'pending') return 'closed';
  if (request.requesterId === actor.userId) return 'own';
  if (actor.isSuperadmin || involvement.levels.includes(request.level)) return null;
  if (involvement.levels.length > 0) return 'other_level';
  return 'forbidden';
}

/** The requester withdraws while nothing is decided for good. */
export const canWithdraw = (actor: Actor, request: RequestFacts) =>
  request.requesterId === actor.userId &&
  request.organisationId === actor.organisationId &&
  request.status === 'pending';

export function requestAbilities(actor: Actor, request: RequestFacts, involvement: Involvement) {
  const decide = decisionRefusal(actor, request, involvement) === null;
  return { approve: decide, reject: decide, withdraw: canWithdraw(actor, request) };
}
