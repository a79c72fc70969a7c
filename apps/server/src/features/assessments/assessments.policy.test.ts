import { describe, expect, it } from 'vitest';
import { type Case, rowsOf } from '../../../test/policy-table.ts';
import {
  type AssessmentFacts,
  assessmentAbilities,
  type BankFacts,
  bankItemAbilities,
  canAssignAssessment,
  canAuthorQuestions,
  canEditAssessment,
  canEditBankItem,
  canGradeAssessment,
  canReportAssessment,
  canSeeAssessment,
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

const assessment = (c: Case, isReviewer: boolean): AssessmentFacts => ({
  organisationId: c.organisationId,
  createdBy: c.ownerId,
  isReviewer,
});

/** [see, edit (= assign, delete), report/grade, report/grade when named a reviewer]. */
const ASSESSMENT_TABLE: Record<string, [0 | 1, 0 | 1, 0 | 1, 0 | 1]> = {
  'superadmin own same org': [1, 1, 1, 1],
  'superadmin own other org': [1, 1, 1, 1],
  "superadmin other's same org": [1, 1, 1, 1],
  "superadmin other's other org": [1, 1, 1, 1],
  'admin own same org': [1, 1, 1, 1],
  'admin own other org': [0, 0, 0, 0],
  "admin other's same org": [1, 1, 1, 1],
  "admin other's other org": [0, 0, 0, 0],
  'trainer own same org': [1, 1, 1, 1],
  // A reviewer row left behind in another organisation opens nothing there.
  'trainer own other org': [0, 0, 0, 0],
  // A colleague's assessment: seen (and copied), not changed; its results only as its reviewer.
  "trainer other's same org": [1, 0, 0, 1],
  "trainer other's other org": [0, 0, 0, 0],
  // Learners take assessments through attempts; the authoring view names the answer keys.
  'learner own same org': [0, 0, 0, 0],
  'learner own other org': [0, 0, 0, 0],
  "learner other's same org": [0, 0, 0, 0],
  "learner other's other org": [0, 0, 0, 0],
};

describe('assessment policy: [see, edit, report, report as reviewer]', () => {
  it.each(rowsOf(ASSESSMENT_TABLE).map(([c, row]) => [c.name, c, row] as const))(
    '%s',
    (_n, c, row) => {
      const plain = assessment(c, false);
      const reviewing = assessment(c, true);
      const got = [
        canSeeAssessment(c.actor, plain) ? 1 : 0,
        canEditAssessment(c.actor, plain) ? 1 : 0,
        canReportAssessment(c.actor, plain) ? 1 : 0,
        canReportAssessment(c.actor, reviewing) ? 1 : 0,
      ];
      expect(got).toEqual(row);
      expect(canAssignAssessment(c.actor, plain)).toBe(!!row[1]);
      expect(canGradeAssessment(c.actor, plain)).toBe(!!row[2]);
      expect(canGradeAssessment(c.actor, reviewing)).toBe(!!row[3]);
      expect(assessmentAbilities(c.actor, reviewing)).toEqual({
        edit: !!row[1],
        delete: !!row[1],
        assign: !!row[1],
        report: !!row[3],
        grade: !!row[3],
      });
    },
  );
});
