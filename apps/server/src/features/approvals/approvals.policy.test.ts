import { describe, expect, it } from 'vitest';
import {
  actor,
  type Case,
  HOME_ORG,
  OTHER_ORG,
  ROLES,
  rowsOf,
} from '../../../test/policy-table.ts';
import type { ApprovalStatus } from '../../schema/approvals.table.ts';
import {
  canConfigure,
  canDelegate,
  canSeeAll,
  canView,
  canWithdraw,
  type DecisionRefusal,
  decisionRefusal,
  type Involvement,
  type RequestFacts,
  requestAbilities,
} from './approvals.policy.ts';

/*
 * Ownership here: the caller made the request. The request waits at level 1; the caller's
 * involvement is none, the current level (1), or another level (2, not reached yet).
 */
const request = (c: Case, status: ApprovalStatus = 'pending'): RequestFacts => ({
  organisationId: c.organisationId,
  requesterId: c.ownerId,
  status,
  level: 1,
});
const NONE: Involvement = { levels: [] };
const CURRENT: Involvement = { levels: [1] };
const LATER: Involvement = { levels: [2] };

const table = <T>(rows: Record<string, T>) =>
  rowsOf(rows).map(([c, expected]) => [c.name, c, expected] as const);

// Columns: not involved, approver of the current level, approver of a later level.
describe('canView', () => {
  type Row = [boolean, boolean, boolean];
  const all: Row = [true, true, true];
  const none: Row = [false, false, false];
  it.each(
    table<Row>({
      'superadmin own same org': all,
      'superadmin own other org': all,
      "superadmin other's same org": all,
      "superadmin other's other org": all,
      'admin own same org': all,
      'admin own other org': none,
      "admin other's same org": all,
      "admin other's other org": none,
      'trainer own same org': all,
      'trainer own other org': none,
      "trainer other's same org": [false, true, true],
      "trainer other's other org": none,
      'learner own same org': all,
      'learner own other org': none,
      "learner other's same org": [false, true, true],
      "learner other's other org": none,
    }),
  )('%s → %j', (_n, c, expected) => {
    const got = [NONE, CURRENT, LATER].map((inv) => canView(c.actor, request(c), inv));
    expect(got).toEqual(expected);
  });
});

// Columns: pending and not involved, pending at the caller's level, pending at another level,
// already approved (the caller was an approver of its level).
describe('decisionRefusal', () => {
  type Row = [DecisionRefusal | null, DecisionRefusal | null, DecisionRefusal | null, string];
  const own: Row = ['own', 'own', 'own', 'closed'];
  const hidden: Row = ['not_found', 'not_found', 'not_found', 'not_found'];
  it.each(
    table<Row>({
      'superadmin own same org': own,
      'superadmin own other org': own,
      "superadmin other's same org": [null, null, null, 'closed'],
      "superadmin other's other org": [null, null, null, 'closed'],
      'admin own same org': own,
      'admin own other org': hidden,
      "admin other's same org": ['forbidden', null, 'other_level', 'closed'],
      "admin other's other org": hidden,
      'trainer own same org': own,
      'trainer own other org': hidden,
      "trainer other's same org": ['not_found', null, 'other_level', 'closed'],
      "trainer other's other org": hidden,
      'learner own same org': own,
      'learner own other org': hidden,
      "learner other's same org": ['not_found', null, 'other_level', 'closed'],
      "learner other's other org": hidden,
    }),
  )('%s → %j', (_n, c, expected) => {
    const got = [
      decisionRefusal(c.actor, request(c), NONE),
      decisionRefusal(c.actor, request(c), CURRENT),
      decisionRefusal(c.actor, request(c), LATER),
      decisionRefusal(c.actor, request(c, 'approved'), CURRENT),
    ];
    expect(got).toEqual(expected);
  });

  it('every closed status is closed, for the approver of its level and a superadmin alike', () => {
    const c = { organisationId: HOME_ORG, ownerId: 11 } as Case;
    for (const status of ['approved', 'rejected', 'withdrawn', 'expired'] as const) {
      expect(decisionRefusal(actor('trainer'), request(c, status), CURRENT)).toBe('closed');
      expect(decisionRefusal(actor('superadmin'), request(c, status), NONE)).toBe('closed');
    }
  });
});

