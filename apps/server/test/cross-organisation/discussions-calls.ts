import type { FastifyInstance } from 'fastify';
import { bearer } from '../auth.ts';
import { PDF } from '../factories/catalogue.ts';
import type { Body, IdCall, ReverseCall } from './calls.ts';

/**
 * Discussions in the cross-organisation test (see calls.ts): acme's question topic (made by its
 * admin with a PDF attached), an answer of the admin's, the organisation's Question type and a
 * spare type no topic uses (the control renames and deletes it). The §7 course-discussion-*
 * calls name the course question made in objects.ts.
 */
export interface DiscussionObjects {
  discussionType: number;
  spareDiscussionType: number;
  discussion: number;
  discussionAnswer: number;
  discussionAttachment: number;
  /** acme's organisation forum (optional mode) and a thread in it. */
  forumSlug: string;
  forumThread: number;
}

type Json = (
  token: string,
  method: 'POST' | 'PATCH' | 'PUT',
  url: string,
  payload: Body,
) => Promise<{ id: number } & Record<string, unknown>>;

/** The organisation's Question type, as its types list has it (listing provisions them). */
export async function questionTypeOf(app: FastifyInstance, token: string): Promise<number> {
  const res = await app.inject({
    method: 'GET',
    url: '/api/discussions/discussion_type/',
    headers: bearer(token),
  });
  const types = res.json() as { id: number; kind: string }[];
  return types.find((t) => t.kind === 'question')!.id;
}

export async function makeDiscussionObjects(
  app: FastifyInstance,
  json: Json,
  admin: string,
): Promise<DiscussionObjects> {
  const discussionType = await questionTypeOf(app, admin);
  const spare = await json(admin, 'POST', '/api/discussions/discussion_type/', {
    name: 'Suggestion box',
    kind: 'idea',
  });
  const topic = await json(admin, 'POST', '/api/discussions/', {
    parts: [
      { name: 'type', value: String(discussionType) },
      { name: 'title', value: 'Where is the fire exit?' },
      { name: 'body', value: '<p>On the second floor.</p>' },
      { name: 'files', filename: 'plan.pdf', content: PDF, type: 'application/pdf' },
    ],
  });
  const answer = await json(admin, 'POST', '/api/discussions/answear/', {
    discussion: topic.id,
    body: '<p>Behind the lifts.</p>',
  });
  const forum = await json(admin, 'POST', '/api/forum/', {
    name: 'Acme board',
    slug: 'acme-board',
  });
  const thread = await json(admin, 'POST', '/api/discussions/', {
    type: discussionType,
    title: 'Welcome',
    body: '<p>Hello</p>',
    forum: forum.slug,
  });
  return {
    forumSlug: String(forum.slug),
    forumThread: thread.id,
    discussionType,
    spareDiscussionType: spare.id,
    discussion: topic.id,
    discussionAnswer: answer.id,
    discussionAttachment: (topic.attachments as { id: number }[])[0]!.id,
  };
}

const topic = (f: { discussion: number }) => ({ id: f.discussion });

export const DISCUSSION_CALLS: Record<string, IdCall> = {
  'PATCH /api/discussions/discussion_type/:id/': {
    params: (f) => ({ id: f.spareDiscussionType }),
    body: () => ({ name: 'Planted' }),
  },
  'DELETE /api/discussions/discussion_type/:id/': {
    params: (f) => ({ id: f.spareDiscussionType }),
  },
  'GET /api/discussions/:id/': { params: topic },
  'PATCH /api/discussions/:id/': { params: topic, body: () => ({ title: 'Planted' }) },
  'DELETE /api/discussions/:id/': { params: topic },
  'GET /api/discussions/:id/answers/': { params: topic },
  'POST /api/discussions/:id/accept/': {
    params: topic,
    body: (f) => ({ answer: f.discussionAnswer }),
  },
  'POST /api/discussions/:id/follow/': { params: topic, body: () => ({ following: true }) },
  'GET /api/discussions/attachments/:id/': { params: (f) => ({ id: f.discussionAttachment }) },
  'PATCH /api/discussions/answear/:id/': {
    params: (f) => ({ id: f.discussionAnswer }),
    body: () => ({ body: '<p>Planted</p>' }),
  },
  'DELETE /api/discussions/answear/:id/': { params: (f) => ({ id: f.discussionAnswer }) },
  // Forums are named by slug, within the caller's organisation: acme's is nowhere in globex.
  'GET /api/forum/:slug/': { params: (f) => ({ slug: f.forumSlug }) },
  'PATCH /api/forum/:slug/': {
    params: (f) => ({ slug: f.forumSlug }),
    body: () => ({ description: 'Planted' }),
  },
  'DELETE /api/forum/:slug/': { params: (f) => ({ slug: f.forumSlug }) },
  'POST /api/forum/:slug/subscription/': {
    params: (f) => ({ slug: f.forumSlug }),
    body: () => ({ subscribed: true }),
  },
};

export const DISCUSSION_BODY_CALLS: Record<string, IdCall> = {
  'GET /api/discussions/': {
    params: () => ({}),
    query: (f) => `?type=${f.discussionType}`,
    list: true,
  },
  'POST /api/discussions/answear/': {
    params: () => ({}),
    body: (f) => ({ discussion: f.discussion, body: '<p>Planted</p>' }),
  },
  'POST /api/discussions/like-dislike/': {
    params: () => ({}),
    body: (f) => ({ answer: f.discussionAnswer, value: 1 }),
  },
  'POST /api/discussions/views/': {
    params: () => ({}),
    body: (f) => ({ discussion: f.discussion }),
  },
  'GET /api/thread/': { params: () => ({}), query: (f) => `?forum=${f.forumSlug}`, list: true },
};

/**
 * globex starting a topic of acme's type, in acme's course or in acme's forum (its slug: 400,
 * none of them is theirs), or a forum in acme's course (404).
 */
export const DISCUSSION_REVERSE: ReverseCall[] = [
  {
    route: 'POST /api/discussions/',
    body: (n) => ({ type: n.discussionType, title: 'Planted', body: '<p>Planted</p>' }),
  },
  {
    route: 'POST /api/discussions/',
    body: (n, m) => ({
      type: m.discussionType,
      title: 'Planted',
      body: '<p>Planted</p>',
      scope: 'course',
      scope_id: n.course,
    }),
  },
  {
    route: 'POST /api/discussions/',
    body: (n, m) => ({
      type: m.discussionType,
      title: 'Planted',
      body: '<p>Planted</p>',
      forum: n.forumSlug,
    }),
  },
  {
    route: 'POST /api/forum/',
    body: (n) => ({ name: 'Planted', scope: 'course', scope_id: n.course }),
  },
];
