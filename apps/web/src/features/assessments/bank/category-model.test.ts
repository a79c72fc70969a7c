import { describe, expect, it } from 'vitest';
import { categoryRows, subtreeIds } from './category-model.ts';
import { makeCategory } from './test-utils.tsx';

const tree = [
  makeCategory(1, 'Science', null, 1),
  makeCategory(2, 'Physics', 1, 4),
  makeCategory(3, 'Optics', 2, 2),
  makeCategory(4, 'Biology', 1, 0),
  makeCategory(5, 'Art', null, 3),
  makeCategory(6, 'Lost', 99, 1),
];

describe('categoryRows', () => {
  it('orders the tree depth-first by name and counts each branch whole', () => {
    expect(categoryRows(tree).map((r) => [r.category.name, r.depth, r.total])).toEqual([
      ['Art', 0, 3],
      // A parent the list does not hold puts the category at the top rather than hiding it.
      ['Lost', 0, 1],
      ['Science', 0, 7],
      ['Biology', 1, 0],
      ['Physics', 1, 6],
      ['Optics', 2, 2],
    ]);
  });
});

describe('subtreeIds', () => {
  it('holds the category and everything under it, which it may not move into', () => {
    expect([...subtreeIds(tree, 1)].sort()).toEqual([1, 2, 3, 4]);
    expect([...subtreeIds(tree, 2)].sort()).toEqual([2, 3]);
    expect([...subtreeIds(tree, 5)]).toEqual([5]);
  });
});
