import { describe, expect, it } from 'vitest';
import { moveById, moveItem, positionUpdates } from './reorder.ts';

describe('reorder helpers', () => {
  it('moves an item up and down without changing the input', () => {
    const list = ['a', 'b', 'c', 'd'];
    expect(moveItem(list, 0, 2)).toEqual(['b', 'c', 'a', 'd']);
    expect(moveItem(list, 3, 1)).toEqual(['a', 'd', 'b', 'c']);
    expect(list).toEqual(['a', 'b', 'c', 'd']);
  });

  it('ignores moves out of range or onto itself', () => {
    expect(moveItem([1, 2], 0, 2)).toEqual([1, 2]);
    expect(moveItem([1, 2], -1, 0)).toEqual([1, 2]);
    expect(moveItem([1, 2], 1, 1)).toEqual([1, 2]);
  });

  it('moves by id as a drag ends', () => {
    const list = [{ id: 10 }, { id: 20 }, { id: 30 }];
    expect(moveById(list, 30, 10).map((item) => item.id)).toEqual([30, 10, 20]);
    expect(moveById(list, 99, 10).map((item) => item.id)).toEqual([10, 20, 30]);
  });

  it('renumbers a page of positions, sending only what changed', () => {
    const ordered = [
      { id: 2, position: 11 },
      { id: 1, position: 10 },
      { id: 3, position: 12 },
    ];
    expect(positionUpdates(ordered, 10)).toEqual([
      { id: 2, position: 10 },
      { id: 1, position: 11 },
    ]);
    // Equal positions (older FAQs) become distinct.
    expect(
      positionUpdates(
        [
          { id: 1, position: 0 },
          { id: 2, position: 0 },
        ],
        0,
      ),
    ).toEqual([{ id: 2, position: 1 }]);
  });
});
