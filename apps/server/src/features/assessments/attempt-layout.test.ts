import { describe, expect, it } from 'vitest';
import {
  buildLayout,
  type Candidate,
  drawQuestions,
  itemView,
  layoutItems,
  listOrders,
  type PagePlan,
  type Random,
  shuffled,
} from './attempt-layout.ts';
import { define, opts } from './test-questions.ts';

/** A seeded source (mulberry32), so a draw can be replayed. */
function seeded(seed: number): Random {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const cand = (id: number): Candidate => ({
  questionId: id,
  versionId: id * 10,
  type: 'single_choice',
});
const single = define({ type: 'single_choice', points: 2, options: opts(['a']) });
const ordering = define({
  type: 'ordering',
  points: 1,
  items: ['a', 'b', 'c'].map((id) => ({ id, text: id })),
});

const pool = Array.from({ length: 10 }, (_, i) => cand(i + 1));
const pages: PagePlan[] = [
  {
    title: 'One',
    description: '',
    slots: [
      { kind: 'fixed', question: cand(1), points: null },
      { kind: 'random', candidates: pool, drawCount: 4, points: 3, label: 'Safety' },
    ],
  },
  {
    title: 'Two',
    description: '',
    slots: [{ kind: 'random', candidates: pool, drawCount: 5, points: null, label: 'Safety' }],
  },
];

describe('drawing an attempt’s questions', () => {
  it('never asks a question twice: fixed ones are left out of the draws, earlier draws too', () => {
    for (let seed = 1; seed <= 50; seed++) {
      const drawn = drawQuestions(pages, false, seeded(seed));
      const ids = drawn.flatMap((p) => p.questions.map((q) => q.c.questionId));
      expect(ids).toHaveLength(10);
      expect(new Set(ids).size).toBe(10);
      expect(ids[0]).toBe(1);
    }
  });

  it('is the same draw for the same random source (the layout is stored once, read back as is)', () => {
    const a = drawQuestions(pages, true, seeded(7));
    const b = drawQuestions(pages, true, seeded(7));
    expect(a).toEqual(b);
  });

  it('varies between attempts', () => {
    const orders = new Set(
      Array.from({ length: 20 }, (_, s) =>
        drawQuestions(pages, true, seeded(s + 1))
          .flatMap((p) => p.questions.map((q) => q.c.questionId))
          .join(','),
      ),
    );
    expect(orders.size).toBeGreaterThan(10);
  });

  it('refuses a draw the bank cannot fill, naming it', () => {
    const short: PagePlan[] = [
      {
        title: '',
        description: '',
        slots: [
          {
            kind: 'random',
            candidates: pool.slice(0, 2),
            drawCount: 3,
            points: null,
            label: 'Safety',
          },
        ],
      },
    ];
    expect(() => drawQuestions(short, false, seeded(1))).toThrow(/"Safety" needs 3 questions/);
  });
});

describe('list orders', () => {
  it('shuffles choices only when the assessment says so, and is a permutation', () => {
    expect(listOrders(single, false, seeded(1))).toBeUndefined();
    const seen = new Set<string>();
    for (let s = 1; s <= 40; s++) {
      const order = listOrders(single, true, seeded(s))!.options!;
      expect([...order].sort()).toEqual(['a', 'b', 'c', 'd']);
      seen.add(order.join(''));
    }
    expect(seen.size).toBeGreaterThan(5);
  });

  it('always shuffles ordering items and never shows them in the right order', () => {
    for (let s = 1; s <= 200; s++) {
      const order = listOrders(ordering, false, seeded(s))!.items!;
      expect([...order].sort()).toEqual(['a', 'b', 'c']);
      expect(order).not.toEqual(['a', 'b', 'c']);
    }
  });

  it('builds items numbered across pages with the slot’s points or the question’s', () => {
    const defs = new Map(pool.map((c) => [c.versionId, single]));
    const layout = buildLayout(drawQuestions(pages, false, seeded(3)), defs, true, seeded(3));
    const items = layoutItems(layout);
    expect(items.map((i) => i.item)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(items.map((i) => i.points)).toEqual([2, 3, 3, 3, 3, 2, 2, 2, 2, 2]);
  });

  it('shows the learner the options in the attempt’s order, with no key and the attempt’s points', () => {
    const view = itemView(single, {
      item: 0,
      questionId: 1,
      versionId: 10,
      type: 'single_choice',
      points: 5,
      order: { options: ['c', 'a', 'd', 'b'] },
    });
    expect(view.type).toBe('single_choice');
    if (view.type !== 'single_choice') return;
    expect(view.points).toBe(5);
    expect(view.options.map((o) => o.id)).toEqual(['c', 'a', 'd', 'b']);
    expect(JSON.stringify(view)).not.toContain('correct');
  });

  it('shuffled keeps every element', () => {
    expect(shuffled([1, 2, 3, 4], seeded(9)).sort()).toEqual([1, 2, 3, 4]);
  });
});
