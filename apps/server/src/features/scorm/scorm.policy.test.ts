import { describe, expect, it } from 'vitest';
import { actor, rowsOf } from '../../../test/policy-table.ts';
import { mayLookUpScormRecordsOf } from './scorm.policy.ts';

// Ownership here: the records are the caller's own. The organisation is not this rule's: the
// lookup answers 404 for a learner outside the caller's, whatever the rule says.
describe('who looks up whose SCORM records (track by e-mail)', () => {
  it.each(
    rowsOf({
      'superadmin own same org': true,
      'superadmin own other org': true,
      "superadmin other's same org": true,
      "superadmin other's other org": true,
      'admin own same org': true,
      'admin own other org': true,
      "admin other's same org": true,
      "admin other's other org": true,
      'trainer own same org': true,
      'trainer own other org': true,
      "trainer other's same org": true,
      "trainer other's other org": true,
      'learner own same org': true,
      'learner own other org': true,
      "learner other's same org": false,
      "learner other's other org": false,
    }).map(([c, expected]) => [c.name, c, expected] as const),
  )('%s → %s', (_n, c, expected) => {
    expect(mayLookUpScormRecordsOf(c.actor, { userId: c.ownerId })).toBe(expected);
  });

  it('an unknown address is someone else’s: a learner is refused before learning it is unknown', () => {
    expect(mayLookUpScormRecordsOf(actor('learner'), undefined)).toBe(false);
    expect(mayLookUpScormRecordsOf(actor('trainer'), undefined)).toBe(true);
  });
});
