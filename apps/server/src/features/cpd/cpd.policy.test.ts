import { describe, expect, it } from 'vitest';
import { CASES, type Case, rowsOf } from '../../../test/policy-table.ts';
import {
  canManageCpd,
  canReadLedger,
  canWithdrawEntry,
  type EntryFacts,
  entryAbilities,
} from './cpd.policy.ts';

/*
 * The CPD rules as tables: "own" is the learner's own ledger (or entry), "other org" moves the
 * ledger to another organisation. 1 allowed, 0 refused.
 */

const entry = (c: Case, status: EntryFacts['status'] = 'pending'): EntryFacts => ({
  userId: c.ownerId,
  organisationId: c.organisationId,
  status,
  sourceKind: 'external',
  evidenceKey: 'cpd/evidence/x.pdf',
});

function table(rule: (c: Case) => boolean, rows: Record<string, 0 | 1>) {
  it.each(rowsOf(rows).map(([c, row]) => [c.name, c, row] as const))('%s', (_n, c, row) => {
    expect(rule(c) ? 1 : 0).toBe(row);
  });
}

describe('canReadLedger: the learner, and the admins of the organisation', () => {
  table((c) => canReadLedger(c.actor, { userId: c.ownerId, organisationId: c.organisationId }), {
    'superadmin own same org': 1,
    'superadmin own other org': 1,
    "superadmin other's same org": 1,
    "superadmin other's other org": 1,
    'admin own same org': 1,
    'admin own other org': 0,
    "admin other's same org": 1,
    "admin other's other org": 0,
    'trainer own same org': 1,
    'trainer own other org': 0,
    "trainer other's same org": 0,
    "trainer other's other org": 0,
    'learner own same org': 1,
    'learner own other org': 0,
    "learner other's same org": 0,
    "learner other's other org": 0,
  });
});

describe('canManageCpd: schemes and categories are the admins’', () => {
  table((c) => canManageCpd(c.actor, c.organisationId), {
    'superadmin own same org': 1,
    'superadmin own other org': 1,
    "superadmin other's same org": 1,
    "superadmin other's other org": 1,
    'admin own same org': 1,
    'admin own other org': 0,
    "admin other's same org": 1,
    "admin other's other org": 0,
    'trainer own same org': 0,
    'trainer own other org': 0,
    "trainer other's same org": 0,
    "trainer other's other org": 0,
    'learner own same org': 0,
    'learner own other org': 0,
    "learner other's same org": 0,
    "learner other's other org": 0,
  });
});

describe('canWithdrawEntry: only the learner who added it', () => {
  table((c) => canWithdrawEntry(c.actor, entry(c)), {
    'superadmin own same org': 1,
    'superadmin own other org': 1,
    "superadmin other's same org": 0,
    "superadmin other's other org": 0,
    'admin own same org': 1,
    'admin own other org': 0,
    "admin other's same org": 0,
    "admin other's other org": 0,
    'trainer own same org': 1,
    'trainer own other org': 0,
    "trainer other's same org": 0,
    "trainer other's other org": 0,
    'learner own same org': 1,
    'learner own other org': 0,
    "learner other's same org": 0,
    "learner other's other org": 0,
  });
});

describe('entryAbilities: withdraw only while pending; evidence for whoever reads the ledger', () => {
  const own = CASES.find((c) => c.name === 'learner own same org')!;
  const admin = CASES.find((c) => c.name === "admin other's same org")!;
  it.each([
    ['pending', true],
    ['credited', false],
    ['rejected', false],
  ] as const)('the learner’s own %s entry: withdraw %s', (status, withdraw) => {
    expect(entryAbilities(own.actor, entry(own, status))).toEqual({
      withdraw,
      download_evidence: true,
    });
  });
  it('an admin downloads a learner’s evidence but does not withdraw their entry', () => {
    expect(entryAbilities(admin.actor, entry(admin))).toEqual({
      withdraw: false,
      download_evidence: true,
    });
  });
});
