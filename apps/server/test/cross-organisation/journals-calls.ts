import type { Body, IdCall } from './calls.ts';

/**
 * Journals and user planning in the cross-organisation test (see calls.ts): an entry of acme's
 * learner shared with the trainer (the readers an outsider must not join), a spare entry the
 * delete control removes, and a goal with its spare. Only their author may write them, so the
 * controls are acme's learner's.
 */
export interface JournalObjects {
  journalEntry: number;
  spareJournalEntry: number;
  goal: number;
  spareGoal: number;
}

type Json = (
  token: string,
  method: 'POST' | 'PATCH' | 'PUT',
  url: string,
  payload: Body,
) => Promise<{ id: number } & Record<string, unknown>>;

export async function makeJournalObjects(json: Json, learner: string): Promise<JournalObjects> {
  const entry = await json(learner, 'POST', '/api/report/journal/', {
    title: 'Shared reflection',
    body_html: '<p>What I learnt.</p>',
    visibility: 'shared_with_trainer',
  });
  const spare = await json(learner, 'POST', '/api/report/journal/', { title: 'Spare entry' });
  const goal = await json(learner, 'POST', '/api/report/user_planning/', {
    title: 'Finish induction',
    target_date: '2030-01-31',
  });
  const spareGoal = await json(learner, 'POST', '/api/report/user_planning/', { title: 'Spare' });
  return {
    journalEntry: entry.id,
    spareJournalEntry: spare.id,
    goal: goal.id,
    spareGoal: spareGoal.id,
  };
}

export const JOURNAL_CALLS: Record<string, IdCall> = {
  'GET /api/report/update_journal/:id/': {
    params: (f) => ({ id: f.journalEntry }),
    owner: 'learner',
  },
  'PATCH /api/report/update_journal/:id/': {
    params: (f) => ({ id: f.journalEntry }),
    body: () => ({ title: 'Planted' }),
    owner: 'learner',
  },
  'DELETE /api/report/update_journal/:id/': {
    params: (f) => ({ id: f.spareJournalEntry }),
    owner: 'learner',
  },
  'PATCH /api/report/user_planning/:id/': {
    params: (f) => ({ id: f.goal }),
    body: () => ({ status: 'done' }),
    owner: 'learner',
  },
  'DELETE /api/report/user_planning/:id/': {
    params: (f) => ({ id: f.spareGoal }),
    owner: 'learner',
  },
};
