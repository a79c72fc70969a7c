import type { TQuestionCategory } from '@atrium/contract';

/* The category tree drawn from the flat list the server gives, and the moves it allows. */

export interface CategoryRow {
  category: TQuestionCategory;
  depth: number;
  /** Questions in this category and every one under it (what the list shows when it is chosen). */
  total: number;
}

/** Depth-first, siblings by name; a category whose parent is missing sits at the top. */
export function categoryRows(categories: readonly TQuestionCategory[]): CategoryRow[] {
  const ids = new Set(categories.map((c) => c.id));
  const children = new Map<number | null, TQuestionCategory[]>();
  for (const c of categories) {
    const parent = c.parent !== null && ids.has(c.parent) ? c.parent : null;
    children.set(parent, [...(children.get(parent) ?? []), c]);
  }
  const rows: CategoryRow[] = [];
  const visit = (parent: number | null, depth: number, seen: Set<number>): number => {
    let sum = 0;
    const list = [...(children.get(parent) ?? [])].sort((a, b) => a.name.localeCompare(b.name));
    for (const category of list) {
      if (seen.has(category.id)) continue;
      seen.add(category.id);
      const row: CategoryRow = { category, depth, total: category.question_count };
      rows.push(row);
      row.total += visit(category.id, depth + 1, seen);
      sum += row.total;
    }
    return sum;
  };
  visit(null, 0, new Set());
  return rows;
}

/** The category and everything under it: none of them may become its parent. */
export function subtreeIds(categories: readonly TQuestionCategory[], id: number): Set<number> {
  const out = new Set([id]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const c of categories) {
      if (c.parent !== null && out.has(c.parent) && !out.has(c.id)) {
        out.add(c.id);
        grew = true;
      }
    }
  }
  return out;
}
