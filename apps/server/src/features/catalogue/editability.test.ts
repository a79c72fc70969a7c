import { isEditable, type TItemStatus } from '@atrium/contract';
import { describe, expect, it } from 'vitest';

// Every status × role, as spec §4 reads (drafts: see the rule's comment).
const TABLE: [TItemStatus, number, boolean][] = [
  ['draft', 1, true],
  ['draft', 2, true],
  ['draft', 3, true],
  ['draft', 4, false],
  ['pending', 1, true],
  ['pending', 2, true],
  ['pending', 3, true],
  ['pending', 4, true],
  ['approved', 1, false],
  ['approved', 2, false],
  ['approved', 3, true],
  ['approved', 4, false],
  ['published', 1, true],
  ['published', 2, true],
  ['published', 3, true],
  ['published', 4, false],
];

describe('editability rule (spec §4)', () => {
  it.each(TABLE)('%s item, role %i → editable: %s', (status, role, expected) => {
    expect(isEditable(status, role)).toBe(expected);
  });
});
