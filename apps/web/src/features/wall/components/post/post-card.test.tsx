import { type Operation, wallOps } from '@atrium/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { call } from '../../../../shared/api/call.ts';
import { usePost } from '../../api/wall.api.ts';
import { renderWithApp } from '../../test-render.tsx';
import { ADA, cursorPage, image, LEE, makeComment, makePost } from '../../test-wall.ts';
import { PostCard } from './post-card.tsx';

vi.mock('../../../../shared/api/call.ts', () => ({ call: vi.fn() }));

type Args = { params?: { id: number }; query?: { cursor?: string }; body?: unknown };
const calls: { op: Operation; args: Args }[] = [];
let detail = makePost();

const sentTo = (op: Operation) => calls.filter((c) => c.op === op).map((c) => c.args);

beforeEach(() => {
  calls.length = 0;
  detail = makePost();
  vi.mocked(call).mockImplementation((async (op: Operation, args: Args = {}) => {
    calls.push({ op, args });
    if (op === wallOps.react) {
      const reaction = (args.body as { reaction: string | null }).reaction;
      return {
        counts: {
          like: 2,
          celebrate: reaction === 'celebrate' ? 1 : 0,
          love: 0,
          insightful: 0,
          curious: 0,
        },
        total: reaction === 'celebrate' ? 3 : 2,
        mine: reaction,
      };
    }
    if (op === wallOps.detail) return detail;
    if (op === wallOps.comments) {
      return args.query?.cursor
        ? cursorPage([makeComment({ id: 45, body: 'Last one' })])
        : cursorPage(
            [makeComment({ id: 41, body: 'First!' }), makeComment({ id: 42, body: 'Second' })],
            'n1',
          );
    }
    if (op === wallOps.comment) return makeComment({ id: 50, body: 'Mine' });
    if (op === wallOps.updateComment) {
      return makeComment({
        id: 43,
        body: 'Fixed typo',
        user: LEE,
        edited_at: '2026-03-02T10:00:00Z',
      });
    }
    if (op === wallOps.removeComment || op === wallOps.remove) return undefined;
    throw new Error(`unexpected ${op.method} ${op.path}`);
  }) as unknown as typeof call);
});

/** The card as the feed shows it: from the cache, so the answers' changes show in it. */
function Live() {
  const post = usePost(12);
  return post.data ? <PostCard post={post.data} /> : null;
}

const render = async (post = makePost()) => {
  detail = post;
  renderWithApp(<Live />);
  return screen.findByRole('article', { name: new RegExp(post.user.fullname) });
};

