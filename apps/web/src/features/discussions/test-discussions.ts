import type {
  TDiscussion,
  TDiscussionAnswer,
  TDiscussionAnswerThread,
  TDiscussionSummary,
  TDiscussionType,
  TForum,
  TPage,
} from '@atrium/contract';

/* Builders of the API's discussion objects for this feature's tests. */

export const page = <T>(results: T[], count = results.length): TPage<T> => ({
  count,
  next: null,
  previous: null,
  results,
});

export const TYPES: TDiscussionType[] = [
  { id: 1, name: 'Question', kind: 'question', topic_count: 3 },
  { id: 2, name: 'Idea', kind: 'idea', topic_count: 0 },
  { id: 3, name: 'General', kind: 'general', topic_count: 1 },
];

export const SCOPES = [
  { scope: 'organisation' as const, id: null, name: 'Acme Care' },
  { scope: 'course' as const, id: 31, name: 'Safe lifting' },
];

const person = { id: 9, fullname: 'Lee Learner', image: null };

export function makeSummary(over: Partial<TDiscussionSummary> = {}): TDiscussionSummary {
  return {
    id: 12,
    type: { id: 1, name: 'Question', kind: 'question' },
    scope: 'organisation',
    scope_ref: null,
    forum: null,
    title: 'Where is the fire exit?',
    excerpt: 'I could not find it on the plan.',
    user: person,
    created_at: '2026-03-02T08:00:00Z',
    last_activity_at: '2026-03-02T09:00:00Z',
    pinned: false,
    locked: false,
    closed: false,
    accepted_answer: null,
    answer_count: 2,
    view_count: 14,
    following: false,
    attachment_count: 0,
    moderation_state: 'visible',
    likes: 3,
    dislikes: 0,
    my_reaction: 0,
    ...over,
  };
}

const noTopicAbilities = {
  edit: false,
  delete: false,
  answer: true,
  react: true,
  follow: true,
  moderate: false,
  close: false,
  accept: false,
};

export function makeTopic(
  over: Partial<Omit<TDiscussion, 'abilities'>> & {
    abilities?: Partial<TDiscussion['abilities']>;
  } = {},
): TDiscussion {
  const { abilities, ...rest } = over;
  return {
    ...makeSummary(),
    body: '<p>I could not find it on the <strong>plan</strong>.</p>',
    edited_at: null,
    attachments: [],
    accepted: null,
    ...rest,
    abilities: { ...noTopicAbilities, ...abilities },
  };
}

export function makeAnswer(
  over: Partial<Omit<TDiscussionAnswer, 'abilities'>> & {
    abilities?: Partial<TDiscussionAnswer['abilities']>;
  } = {},
): TDiscussionAnswer {
  const { abilities, ...rest } = over;
  return {
    id: 40,
    discussion: 12,
    parent: null,
    user: { id: 2, fullname: 'Ada Admin', image: null },
    body: '<p>Next to the lifts.</p>',
    created_at: '2026-03-02T09:00:00Z',
    edited_at: null,
    accepted: false,
    moderation_state: 'visible',
    likes: 0,
    dislikes: 0,
    my_reaction: 0,
    ...rest,
    abilities: {
      edit: false,
      delete: false,
      reply: rest.parent === undefined || rest.parent === null,
      accept: false,
      react: true,
      ...abilities,
    },
  };
}

export function makeThread(
  answer: TDiscussionAnswer,
  replies: TDiscussionAnswer[] = [],
): TDiscussionAnswerThread {
  return { ...answer, replies };
}

export function makeForum(
  over: Partial<Omit<TForum, 'abilities'>> & { abilities?: Partial<TForum['abilities']> } = {},
): TForum {
  const { abilities, ...rest } = over;
  return {
    id: 5,
    slug: 'general',
    name: 'General',
    description: 'Anything about the organisation.',
    scope: 'organisation',
    scope_ref: null,
    subscription_mode: 'optional',
    subscribed: false,
    thread_count: 4,
    last_activity_at: '2026-03-02T09:00:00Z',
    created_at: '2026-03-01T08:00:00Z',
    ...rest,
    abilities: { edit: false, delete: false, post: true, subscribe: true, ...abilities },
  };
}
