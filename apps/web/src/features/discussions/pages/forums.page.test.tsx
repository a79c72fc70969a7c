import { discussionOps, forumOps, type Operation, ROLE, type TForum } from '@atrium/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../shared/api/api-error.ts';
import { call } from '../../../shared/api/call.ts';
import { makeForum, page, SCOPES } from '../test-discussions.ts';
import { renderWithApp } from '../test-render.tsx';
import ForumsPage from './forums.page.tsx';

vi.mock('../../../shared/api/call.ts', () => ({ call: vi.fn() }));

type Args = { query?: Record<string, unknown>; body?: Record<string, unknown> };
const calls: { op: Operation; args: Args }[] = [];
const forums = [
  makeForum({
    id: 1,
    slug: 'general',
    name: 'General',
    subscription_mode: 'auto',
    subscribed: true,
    thread_count: 4,
  }),
  makeForum({
    id: 2,
    slug: 'lifting-help',
    name: 'Lifting help',
    description: 'Questions about the course.',
    scope: 'course',
    scope_ref: { id: 31, name: 'Safe lifting' },
    thread_count: 1,
    last_activity_at: null,
  }),
];
let shown: TForum[];
let create: (body: Record<string, unknown>) => Promise<TForum>;
let failList: ApiError | null;

beforeEach(() => {
  calls.length = 0;
  shown = forums;
  failList = null;
  create = async (body) => makeForum({ id: 9, slug: 'rota', name: String(body.name) });
  vi.mocked(call).mockImplementation((async (op: Operation, args: Args = {}) => {
    calls.push({ op, args });
    if (op === forumOps.list) {
      if (failList) throw failList;
      return page(shown);
    }
    if (op === forumOps.create) return create(args.body ?? {});
    if (op === discussionOps.scopes) return SCOPES;
    throw new Error(`unexpected ${op.method} ${op.path}`);
  }) as unknown as typeof call);
});

const open = (roleId: number = ROLE.LEARNER, url = '/discussions/forums') =>
  renderWithApp(<ForumsPage />, { path: '/discussions/forums', url, roleId });
const called = (op: Operation) => calls.filter((c) => c.op === op);
/** A figure whose words are for assistive technology only ("4" + hidden " threads"). */
const stat = (text: string) => (_content: string, el: Element | null) =>
  el?.tagName === 'SPAN' && el.childElementCount === 1 && el.textContent === text;

async function openDialog(roleId: number) {
  open(roleId);
  fireEvent.click((await screen.findAllByRole('button', { name: 'New forum' }))[0]!);
  return screen.findByRole('form', { name: 'New forum' });
}
const type = (form: HTMLElement, name: string | RegExp, value: string) =>
  fireEvent.change(within(form).getByRole('textbox', { name }), { target: { value } });

