import { discussionOps, forumOps, type Operation, type TForum } from '@atrium/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../shared/api/api-error.ts';
import { call } from '../../../shared/api/call.ts';
import { makeForum, makeSummary, makeTopic, page, TYPES } from '../test-discussions.ts';
import { renderWithApp } from '../test-render.tsx';
import ForumPage from './forum.page.tsx';

vi.mock('../../../shared/api/call.ts', () => ({ call: vi.fn() }));
// jsdom cannot type into ProseMirror: a textarea stands in for the editor.
vi.mock('../../../shared/ui/rich-text/rich-text-field.tsx', () => ({
  RichTextField: ({
    label,
    value,
    onChange,
  }: {
    label: string;
    value: string;
    onChange: (v: string) => void;
  }) => <textarea aria-label={label} value={value} onChange={(e) => onChange(e.target.value)} />,
}));

type Args = {
  params?: { slug: string };
  query?: Record<string, unknown>;
  body?: Record<string, unknown>;
};
const calls: { op: Operation; args: Args }[] = [];
let forum: TForum;
const forumRef = { slug: 'general', name: 'General' };

beforeEach(() => {
  calls.length = 0;
  forum = makeForum();
  vi.mocked(call).mockImplementation((async (op: Operation, args: Args = {}) => {
    calls.push({ op, args });
    if (op === forumOps.detail) return forum;
    if (op === forumOps.threads) {
      return page([makeSummary({ id: 3, title: 'Rota for March', forum: forumRef })]);
    }
    if (op === forumOps.subscribe) return { subscribed: args.body?.subscribed };
    if (op === forumOps.update) return { ...forum, ...args.body };
    if (op === forumOps.remove) return undefined;
    if (op === discussionOps.types) return TYPES;
    if (op === discussionOps.create) return makeTopic({ id: 77, forum: forumRef });
    throw new Error(`unexpected ${op.method} ${op.path}`);
  }) as unknown as typeof call);
});

const open = (slug = 'general') =>
  renderWithApp(<ForumPage />, {
    path: '/discussions/forums/:slug',
    url: `/discussions/forums/${slug}`,
  });
const called = (op: Operation) => calls.filter((c) => c.op === op);
const heading = () => screen.findByRole('heading', { level: 1, name: 'General' });

