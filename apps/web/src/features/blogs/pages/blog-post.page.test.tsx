import { blogOps, type Operation } from '@atrium/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../shared/api/api-error.ts';
import { call } from '../../../shared/api/call.ts';
import { renderWithApp } from '../../../shared/testing/render-with-app.tsx';
import { makeComment, makePost, page } from '../test-blogs.ts';
import BlogPostPage from './blog-post.page.tsx';

vi.mock('../../../shared/api/call.ts', () => ({ call: vi.fn() }));
vi.mock('../../../shared/notify/notify.ts', () => ({
  notifySuccess: vi.fn(),
  notifyError: vi.fn(),
}));

type Args = { params?: { id: number }; body?: { body: string }; query?: Record<string, unknown> };
let post = makePost();
let comments = [makeComment()];
const sent: unknown[] = [];
const deleted: number[] = [];

beforeEach(() => {
  sent.length = 0;
  deleted.length = 0;
  post = makePost({
    id: 3,
    title: 'Handover tips',
    body_html: '<p>Start with <strong>the patient</strong>.</p>',
    tags: ['handover', 'teamwork'],
    comment_count: 1,
    cover: { uuid: 'u', url: '/api/images/u/', width: 10, height: 10 },
  });
  comments = [makeComment({ id: 1, post: 3, body: 'Good reminder.' })];
  vi.mocked(call).mockImplementation((async (op: Operation, args: Args = {}) => {
    if (op === blogOps.detail) {
      if (args.params!.id === 404) {
        throw new ApiError({ status: 404, message: 'Post not found.', hasServerMessage: true });
      }
      return post;
    }
    if (op === blogOps.comments) return page(comments);
    if (op === blogOps.comment) {
      sent.push(args.body);
      const c = makeComment({
        id: 2,
        body: args.body!.body,
        author: { id: 5, username: 'lee', fullname: 'Lee Learner', image: null },
        abilities: { edit: true, delete: true },
      });
      comments = [...comments, c];
      post = { ...post, comment_count: 2 };
      return c;
    }
    if (op === blogOps.removeComment) {
      deleted.push(args.params!.id);
      comments = comments.filter((c) => c.id !== args.params!.id);
      return null;
    }
    throw new Error(`unexpected ${op.method} ${op.path}`);
  }) as unknown as typeof call);
});

const render = (id = 3) =>
  renderWithApp(<BlogPostPage />, { path: '/blogs/:id', url: `/blogs/${id}` });

describe('BlogPostPage', () => {
  it('shows the cover, title, author, the sanitised body and tags linking to the list', async () => {
    render();
    expect(await screen.findByRole('heading', { level: 1, name: 'Handover tips' })).toBeTruthy();
    expect(screen.getByText('Ada Admin')).toBeTruthy();
    expect(screen.getByText('the patient').tagName).toBe('STRONG');
    const tags = screen.getByRole('navigation', { name: 'Tags' });
    expect(within(tags).getByRole('link', { name: '#teamwork' }).getAttribute('href')).toBe(
      '/blogs?tag=teamwork',
    );
    // A reader who may not edit sees neither Edit nor Delete.
    expect(screen.queryByRole('link', { name: /Edit/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Delete/ })).toBeNull();
  });

  it('adds a comment, refusing a blank one first', async () => {
    render();
    const list = await screen.findByRole('list', { name: 'Comments' });
    expect(within(list).getByText('Good reminder.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Comment' }));
    expect(await screen.findByText('This field may not be blank.')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: 'Write a comment' }), {
      target: { value: 'Thanks for this' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Comment' }));
    await waitFor(() => expect(sent).toEqual([{ body: 'Thanks for this' }]));
    expect(await within(list).findByText('Thanks for this')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Comments (2)' })).toBeTruthy();
    expect(
      (screen.getByRole('textbox', { name: 'Write a comment' }) as HTMLTextAreaElement).value,
    ).toBe('');
  });

  it('deletes one’s own comment after asking', async () => {
    comments = [makeComment({ id: 7, body: 'Mine', abilities: { edit: true, delete: true } })];
    render();
    const item = await screen.findByRole('listitem', { name: 'Comment by Lee Learner' });
    fireEvent.click(within(item).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this comment?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(deleted).toEqual([7]));
  });

  it('labels a held comment and a hidden post for their author', async () => {
    post = {
      ...post,
      moderation_state: 'hidden',
      abilities: { ...post.abilities, comment: false },
    };
    comments = [makeComment({ id: 8, body: 'Held words', moderation_state: 'held' })];
    render();
    expect(
      await screen.findByText('Hidden by a moderator: only you and the admins see this'),
    ).toBeTruthy();
    expect(
      await screen.findByText('Held for review: only you and the admins see this'),
    ).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Write a comment' })).toBeNull();
  });

  it('says when the post does not exist', async () => {
    render(404);
    expect(
      await screen.findByText('This post does not exist, or it is not yours to see.'),
    ).toBeTruthy();
  });
});