describe('ForumsPage', () => {
  it('lists the forums with their place, threads, mode and the caller’s subscription', async () => {
    open();
    const tabs = screen.getByRole('tablist', { name: 'Discussions sections' });
    expect(within(tabs).getByRole('tab', { name: 'Topics' }).getAttribute('href')).toBe(
      '/discussions',
    );
    const current = within(tabs).getByRole('tab', { name: 'Forums' });
    expect(current.getAttribute('aria-current')).toBe('page');
    const list = await screen.findByRole('list', { name: 'Forums' });
    const [general, lifting] = within(list).getAllByRole('listitem') as [HTMLElement, HTMLElement];
    expect(within(general).getByRole('link', { name: 'General' }).getAttribute('href')).toBe(
      '/discussions/forums/general',
    );
    expect(within(general).getByText('Subscribed')).toBeTruthy();
    expect(within(general).getByText('Subscription: Automatic')).toBeTruthy();
    expect(within(general).getByText(/^Organisation · active/)).toBeTruthy();
    expect(within(general).getByText(stat('4 threads'))).toBeTruthy();
    expect(within(lifting).queryByText('Subscribed')).toBeNull();
    expect(within(lifting).getByText('Safe lifting · no posts yet')).toBeTruthy();
    expect(within(lifting).getByText('Questions about the course.')).toBeTruthy();
    expect(screen.getByText('2 forums')).toBeTruthy();
    // Learners read forums; they do not create them.
    expect(screen.queryByRole('button', { name: 'New forum' })).toBeNull();
  });

  it('searches by name (kept in the URL) and offers to clear a search that finds nothing', async () => {
    const { router } = open();
    await screen.findByRole('list', { name: 'Forums' });
    shown = [];
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search forums' }), {
      target: { value: ' rota ' },
    });
    await waitFor(() =>
      expect(called(forumOps.list).at(-1)?.args.query).toMatchObject({ search: 'rota', page: 1 }),
    );
    expect(router.state.location.search).toBe('?q=rota');
    expect(await screen.findByText('No forum matches “rota”.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    await waitFor(() => expect(called(forumOps.list).at(-1)?.args.query?.search).toBeUndefined());
  });

  it('pages through many forums', async () => {
    vi.mocked(call).mockImplementation((async (op: Operation, args: Args = {}) => {
      calls.push({ op, args });
      if (op === forumOps.list) return page(forums, 45);
      throw new Error('unexpected');
    }) as unknown as typeof call);
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Go to page 3' }));
    await waitFor(() =>
      expect(called(forumOps.list).at(-1)?.args.query).toMatchObject({ page: 3 }),
    );
  });

  it('says when there are none: learners are told, trainers invited to create one', async () => {
    shown = [];
    open();
    expect(await screen.findByText('There are no forums yet.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'New forum' })).toBeNull();
    open(ROLE.TRAINER);
    expect(await screen.findByText('No forums yet — create the first one.')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'New forum' })).toHaveLength(2);
  });

  it('shows a loading state, then the server’s failure with a retry', async () => {
    failList = new ApiError({ status: 500, message: 'x' });
    open();
    expect(screen.getByRole('status', { name: 'Loading forums' })).toBeTruthy();
    expect(await screen.findByText('Could not get forums')).toBeTruthy();
    failList = null;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('list', { name: 'Forums' })).toBeTruthy();
  });

  it('checks the new forum before sending: a name, a valid address, a course for trainers', async () => {
    const form = await openDialog(ROLE.TRAINER);
    // Trainers get the courses only, the first chosen.
    await waitFor(() =>
      expect(within(form).getByRole('combobox', { name: /^Place/ }).textContent).toBe(
        'Safe lifting',
      ),
    );
    fireEvent.mouseDown(within(form).getByRole('combobox', { name: /^Place/ }));
    expect(screen.queryByRole('option', { name: 'Whole organisation' })).toBeNull();
    fireEvent.keyDown(screen.getByRole('listbox'), { key: 'Escape' });
    type(form, 'Address', 'Bad Slug!');
    fireEvent.click(within(form).getByRole('button', { name: 'Create' }));
    expect(await within(form).findByText('This field may not be blank.')).toBeTruthy();
    expect(within(form).getByText('Use lower-case letters, digits and hyphens only.')).toBeTruthy();
    expect(called(forumOps.create)).toHaveLength(0);
  });

  it('explains each subscription mode under the picker', async () => {
    const form = await openDialog(ROLE.ADMIN);
    expect(within(form).getByText('Nobody is subscribed until they choose to be.')).toBeTruthy();
    fireEvent.mouseDown(within(form).getByRole('combobox', { name: 'Subscription' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Forced' }));
    expect(within(form).getByText('Everyone is subscribed and cannot unsubscribe.')).toBeTruthy();
  });

  it('shows the server’s refusals under their fields, a bare 409 on the address', async () => {
    create = async () => {
      throw new ApiError({
        status: 400,
        message: 'Invalid input.',
        hasServerMessage: true,
        fieldErrors: { name: ['A forum with this name exists.'], scope_id: ['Not your course.'] },
      });
    };
    const form = await openDialog(ROLE.ADMIN);
    type(form, /^Name/, 'General');
    fireEvent.click(within(form).getByRole('button', { name: 'Create' }));
    expect(await within(form).findByText('A forum with this name exists.')).toBeTruthy();
    expect(within(form).getByText('Not your course.')).toBeTruthy();
    expect(called(forumOps.create)[0]?.args.body).toEqual({
      name: 'General',
      description: '',
      scope: 'organisation',
      subscription_mode: 'optional',
    });

    create = async () => {
      throw new ApiError({
        status: 409,
        message: 'This address is taken.',
        hasServerMessage: true,
      });
    };
    type(form, 'Address', 'general');
    fireEvent.click(within(form).getByRole('button', { name: 'Create' }));
    expect(await within(form).findByText('This address is taken.')).toBeTruthy();
    expect(called(forumOps.create)[1]?.args.body).toMatchObject({ slug: 'general' });
  });

  it('creates a course forum with the chosen mode and opens it', async () => {
    const form = await openDialog(ROLE.ADMIN);
    type(form, /^Name/, 'Rota');
    type(form, 'Description', 'Shifts and swaps.');
    fireEvent.mouseDown(within(form).getByRole('combobox', { name: /^Place/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Safe lifting' }));
    fireEvent.mouseDown(within(form).getByRole('combobox', { name: 'Subscription' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Automatic' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Create' }));
    await waitFor(() =>
      expect(called(forumOps.create)[0]?.args.body).toEqual({
        name: 'Rota',
        description: 'Shifts and swaps.',
        scope: 'course',
        scope_id: 31,
        subscription_mode: 'auto',
      }),
    );
    expect(await screen.findByText('Elsewhere')).toBeTruthy();
  });
});
