import { manualOps, type Operation, ROLE } from '@atrium/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../shared/api/api-error.ts';
import { call } from '../../../shared/api/call.ts';
import { renderWithApp } from '../../../shared/testing/render-with-app.tsx';
import { makeHit, makePage, makeSummary } from '../test-manual.ts';
import UserManualPage from './user-manual.page.tsx';

vi.mock('../../../shared/api/call.ts', () => ({ call: vi.fn() }));

type Args = { params?: { slug: string }; query?: { q: string } };
const calls: { op: Operation; args: Args }[] = [];
let answer: (op: Operation, args: Args) => unknown;

const failure = (status: number, message: string) =>
  new ApiError({ status, message, hasServerMessage: true });

beforeEach(() => {
  calls.length = 0;
  answer = (op, args) => {
    if (op === manualOps.list) {
      return {
        results: [
          makeSummary(),
          makeSummary({
            slug: 'reports',
            title: 'Reading reports',
            summary: 'Charts and exports.',
          }),
        ],
      };
    }
    if (op === manualOps.search) return { query: args.query?.q, results: [makeHit()] };
    if (op === manualOps.page) return makePage();
    throw new Error(`unexpected ${op.method} ${op.path}`);
  };
  vi.mocked(call).mockImplementation((async (op: Operation, args: Args = {}) => {
    calls.push({ op, args });
    return answer(op, args);
  }) as unknown as typeof call);
});

const show = (url: string, roleId: number = ROLE.TRAINER) =>
  renderWithApp(<UserManualPage />, { path: '/user-manual/:slug?', url, roleId });

describe('UserManualPage', () => {
  it('refuses learners without asking the server', async () => {
    show('/user-manual', ROLE.LEARNER);
    expect(await screen.findByText('The user manual is for staff')).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('lists the pages of my role, each opening its page', async () => {
    const { router } = show('/user-manual');
    const list = await screen.findByRole('list', { name: 'Manual pages' });
    expect(within(list).getByText('Authoring a course')).toBeTruthy();
    expect(within(list).getByText('Charts and exports.')).toBeTruthy();
    fireEvent.click(within(list).getByText('Reading reports'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/user-manual/reports'));
  });

  it('searches as I type and links each hit to its section', async () => {
    const { router } = show('/user-manual');
    await screen.findByRole('list', { name: 'Manual pages' });
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search the manual' }), {
      target: { value: 'import ' },
    });
    const results = await screen.findByRole('list', { name: 'Search results for import' });
    expect(within(results).getByText('…press Import courses…')).toBeTruthy();
    expect(calls.find((c) => c.op === manualOps.search)?.args.query).toEqual({ q: 'import' });
    expect(router.state.location.search).toBe('?q=import');
    const link = within(results).getByRole('link');
    expect(link.getAttribute('href')).toBe('/user-manual/authoring-a-course#many-at-once');
  });

  it('says so when nothing matches, and when no page is written for my role', async () => {
    answer = (op, args) =>
      op === manualOps.search ? { query: args.query?.q, results: [] } : { results: [] };
    show('/user-manual?q=zebra');
    expect(await screen.findByText(/Nothing in the manual matches “zebra”/)).toBeTruthy();
    show('/user-manual');
    expect(await screen.findByText(/No manual pages are written for your role/)).toBeTruthy();
  });

  it('shows an error with a Retry, and the refusal when the server refuses', async () => {
    answer = () => {
      throw failure(500, 'Server trouble.');
    };
    show('/user-manual');
    expect(await screen.findByText('Server trouble.')).toBeTruthy();
    answer = () => ({ results: [makeSummary()] });
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Authoring a course')).toBeTruthy();

    answer = () => {
      throw failure(403, 'You do not have permission to perform this action.');
    };
    show('/user-manual', ROLE.HIRING_MANAGER);
    expect(await screen.findByText('The user manual is for staff')).toBeTruthy();
  });

  it('shows a page with its screens and a table of contents', async () => {
    show('/user-manual/authoring-a-course');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Authoring a course' }),
    ).toBeTruthy();
    expect(calls[0]?.args.params).toEqual({ slug: 'authoring-a-course' });
    const screens = screen.getByRole('list', { name: 'Screens this page covers' });
    expect(within(screens).getByRole('link', { name: 'Add course' }).getAttribute('href')).toBe(
      '/courses/add-course',
    );
    // A screen that needs an id is named, not linked.
    expect(within(screens).queryByRole('link', { name: 'Edit course' })).toBeNull();
    const toc = screen.getByRole('navigation', { name: 'On this page' });
    expect(within(toc).getByRole('link', { name: 'Many at once' }).getAttribute('href')).toBe(
      '/user-manual/authoring-a-course#many-at-once',
    );
    expect(screen.getByRole('heading', { level: 3, name: 'Many at once' })).toBeTruthy();
  });

  it('moves to the section a deep link names, and keeps in-app links in the app', async () => {
    const { router } = show('/user-manual/authoring-a-course#many-at-once');
    const heading = await screen.findByRole('heading', { level: 3, name: 'Many at once' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    fireEvent.click(screen.getByRole('link', { name: 'Courses' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/courses'));
  });

  it('says a page is not found, with a way back', async () => {
    answer = () => {
      throw failure(404, 'No such manual page.');
    };
    show('/user-manual/nope');
    expect(await screen.findByText('Page not found')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'All manual pages' }).getAttribute('href')).toBe(
      '/user-manual',
    );
  });
});
