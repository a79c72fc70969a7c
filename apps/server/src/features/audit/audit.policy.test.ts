import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../../test/policy-table.ts';
import { mayReadActivityOf, mayReadEveryonesActivity } from './audit.policy.ts';

// Ownership here: the activity is the caller's own. The organisation is the query's (an admin
// reads only their organisation's activity), not this rule's.
describe("whose activity a caller reads (columns: this user's, everyone's)", () => {
  it.each(
    rowsOf<[one: boolean, everyone: boolean]>({
      'superadmin own same org': [true, true],
      'superadmin own other org': [true, true],
      "superadmin other's same org": [true, true],
      "superadmin other's other org": [true, true],
      'admin own same org': [true, true],
      'admin own other org': [true, true],
      "admin other's same org": [true, true],
      "admin other's other org": [true, true],
      'trainer own same org': [true, false],
      'trainer own other org': [true, false],
      "trainer other's same org": [false, false],
      "trainer other's other org": [false, false],
      'learner own same org': [true, false],
      'learner own other org': [true, false],
      "learner other's same org": [false, false],
      "learner other's other org": [false, false],
    }).map(([c, row]) => [c.name, c, row] as const),
  )('%s → %j', (_n, c, row) => {
    expect([mayReadActivityOf(c.actor, c.ownerId), mayReadEveryonesActivity(c.actor)]).toEqual(row);
  });
});