describe('ForumPage', () => {
  it('shows the forum, the edit-window note and its threads without repeating the forum', async () => {
    open();
    await heading();
    expect(screen.getByText('Anything about the organisation.')).toBeTruthy();
    expect(screen.getByText(/Organisation · 4 threads · Subscription: Optional/)).toBeTruthy();
    expect(screen.getByText(/told of a new post 30 minutes after it is posted/)).toBeTruthy();
    const list = await screen.findByRole('list', { name: 'Threads' });
    expect(within(list).getByRole('link', { name: 'Rota for March' })).toBeTruthy();
    expect(within(list).queryByRole('link', { name: 'Forum: General' })).toBeNull();
    expect(called(forumOps.threads)[0]?.args.query).toMatchObject({ forum: 'general', page: 1 });
    expect(screen.getByRole('link', { name: 'Forums' }).getAttribute('href')).toBe(
      '/discussions/forums',
    );
  });

  it('subscribes and unsubscribes where the mode leaves it to the reader', async () => {
    open();
    const toggle = await screen.findByRole('switch', { name: 'Subscribed to new posts' });
    expect((toggle as HTMLInputElement).checked).toBe(false);
    fireEvent.click(toggle);
    await waitFor(() => expect((toggle as HTMLInputElement).checked).toBe(true));
    expect(called(forumOps.subscribe)[0]?.args).toMatchObject({
      params: { slug: 'general' },
      body: { subscribed: true },
    });
  });

  it('starts an automatic forum subscribed, and lets the reader leave', async () => {
    forum = makeForum({ subscription_mode: 'auto', subscribed: true });
    open();
    const toggle = await screen.findByRole('switch', { name: 'Subscribed to new posts' });
    expect((toggle as HTMLInputElement).checked).toBe(true);
    fireEvent.click(toggle);
    await waitFor(() => expect((toggle as HTMLInputElement).checked).toBe(false));
    expect(called(forumOps.subscribe)[0]?.args.body).toEqual({ subscribed: false });
  });

  it('has no switch when the mode decides: forced and off', async () => {
    forum = makeForum({
      subscription_mode: 'forced',
      subscribed: true,
      abilities: { subscribe: false },
    });
    open();
    expect(await screen.findByText('You are always subscribed')).toBeTruthy();
    expect(screen.queryByRole('switch')).toBeNull();

    forum = makeForum({ slug: 'quiet', subscription_mode: 'off', abilities: { subscribe: false } });
    open('quiet');
    expect(await screen.findByText('Notifications are off for this forum')).toBeTruthy();
    expect(screen.queryByRole('switch')).toBeNull();
  });

  it('gives Edit and Delete only to those the abilities allow', async () => {
    open();
    await heading();
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();

    forum = makeForum({ slug: 'staff', abilities: { edit: true, delete: false } });
    open('staff');
    expect(await screen.findByRole('button', { name: 'Edit' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  });

  it('edits the forum, sending only what changed, and follows a new address', async () => {
    forum = makeForum({ abilities: { edit: true } });
    const { router } = open();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    const form = await screen.findByRole('form', { name: 'Edit forum' });
    expect(within(form).getByRole('textbox', { name: 'Place' })).toHaveProperty(
      'value',
      'Whole organisation',
    );
    fireEvent.change(within(form).getByRole('textbox', { name: 'Address' }), {
      target: { value: 'Bad!' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(
      await within(form).findByText('Use lower-case letters, digits and hyphens only.'),
    ).toBeTruthy();
    fireEvent.change(within(form).getByRole('textbox', { name: 'Address' }), {
      target: { value: 'staff-room' },
    });
    fireEvent.change(within(form).getByRole('textbox', { name: /^Name/ }), {
      target: { value: 'Staff room' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(called(forumOps.update)[0]?.args).toEqual({
        params: { slug: 'general' },
        body: { name: 'Staff room', slug: 'staff-room' },
      }),
    );
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/discussions/forums/staff-room'),
    );
  });

  it('confirms a delete, saying the threads go with it', async () => {
    forum = makeForum({ abilities: { edit: true, delete: true } });
    const { router } = open();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete this forum?' });
    expect(within(confirm).getByText(/is deleted with its 4 threads/)).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/discussions/forums'));
    expect(called(forumOps.remove)[0]?.args.params).toEqual({ slug: 'general' });
  });

  it('starts a thread in the composer with the forum as its place', async () => {
    const { router } = open();
    fireEvent.click(await screen.findByRole('button', { name: 'New thread' }));
    const dialog = await screen.findByRole('dialog', { name: 'New thread' });
    expect(within(dialog).getByRole('textbox', { name: 'Posted in' })).toHaveProperty(
      'value',
      'Forum: General',
    );
    await waitFor(() =>
      expect(within(dialog).getByRole('combobox', { name: /^Type/ }).textContent).toBe('Question'),
    );
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Title/ }), {
      target: { value: 'Swap shifts?' },
    });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Text' }), {
      target: { value: '<p>Who can swap on Friday?</p>' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Post' }));
    await waitFor(() =>
      expect(called(discussionOps.create)[0]?.args.body).toEqual({
        type: 1,
        title: 'Swap shifts?',
        body: '<p>Who can swap on Friday?</p>',
        forum: 'general',
      }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/discussions/77'));
  });

  it('hides New thread from a reader who may not post', async () => {
    forum = makeForum({ abilities: { post: false } });
    open();
    await heading();
    expect(screen.queryByRole('button', { name: 'New thread' })).toBeNull();
  });

  it('says it is not there on a 404, with a way back', async () => {
    vi.mocked(call).mockRejectedValue(new ApiError({ status: 404, message: 'Not found.' }));
    open();
    expect(await screen.findByRole('heading', { name: 'Forum not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to forums' })).toBeTruthy();
  });
});
