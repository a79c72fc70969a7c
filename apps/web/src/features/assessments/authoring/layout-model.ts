import type { TAssessmentPage } from '@atrium/contract';

/*
 * The order of pages and of the questions on them, as the layout operation takes it. Pure, so
 * every way of moving (dragging, the arrow buttons, "move to page") gives the same payload.
 */

export type Layout = { id: number; slots: number[] }[];

export function layoutOf(pages: readonly TAssessmentPage[]): Layout {
  return pages.map((p) => ({ id: p.id, slots: p.slots.map((s) => s.id) }));
}

export function pageOfSlot(layout: Layout, slot: number): number | undefined {
  return layout.find((p) => p.slots.includes(slot))?.id;
}

/** Moves a page to `to` (an index among pages). */
export function movePage(layout: Layout, page: number, to: number): Layout {
  const from = layout.findIndex((p) => p.id === page);
  if (from < 0 || to < 0 || to >= layout.length || from === to) return layout;
  const next = [...layout];
  const [moved] = next.splice(from, 1);
  if (moved) next.splice(to, 0, moved);
  return next;
}

/** Moves a slot to `index` on page `toPage` (to the end when index is past it). */
export function moveSlot(layout: Layout, slot: number, toPage: number, index: number): Layout {
  const fromPage = pageOfSlot(layout, slot);
  if (fromPage === undefined || !layout.some((p) => p.id === toPage)) return layout;
  const without = layout.map((p) =>
    p.id === fromPage ? { ...p, slots: p.slots.filter((s) => s !== slot) } : p,
  );
  return without.map((p) => {
    if (p.id !== toPage) return p;
    const slots = [...p.slots];
    slots.splice(Math.max(0, Math.min(index, slots.length)), 0, slot);
    return { ...p, slots };
  });
}

/** Where a dragged slot lands when dropped on another slot or on a page (its end). */
export function dropSlot(
  layout: Layout,
  slot: number,
  over: { slot?: number; page?: number },
): Layout {
  if (over.slot !== undefined) {
    if (over.slot === slot) return layout;
    const toPage = pageOfSlot(layout, over.slot);
    if (toPage === undefined) return layout;
    const target = layout.find((p) => p.id === toPage)?.slots ?? [];
    // It takes the place of the slot under it: after it when dragged down the same page
    // (removing the dragged one shifts the rest up), before it otherwise.
    return moveSlot(layout, slot, toPage, target.indexOf(over.slot));
  }
  if (over.page !== undefined) {
    const target = layout.find((p) => p.id === over.page);
    if (!target || target.slots.includes(slot)) return layout;
    return moveSlot(layout, slot, over.page, target.slots.length);
  }
  return layout;
}

export function sameLayout(a: Layout, b: Layout): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
