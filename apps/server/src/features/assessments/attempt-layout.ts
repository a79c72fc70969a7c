import {
  learnerView,
  type TQuestionDefinition,
  type TQuestionType,
  type TQuestionView,
} from '@atrium/contract';

/**
 * An attempt's layout (issue 16): what this attempt asks, frozen at its start and stored in
 * `assessment_attempts.layout`, so random draws and shuffles never change under the learner
 * (a reload, another device, the result page and the grading all read the same items).
 * Pure: the start builds it from the assessment's pages and the bank's candidates with a random
 * source it is given, so the tests can replay a draw.
 */

/** The lists of a question whose order may be shuffled, by the definition's field name. */
export type OrderedList = 'options' | 'responses' | 'items';

export interface LayoutItem {
  /** Index in the attempt, 0…n-1 across pages: saves and answers name it. */
  item: number;
  questionId: number;
  /** The question version asked (question_versions.id). */
  versionId: number;
  type: TQuestionType;
  points: number;
  /** The ids of each shuffled list in the order shown; a list not named keeps its own order. */
  order?: Partial<Record<OrderedList, string[]>>;
}

export interface AttemptLayout {
  pages: { title: string; description: string; items: LayoutItem[] }[];
}

/** A bank question a slot may ask: its current version. */
export interface Candidate {
  questionId: number;
  versionId: number;
  type: TQuestionType;
}

export type SlotPlan =
  | { kind: 'fixed'; question: Candidate; points: number | null }
  | {
      kind: 'random';
      candidates: Candidate[];
      drawCount: number;
      points: number | null;
      label: string;
    };

export interface PagePlan {
  title: string;
  description: string;
  slots: SlotPlan[];
}

export type Random = () => number;

/** A random slot asks for more questions than the bank has left for it. */
export class DrawShortage extends Error {}

/** Fisher–Yates with the given source: every permutation equally likely. */
export function shuffled<T>(list: readonly T[], random: Random): T[] {
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/**
 * The questions of each page: fixed ones as placed, random slots drawn without repeating a
 * question the attempt already asks (fixed anywhere, or drawn by an earlier slot). Throws a
 * learner-readable message when a draw cannot be filled: a shorter exam than the author set
 * would be graded out of a different total.
 */
export function drawQuestions(
  pages: readonly PagePlan[],
  shuffleQuestions: boolean,
  random: Random,
): { title: string; description: string; questions: { c: Candidate; points: number | null }[] }[] {
  const used = new Set<number>();
  for (const page of pages)
    for (const slot of page.slots) if (slot.kind === 'fixed') used.add(slot.question.questionId);
  return pages.map((page) => {
    const questions: { c: Candidate; points: number | null }[] = [];
    for (const slot of page.slots) {
      if (slot.kind === 'fixed') {
        questions.push({ c: slot.question, points: slot.points });
        continue;
      }
      const left = slot.candidates.filter((c) => !used.has(c.questionId));
      if (left.length < slot.drawCount)
        throw new DrawShortage(
          `The draw "${slot.label}" needs ${slot.drawCount} questions and the bank has ${left.length} more.`,
        );
      for (const c of shuffled(left, random).slice(0, slot.drawCount)) {
        used.add(c.questionId);
        questions.push({ c, points: slot.points });
      }
    }
    return {
      title: page.title,
      description: page.description,
      questions: shuffleQuestions ? shuffled(questions, random) : questions,
    };
  });
}

/**
 * The shown order of a question's lists. Choices and matching responses are shuffled when the
 * assessment says so; ordering items always are, and never left in the right order (with two or
 * more distinct items), since that order is the answer.
 */
export function listOrders(
  q: TQuestionDefinition,
  shuffleOptions: boolean,
  random: Random,
): LayoutItem['order'] {
  switch (q.type) {
    case 'single_choice':
    case 'multiple_choice':
      return shuffleOptions ? { options: shuffled(q.options, random).map((o) => o.id) } : undefined;
    case 'matching':
      return shuffleOptions
        ? { responses: shuffled(q.responses, random).map((r) => r.id) }
        : undefined;
    case 'ordering': {
      const right = q.items.map((i) => i.id);
      let order = shuffled(right, random);
      // A shuffle lands on the answer 1 time in n!; rotating by one then moves every item.
      if (right.length > 1 && order.every((id, i) => id === right[i]))
        order = [...order.slice(1), order[0]!];
      return { items: order };
    }
    default:
      return undefined;
  }
}

/**
 * The layout from the drawn questions and their definitions (by version id): points are the
 * slot's when it sets them, else the question's.
 */
export function buildLayout(
  drawn: ReturnType<typeof drawQuestions>,
  definitions: ReadonlyMap<number, TQuestionDefinition>,
  shuffleOptions: boolean,
  random: Random,
): AttemptLayout {
  let item = 0;
  return {
    pages: drawn.map((page) => ({
      title: page.title,
      description: page.description,
      items: page.questions.map(({ c, points }) => {
        const q = definitions.get(c.versionId);
        if (!q) throw new Error(`question version ${c.versionId} is missing`);
        const order = listOrders(q, shuffleOptions, random);
        return {
          item: item++,
          questionId: c.questionId,
          versionId: c.versionId,
          type: q.type,
          points: points ?? q.points,
          ...(order ? { order } : {}),
        };
      }),
    })),
  };
}

export const layoutItems = (layout: AttemptLayout): LayoutItem[] =>
  layout.pages.flatMap((p) => p.items);

/** Reorders `list` (objects with ids) as `order` says; ids not named keep their place at the end. */
function inOrder<T extends { id: string }>(list: readonly T[], order: string[] | undefined): T[] {
  if (!order) return [...list];
  const rank = new Map(order.map((id, i) => [id, i]));
  return [...list].sort(
    (a, b) => (rank.get(a.id) ?? order.length) - (rank.get(b.id) ?? order.length),
  );
}

/**
 * What the learner sees of an item: the contract's learner view (no key) with the attempt's
 * points and its lists in the attempt's order.
 */
export function itemView(q: TQuestionDefinition, item: LayoutItem): TQuestionView {
  const view = { ...learnerView(q), points: item.points } as TQuestionView;
  const o = item.order ?? {};
  if ((view.type === 'single_choice' || view.type === 'multiple_choice') && o.options)
    return { ...view, options: inOrder(view.options, o.options) };
  if (view.type === 'matching' && o.responses)
    return { ...view, responses: inOrder(view.responses, o.responses) };
  if (view.type === 'ordering' && o.items) return { ...view, items: inOrder(view.items, o.items) };
  return view;
}

/** The definition scored with the attempt's points (a slot may weigh a question differently). */
export function withPoints(q: TQuestionDefinition, points: number): TQuestionDefinition {
  return { ...q, points };
}
