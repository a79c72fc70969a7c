import type { TLearningPathDetail, TLearningPathItem } from '@atrium/contract';

export type TimelineEntry =
  | { kind: 'item'; item: TLearningPathItem }
  | {
      kind: 'group';
      group: TLearningPathDetail['electives'][number];
      items: TLearningPathItem[];
      /** How many of its courses the caller has completed. */
      done: number;
    };

/**
 * The learner's timeline: required courses in their order, and each elective set as one group
 * placed where its first course stands ("Choose 2 of 4"), so the path reads top to bottom.
 */
export function timelineEntries(detail: TLearningPathDetail): TimelineEntry[] {
  const items = [...detail.items].sort((a, b) => a.position - b.position);
  const groups = new Map(detail.electives.map((g) => [g.id, g]));
  const placed = new Set<number>();
  const entries: TimelineEntry[] = [];
  for (const item of items) {
    const group = item.elective_group === null ? undefined : groups.get(item.elective_group);
    if (!group) {
      entries.push({ kind: 'item', item });
      continue;
    }
    if (placed.has(group.id)) continue;
    placed.add(group.id);
    const members = items.filter((i) => i.elective_group === group.id);
    entries.push({
      kind: 'group',
      group,
      items: members,
      done: members.filter((i) => i.mine?.state === 'completed').length,
    });
  }
  return entries;
}

/** "A", "A and B", "A, B and C". */
export function joinTitles(titles: readonly string[]): string {
  if (titles.length <= 1) return titles[0] ?? '';
  return `${titles.slice(0, -1).join(', ')} and ${titles[titles.length - 1]}`;
}

/** Why a locked course waits, naming the courses to complete first. */
export function lockReason(item: TLearningPathItem, detail: TLearningPathDetail): string | null {
  if (item.mine?.state !== 'locked') return null;
  const titles = item.mine.waiting_for
    .map((id) => detail.items.find((i) => i.id === id)?.course.title)
    .filter((title): title is string => title !== undefined);
  return titles.length > 0 ? `Complete ${joinTitles(titles)} first` : 'Locked for now';
}
