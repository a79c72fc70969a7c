import { describe, expect, it } from 'vitest';
import { type Case, rowsOf } from '../../../test/policy-table.ts';
import {
  canConfigure,
  canProctor,
  canReport,
  canSeeOrganisationReport,
  canSeeOutcome,
  canSwitchAutoSubmit,
} from './proctoring.policy.ts';

/*
 * The table of proctoring's rules: each row is a caller (role, own object or not, same
 * organisation or not). "Own" means: the assessment's author (settings, proctoring), or the
 * session's learner (reports, outcome).
 */

const assessment = (c: Case, isReviewer = false) => ({
  organisationId: c.organisationId,
  createdBy: c.ownerId,
  isReviewer,
});
const session = (c: Case, open = true) => ({
  userId: c.ownerId,
  organisationId: c.organisationId,
  open,
});

/** One column per variant of the facts; 1 = allowed. */
function table<N extends number>(
  rule: (c: Case) => number[],
  rows: Record<string, number[] & { length: N }>,
) {
  it.each(rowsOf(rows).map(([c, row]) => [c.name, c, row] as const))('%s', (_n, c, row) => {
    expect(rule(c)).toEqual(row);
  });
}

describe('canProctor [author/other, reviewer]', () => {
  table<2>(
    (c) =>
      [canProctor(c.actor, assessment(c)), canProctor(c.actor, assessment(c, true))].map(Number),
    {
      'superadmin own same org': [1, 1],
      'superadmin own other org': [1, 1],
      "superadmin other's same org": [1, 1],
      "superadmin other's other org": [1, 1],
      'admin own same org': [1, 1],
      'admin own other org': [0, 0],
      "admin other's same org": [1, 1],
      "admin other's other org": [0, 0],
      'trainer own same org': [1, 1],
      'trainer own other org': [0, 0],
      // A colleague's assessment: only as one of its reviewers.
      "trainer other's same org": [0, 1],
      "trainer other's other org": [0, 0],
      // A learner is never a proctor, even named as a reviewer by mistake.
      'learner own same org': [0, 0],
      'learner own other org': [0, 0],
      "learner other's same org": [0, 0],
      "learner other's other org": [0, 0],
    },
  );
});

describe('canConfigure, canSwitchAutoSubmit', () => {
  table<2>(
    (c) =>
      [canConfigure(c.actor, assessment(c)), canSwitchAutoSubmit(c.actor, assessment(c))].map(
        Number,
      ),
    {
      'superadmin own same org': [1, 1],
      'superadmin own other org': [1, 1],
      "superadmin other's same org": [1, 1],
      "superadmin other's other org": [1, 1],
      'admin own same org': [1, 1],
      'admin own other org': [0, 0],
      "admin other's same org": [1, 1],
      "admin other's other org": [0, 0],
      // The author configures, but penalising without a human is an admin's switch.
      'trainer own same org': [1, 0],
      'trainer own other org': [0, 0],
      "trainer other's same org": [0, 0],
      "trainer other's other org": [0, 0],
      'learner own same org': [0, 0],
      'learner own other org': [0, 0],
      "learner other's same org": [0, 0],
      "learner other's other org": [0, 0],
    },
  );
});

describe('canReport [open, closed], canSeeOutcome [as learner, as proctor]', () => {
  table<4>(
    (c) =>
      [
        canReport(c.actor, session(c)),
        canReport(c.actor, session(c, false)),
        canSeeOutcome(c.actor, session(c), false),
        canSeeOutcome(c.actor, session(c), true),
      ].map(Number),
    {
      // Nobody reports for a learner, not even a superadmin: the device is theirs.
      'superadmin own same org': [1, 0, 1, 1],
      'superadmin own other org': [0, 0, 0, 1],
      "superadmin other's same org": [0, 0, 0, 1],
      "superadmin other's other org": [0, 0, 0, 1],
      'admin own same org': [1, 0, 1, 1],
      'admin own other org': [0, 0, 0, 1],
      "admin other's same org": [0, 0, 0, 1],
      "admin other's other org": [0, 0, 0, 1],
      'trainer own same org': [1, 0, 1, 1],
      'trainer own other org': [0, 0, 0, 1],
      "trainer other's same org": [0, 0, 0, 1],
      "trainer other's other org": [0, 0, 0, 1],
      'learner own same org': [1, 0, 1, 1],
      'learner own other org': [0, 0, 0, 1],
      "learner other's same org": [0, 0, 0, 1],
      "learner other's other org": [0, 0, 0, 1],
    },
  );
});

describe('canSeeOrganisationReport', () => {
  table<1>((c) => [Number(canSeeOrganisationReport(c.actor, c.organisationId))], {
    'superadmin own same org': [1],
    'superadmin own other org': [1],
    "superadmin other's same org": [1],
    "superadmin other's other org": [1],
    'admin own same org': [1],
    'admin own other org': [0],
    "admin other's same org": [1],
    "admin other's other org": [0],
    'trainer own same org': [0],
    'trainer own other org': [0],
    "trainer other's same org": [0],
    "trainer other's other org": [0],
    'learner own same org': [0],
    'learner own other org': [0],
    "learner other's same org": [0],
    "learner other's other org": [0],
  });
});
