import { type Operation, wallOps } from '@atrium/contract';
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../shared/api/api-error.ts';
import { call } from '../../../shared/api/call.ts';
import { renderWithApp } from '../test-render.tsx';
import { cursorPage, makeComment, makePost } from '../test-wall.ts';
import WallPostPage from './wall-post.page.tsx';

vi.mock('../../../shared/api/call.ts', () => ({ call: vi.fn() }));

let detail: () => unknown;

beforeEach(() => {
  vi.mocked(call).mockImplementation((async (op: Operation) => {
    if (op === wallOps.detail) return detail();
    if (op === wallOps.comments) {
      return cursorPage([
        makeComment({ id: 1, body: 'Older' }),
        makeComment({ id: 2, body: 'Newer' }),
      ]);
    }
    throw new Error(`unexpected ${op.method} ${op.path}`);
  }) as unknown as typeof call);
});

const render = () =>
  renderWithApp(<WallPostPage />, { path: '/socialwall/:id', url: '/socialwall/12' });

describe('WallPostPage', () => {
  it('shows the post with all its comments', async () => {
    detail = () =>
      makePost({
        body: 'Open day',
        comment_count: 2,
        comments: [makeComment({ id: 2, body: 'Newer' })],
      });
    render();
    expect(await screen.findByText('Open day')).toBeTruthy();
    expect(await screen.findByText('Older')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /View all/ })).toBeNull();
  });

  it('says when the post is gone', async () => {
    detail = () => {
      throw new ApiError({ status: 404, message: 'Not found.', hasServerMessage: true });
    };
    render();
    expect(await screen.findByText('This post is no longer on the wall.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the wall' }).getAttribute('href')).toBe(
      '/socialwall',
    );
  });
});
