import { describe, expect, it } from 'vitest';
import { type Case, rowsOf } from '../../../test/policy-table.ts';
import {
  type BankFacts,
  bankItemAbilities,
  canAuthorQuestions,
  canEditBankItem,
  canSeeBankItem,
} from './assessments.policy.ts';

const item = (c: Case): BankFacts => ({ organisationId: c.organisationId, createdBy: c.ownerId });

/** One row per case: [author (create in own org), see, edit]. */
const TABLE: Record<string, [0 | 1, 0 | 1, 0 | 1]> = {
  'superadmin own same org': [1, 1, 1],
  'superadmin own other org': [1, 1, 1],
  "superadmin other's same org": [1, 1, 1],
  "superadmin other's other org": [1, 1, 1],
  'admin own same org': [1, 1, 1],
  'admin own other org': [1, 0, 0],
  "admin other's same org": [1, 1, 1],
  "admin other's other org": [1, 0, 0],
  // Trainers read the whole bank of their organisation, change only what they made.
  'trainer own same org': [1, 1, 1],
  'trainer own other org': [1, 0, 0],
  "trainer other's same org": [1, 1, 0],
  "trainer other's other org": [1, 0, 0],
  // The bank holds answer keys: learners see none of it, not even what names them.
  'learner own same org': [0, 0, 0],
  'learner own other org': [0, 0, 0],
  "learner other's same org": [0, 0, 0],
  "learner other's other org": [0, 0, 0],
};

describe('question bank policy: [author, see, edit]', () => {
  it.each(rowsOf(TABLE).map(([c, row]) => [c.name, c, row] as const))('%s', (_n, c, row) => {
    const got = [
      canAuthorQuestions(c.actor) ? 1 : 0,
      canSeeBankItem(c.actor, item(c)) ? 1 : 0,
      canEditBankItem(c.actor, item(c)) ? 1 : 0,
    ];
    expect(got).toEqual(row);
    // The abilities say the same as the predicate, never more.
    expect(bankItemAbilities(c.actor, item(c))).toEqual({ edit: !!row[2], delete: !!row[2] });
  });
});
