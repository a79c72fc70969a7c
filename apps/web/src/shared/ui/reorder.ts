/** The list with the item at `from` moved to `to` (a new array; out-of-range moves change nothing). */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  if (from < 0 || from >= list.length || to < 0 || to >= list.length || from === to) return next;
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as T);
  return next;
}

/** Moves the item with id `activeId` to where `overId` is (what a drag ends with). */
export function moveById<T extends { id: number }>(
  list: readonly T[],
  activeId: number,
  overId: number,
): T[] {
  return moveItem(
    list,
    list.findIndex((item) => item.id === activeId),
    list.findIndex((item) => item.id === overId),
  );
}

/**
 * For lists the server orders by a `position` field (FAQs): the PATCHes that give the items of
 * one page the positions offset, offset+1, … in their new order, skipping those already right.
 */
export function positionUpdates<T extends { id: number; position: number }>(
  ordered: readonly T[],
  offset: number,
): { id: number; position: number }[] {
  return ordered
    .map((item, index) => ({ id: item.id, position: offset + index, was: item.position }))
    .filter((item) => item.position !== item.was)
    .map(({ id, position }) => ({ id, position }));
}