// Columns: pending, approved. Only the requester withdraws, in the organisation of the request.
describe('canWithdraw', () => {
  type Row = [boolean, boolean];
  const mine: Row = [true, false];
  const no: Row = [false, false];
  it.each(
    table<Row>({
      'superadmin own same org': mine,
      'superadmin own other org': no,
      "superadmin other's same org": no,
      "superadmin other's other org": no,
      'admin own same org': mine,
      'admin own other org': no,
      "admin other's same org": no,
      "admin other's other org": no,
      'trainer own same org': mine,
      'trainer own other org': no,
      "trainer other's same org": no,
      "trainer other's other org": no,
      'learner own same org': mine,
      'learner own other org': no,
      "learner other's same org": no,
      "learner other's other org": no,
    }),
  )('%s → %j', (_n, c, expected) => {
    const got = (['pending', 'approved'] as const).map((s) => canWithdraw(c.actor, request(c, s)));
    expect(got).toEqual(expected);
  });

  it('no closed request is withdrawn', () => {
    const c = { organisationId: HOME_ORG, ownerId: actor('learner').userId } as Case;
    for (const status of ['rejected', 'withdrawn', 'expired'] as const) {
      expect(canWithdraw(actor('learner'), request(c, status))).toBe(false);
    }
  });
});

/*
 * What the web offers, as letters: A approve, R reject, W withdraw. Columns: pending and not
 * involved, pending at the caller's level, approved (the caller was an approver of its level).
 */
describe('requestAbilities', () => {
  type Row = [string, string, string];
  const letters = (a: { approve: boolean; reject: boolean; withdraw: boolean }) =>
    `${a.approve ? 'A' : ''}${a.reject ? 'R' : ''}${a.withdraw ? 'W' : ''}`;
  const nothing: Row = ['', '', ''];
  const requester: Row = ['W', 'W', ''];
  it.each(
    table<Row>({
      'superadmin own same org': requester,
      'superadmin own other org': nothing,
      "superadmin other's same org": ['AR', 'AR', ''],
      "superadmin other's other org": ['AR', 'AR', ''],
      'admin own same org': requester,
      'admin own other org': nothing,
      "admin other's same org": ['', 'AR', ''],
      "admin other's other org": nothing,
      'trainer own same org': requester,
      'trainer own other org': nothing,
      "trainer other's same org": ['', 'AR', ''],
      "trainer other's other org": nothing,
      'learner own same org': requester,
      'learner own other org': nothing,
      "learner other's same org": ['', 'AR', ''],
      "learner other's other org": nothing,
    }),
  )('%s → %j', (_n, c, expected) => {
    const got = [
      requestAbilities(c.actor, request(c), NONE),
      requestAbilities(c.actor, request(c), CURRENT),
      requestAbilities(c.actor, request(c, 'approved'), CURRENT),
    ].map(letters);
    expect(got).toEqual(expected);
  });

  it('an approver of a later level is offered nothing yet', () => {
    const c = { organisationId: HOME_ORG, ownerId: 11 } as Case;
    expect(letters(requestAbilities(actor('trainer'), request(c), LATER))).toBe('');
  });
});

// Columns: the caller's organisation, another organisation.
describe('canConfigure, canSeeAll and canDelegate by role', () => {
  const expected = {
    superadmin: { configure: [true, true], delegate: true },
    admin: { configure: [true, false], delegate: true },
    trainer: { configure: [false, false], delegate: true },
    learner: { configure: [false, false], delegate: false },
  } as const;
  it.each(ROLES)('%s', (role) => {
    const a = actor(role);
    expect([canConfigure(a, HOME_ORG), canConfigure(a, OTHER_ORG)]).toEqual(
      expected[role].configure,
    );
    expect([canSeeAll(a, HOME_ORG), canSeeAll(a, OTHER_ORG)]).toEqual(expected[role].configure);
    expect(canDelegate(a)).toBe(expected[role].delegate);
  });
});
