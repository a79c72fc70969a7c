import { describe, expect, it } from 'vitest';
import { dropSlot, type Layout, movePage, moveSlot } from './layout-model.ts';

const layout: Layout = [
  { id: 11, slots: [1, 2, 3] },
  { id: 12, slots: [4] },
  { id: 13, slots: [] },
];

describe('layout moves', () => {
  it('moves a page', () => {
    expect(movePage(layout, 13, 0).map((p) => p.id)).toEqual([13, 11, 12]);
    expect(movePage(layout, 11, 5)).toBe(layout);
  });

  it('moves a question within its page and to another page', () => {
    expect(moveSlot(layout, 1, 11, 2)[0]?.slots).toEqual([2, 3, 1]);
    const moved = moveSlot(layout, 2, 12, 0);
    expect(moved[0]?.slots).toEqual([1, 3]);
    expect(moved[1]?.slots).toEqual([2, 4]);
  });

  it('drops a question onto another question or an empty page', () => {
    // Dragged down, it takes the place of the one under it.
    expect(dropSlot(layout, 1, { slot: 3 })[0]?.slots).toEqual([2, 3, 1]);
    expect(dropSlot(layout, 3, { slot: 1 })[0]?.slots).toEqual([3, 1, 2]);
    expect(dropSlot(layout, 4, { slot: 2 })[0]?.slots).toEqual([1, 4, 2, 3]);
    const onEmpty = dropSlot(layout, 4, { page: 13 });
    expect(onEmpty[1]?.slots).toEqual([]);
    expect(onEmpty[2]?.slots).toEqual([4]);
    expect(dropSlot(layout, 4, { page: 12 })).toBe(layout);
  });
});