describe('PostCard', () => {
  it('links resolved mentions, hashtags and links', async () => {
    const card = await render(
      makePost({ body: 'Thanks @lee for #FirstAid https://example.org', mentions: [LEE] }),
    );
    expect(within(card).getByRole('link', { name: '@lee' }).getAttribute('href')).toBe(
      '/profile_by_id/5',
    );
    expect(within(card).getByRole('link', { name: '#FirstAid' }).getAttribute('href')).toBe(
      '/socialwall?hashtag=firstaid',
    );
    const link = within(card).getByRole('link', { name: 'https://example.org' });
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer nofollow ugc');
  });

  it('shows an achievement distinctly, with a link to what was achieved', () => {
    renderWithApp(
      <PostCard
        post={makePost({
          kind: 'achievement',
          body: 'completed the course “Fire safety”',
          achievement: { kind: 'course', title: 'Fire safety', link: '/courses/course-detail/4' },
        })}
      />,
    );
    expect(screen.getByText('Ada Admin completed the course “Fire safety”')).toBeTruthy();
    expect(
      screen.getByRole('link', { name: 'View the course: Fire safety' }).getAttribute('href'),
    ).toBe('/courses/course-detail/4');
  });

  it('likes, then picks another reaction from the picker, with the counts shown', async () => {
    const card = await render();
    fireEvent.click(within(card).getByRole('button', { name: 'Like' }));
    await waitFor(() =>
      expect(sentTo(wallOps.react)[0]).toEqual({ params: { id: 12 }, body: { reaction: 'like' } }),
    );
    expect(await within(card).findByText('2 reactions')).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Like' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    fireEvent.click(within(card).getByRole('button', { name: 'Choose a reaction' }));
    const menu = await screen.findByRole('menu', { name: 'Reactions' });
    expect(within(menu).getByRole('menuitem', { name: /Like \(yours\)/ })).toBeTruthy();
    fireEvent.click(within(menu).getByRole('menuitem', { name: /Celebrate/ }));
    expect(await within(card).findByRole('button', { name: 'Celebrate' })).toBeTruthy();
    expect(within(card).getByText('3 reactions')).toBeTruthy();
    // Pressing one's own reaction takes it back.
    fireEvent.click(within(card).getByRole('button', { name: 'Celebrate' }));
    await waitFor(() => expect(sentTo(wallOps.react).at(-1)?.body).toEqual({ reaction: null }));
  });

  it('shows the newest comments, loads all of them by cursor, and adds one', async () => {
    const card = await render(
      makePost({ comment_count: 4, comments: [makeComment({ id: 44, body: 'Newest' })] }),
    );
    expect(within(card).getByText('Newest')).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: 'View all 4 comments' }));
    expect(await within(card).findByText('First!')).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: 'More comments' }));
    expect(await within(card).findByText('Last one')).toBeTruthy();
    expect(sentTo(wallOps.comments).map((a) => a.query)).toEqual([
      { limit: 20 },
      { limit: 20, cursor: 'n1' },
    ]);

    const box = within(card).getByRole('form', { name: 'Write a comment' });
    fireEvent.click(within(box).getByRole('button', { name: 'Post comment' }));
    expect(await within(box).findByText('This field may not be blank.')).toBeTruthy();
    fireEvent.change(within(box).getByRole('textbox'), { target: { value: ' Mine ' } });
    fireEvent.click(within(box).getByRole('button', { name: 'Post comment' }));
    await waitFor(() =>
      expect(sentTo(wallOps.comment)).toEqual([{ params: { id: 12 }, body: { body: 'Mine' } }]),
    );
    // The post is fetched again (its count and newest comments changed).
    await waitFor(() => expect(sentTo(wallOps.detail)).toHaveLength(2));
  });

  it('edits and deletes one’s own comment, deleting only once confirmed', async () => {
    const mine = makeComment({
      id: 43,
      body: 'Fixd typo',
      user: LEE,
      abilities: { edit: true, delete: true },
    });
    const card = await render(makePost({ comment_count: 1, comments: [mine] }));
    detail = makePost({ comment_count: 1, comments: [{ ...mine, body: 'Fixed typo' }] });
    fireEvent.click(within(card).getByRole('button', { name: 'Edit the comment by Lee Learner' }));
    const form = within(card).getByRole('form', { name: 'Edit your comment' });
    fireEvent.change(within(form).getByRole('textbox'), { target: { value: 'Fixed typo' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(sentTo(wallOps.updateComment)).toEqual([
        { params: { id: 43 }, body: { body: 'Fixed typo' } },
      ]),
    );
    expect(await within(card).findByText('Fixed typo')).toBeTruthy();
    fireEvent.click(
      await within(card).findByRole('button', { name: 'Delete the comment by Lee Learner' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Delete this comment?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(sentTo(wallOps.removeComment)).toEqual([]);
    // The page behind the dialog is hidden from assistive technology until it has closed.
    fireEvent.click(
      await within(card).findByRole('button', { name: 'Delete the comment by Lee Learner' }),
    );
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Delete this comment?' })).getByRole(
        'button',
        { name: 'Delete' },
      ),
    );
    await waitFor(() => expect(sentTo(wallOps.removeComment)).toEqual([{ params: { id: 43 } }]));
  });

  it('has no post menu when the post’s abilities allow neither', async () => {
    // The reader's own post (nothing to report): Lee is the signed-in user.
    await render(
      makePost({
        user: LEE,
        abilities: { edit: false, delete: false, comment: true, react: true },
      }),
    );
    expect(
      screen.queryByRole('button', { name: 'Actions for the post by Lee Learner' }),
    ).toBeNull();
  });

  it('offers Report on someone else’s post, opening the report dialog', async () => {
    await render(
      makePost({ abilities: { edit: false, delete: false, comment: true, react: true } }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Actions for the post by Ada Admin' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Report' }));
    expect(await screen.findByRole('dialog', { name: 'Report this post' })).toBeTruthy();
  });

  it('labels the author’s own held post', async () => {
    await render(makePost({ user: LEE, moderation_state: 'held' }));
    expect(screen.getByText('Held for review')).toBeTruthy();
  });

  it('deletes a post once confirmed; an admin gets no Edit', async () => {
    const onDeleted = vi.fn();
    renderWithApp(
      <PostCard
        post={makePost({
          user: ADA,
          abilities: { edit: false, delete: true, comment: true, react: true },
        })}
        onDeleted={onDeleted}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Actions for the post by Ada Admin' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).queryByRole('menuitem', { name: 'Edit' })).toBeNull();
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this post?' });
    expect(sentTo(wallOps.remove)).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(onDeleted).toHaveBeenCalled());
    expect(sentTo(wallOps.remove)).toEqual([{ params: { id: 12 } }]);
  });

  it('shows four images with "+N" and pages through all of them in the lightbox by keyboard', async () => {
    const card = await render(makePost({ images: [1, 2, 3, 4, 5, 6].map(image) }));
    const tiles = within(within(card).getByRole('list', { name: 'Images' })).getAllByRole('button');
    expect(tiles).toHaveLength(4);
    expect(tiles[3]!.getAttribute('aria-label')).toBe('Open image 4 of 6 (2 more)');
    fireEvent.click(tiles[3]!);
    const box = await screen.findByRole('dialog', { name: 'Image 4 of 6 · Ada Admin' });
    fireEvent.keyDown(box, { key: 'ArrowRight' });
    fireEvent.keyDown(box, { key: 'ArrowRight' });
    expect(screen.getByRole('dialog', { name: 'Image 6 of 6 · Ada Admin' })).toBeTruthy();
    fireEvent.keyDown(box, { key: 'ArrowRight' });
    expect(screen.getByRole('img', { name: 'Image 1 of 6 posted by Ada Admin' })).toBeTruthy();
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
