import {
  DISCUSSION_UPDATED,
  discussionOps,
  type Operation,
  type TDiscussion,
} from '@atrium/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../shared/api/api-error.ts';
import { call } from '../../../shared/api/call.ts';
import { saveBlob } from '../../../shared/api/download.ts';
import { makeAnswer, makeThread, makeTopic, page } from '../test-discussions.ts';
import { fakeRealtime, renderWithApp } from '../test-render.tsx';
import DiscussionPage from './discussion.page.tsx';

vi.mock('../../../shared/api/call.ts', () => ({ call: vi.fn() }));
vi.mock('../../../shared/api/download.ts', () => ({ saveBlob: vi.fn() }));
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

type Args = { params?: { id: number }; body?: Record<string, unknown>; query?: object };
const calls: { op: Operation; args: Args }[] = [];
let topic: TDiscussion;
let answerAbilities: Partial<ReturnType<typeof makeAnswer>['abilities']>;

const threads = () => [
  makeThread(makeAnswer({ id: 40, abilities: answerAbilities }), [
    makeAnswer({
      id: 41,
      parent: 40,
      user: { id: 9, fullname: 'Lee Learner', image: null },
      body: '<p>Thanks!</p>',
      abilities: answerAbilities,
    }),
  ]),
  makeThread(
    makeAnswer({
      id: 42,
      user: { id: 7, fullname: 'Sam Staff', image: null },
      body: '<p>Behind the canteen.</p>',
      abilities: answerAbilities,
    }),
  ),
];

beforeEach(() => {
  calls.length = 0;
  topic = makeTopic({ id: 12, view_count: 14 });
  answerAbilities = {};
  vi.mocked(call).mockImplementation((async (op: Operation, args: Args = {}) => {
    calls.push({ op, args });
    if (op === discussionOps.detail) return topic;
    if (op === discussionOps.answers) return page(threads());
    if (op === discussionOps.view) return { view_count: 15 };
    if (op === discussionOps.update) return { ...topic, ...args.body };
    if (op === discussionOps.accept) {
      const chosen = threads().find((t) => t.id === args.body?.answer);
      return {
        ...topic,
        accepted_answer: chosen?.id ?? null,
        accepted: chosen ? { ...chosen, accepted: true } : null,
      };
    }
    if (op === discussionOps.react) return { likes: 4, dislikes: 0, my_reaction: 1 };
    if (op === discussionOps.answer) return makeAnswer({ id: 50, parent: 40 });
    if (op === discussionOps.attachment) return new Blob(['%PDF']);
    throw new Error(`unexpected ${op.method} ${op.path}`);
  }) as unknown as typeof call);
});

const open = (realtime = fakeRealtime()) =>
  renderWithApp(<DiscussionPage />, { path: '/discussions/:id', url: '/discussions/12', realtime });
const called = (op: Operation) => calls.filter((c) => c.op === op);
const answerBy = (name: string) => screen.findByRole('article', { name: `Answer by ${name}` });

describe('DiscussionPage', () => {
  it('shows the topic as the server sanitised it and counts one view', async () => {
    open();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Where is the fire exit?' }),
    ).toBeTruthy();
    const article = screen.getByRole('article', { name: 'Where is the fire exit?' });
    expect(within(article).getByText('plan').tagName).toBe('STRONG');
    await waitFor(() => expect(within(article).getByText('15')).toBeTruthy());
    expect(called(discussionOps.view).map((c) => c.args.body)).toEqual([{ discussion: 12 }]);
    expect(
      within(article).getByRole('button', { name: 'Like 3' }).getAttribute('aria-pressed'),
    ).toBe('false');
  });

  it('downloads an attachment under its name', async () => {
    topic = makeTopic({
      id: 12,
      attachments: [
        {
          id: 3,
          name: 'plan.pdf',
          size: 2048,
          mime: 'application/pdf',
          url: '/api/discussions/attachments/3/',
        },
      ],
    });
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Download plan.pdf 2 KB' }));
    await waitFor(() => expect(saveBlob).toHaveBeenCalled());
    expect(vi.mocked(saveBlob).mock.calls[0]?.[1]).toBe('plan.pdf');
    expect(called(discussionOps.attachment)[0]?.args.params).toEqual({ id: 3 });
  });

  it('hides moderation, edit, delete and accept from a reader without those abilities', async () => {
    open();
    await answerBy('Sam Staff');
    expect(screen.queryByRole('button', { name: 'Discussion actions' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Accept' })).toBeNull();
  });

  it('gives a moderator pin, lock and close', async () => {
    topic = makeTopic({ id: 12, abilities: { moderate: true, close: true, edit: false } });
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Discussion actions' }));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((m) => m.textContent),
    ).toEqual(['Pin to the top', 'Lock', 'Close', 'Report']);
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Pin to the top' }));
    await waitFor(() =>
      expect(called(discussionOps.update)[0]?.args.body).toEqual({ pinned: true }),
    );
    expect(await screen.findByText('Pinned')).toBeTruthy();
  });

  it('lets the author close their topic but not pin it, and edit and delete it', async () => {
    // The signed-in reader (id 5) wrote it: no Report on one's own topic.
    topic = makeTopic({
      id: 12,
      user: { id: 5, fullname: 'Lee Learner', image: null },
      abilities: { close: true, edit: true, delete: true },
    });
    open();
    expect(await screen.findByRole('button', { name: 'Edit' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Delete' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Discussion actions' }));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((m) => m.textContent),
    ).toEqual(['Close']);
  });

  it('accepts an answer and shows it first with its badge', async () => {
    topic = makeTopic({ id: 12, abilities: { accept: true } });
    answerAbilities = { accept: true };
    open();
    const sam = await answerBy('Sam Staff');
    fireEvent.click(within(sam).getByRole('button', { name: 'Accept' }));
    await waitFor(() =>
      expect(called(discussionOps.accept)[0]?.args).toMatchObject({
        params: { id: 12 },
        body: { answer: 42 },
      }),
    );
    const accepted = await screen.findByRole('region', { name: 'Accepted answer' });
    expect(within(accepted).getByText('Behind the canteen.')).toBeTruthy();
    expect(screen.getByText('Solved')).toBeTruthy();
  });

  it('offers Reply on top-level answers only, and posts a reply under its answer', async () => {
    open();
    const ada = await answerBy('Ada Admin');
    expect(screen.getAllByRole('button', { name: 'Reply' })).toHaveLength(2);
    const reply = screen.getByRole('article', { name: 'Reply by Lee Learner' });
    expect(within(reply).queryByRole('button', { name: 'Reply' })).toBeNull();
    fireEvent.click(within(ada).getByRole('button', { name: 'Reply' }));
    const form = await screen.findByRole('form', { name: 'Reply to Ada Admin' });
    fireEvent.change(within(form).getByRole('textbox', { name: 'Reply to Ada Admin' }), {
      target: { value: '<p>Good to know.</p>' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Reply' }));
    await waitFor(() =>
      expect(called(discussionOps.answer)[0]?.args.body).toEqual({
        discussion: 12,
        parent: 40,
        body: '<p>Good to know.</p>',
      }),
    );
    await waitFor(() =>
      expect(screen.queryByRole('form', { name: 'Reply to Ada Admin' })).toBeNull(),
    );
  });

  it('likes the topic and says so with the pressed button', async () => {
    open();
    const article = await screen.findByRole('article', { name: 'Where is the fire exit?' });
    fireEvent.click(within(article).getByRole('button', { name: 'Like 3' }));
    const liked = await within(article).findByRole('button', { name: 'Like 4' });
    expect(liked.getAttribute('aria-pressed')).toBe('true');
    expect(called(discussionOps.react)[0]?.args.body).toEqual({ discussion: 12, value: 1 });
  });

  it('refetches the topic and its answers on a realtime hint about it', async () => {
    const realtime = fakeRealtime();
    open(realtime);
    await answerBy('Sam Staff');
    const before = {
      detail: called(discussionOps.detail).length,
      answers: called(discussionOps.answers).length,
    };
    await realtime.deliver(DISCUSSION_UPDATED, { discussion: 13 });
    expect(called(discussionOps.detail)).toHaveLength(before.detail);
    topic = { ...topic, closed: true, abilities: { ...topic.abilities, answer: false } };
    await realtime.deliver(DISCUSSION_UPDATED, { discussion: 12 });
    await waitFor(() => expect(called(discussionOps.detail)).toHaveLength(before.detail + 1));
    await waitFor(() => expect(called(discussionOps.answers)).toHaveLength(before.answers + 1));
    expect(
      await screen.findByText('This discussion is closed: it takes no new answers.'),
    ).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Your answer' })).toBeNull();
  });

  it('shows where a forum’s thread lives, and returns to its forum when it is deleted', async () => {
    topic = makeTopic({
      id: 12,
      forum: { slug: 'staff-room', name: 'Staff room' },
      abilities: { delete: true },
    });
    vi.mocked(call).mockImplementation((async (op: Operation, args: Args = {}) => {
      calls.push({ op, args });
      if (op === discussionOps.detail) return topic;
      if (op === discussionOps.answers) return page([]);
      if (op === discussionOps.view) return { view_count: 15 };
      if (op === discussionOps.remove) return undefined;
      throw new Error(`unexpected ${op.method} ${op.path}`);
    }) as unknown as typeof call);
    const { router } = open();
    const trail = await screen.findByRole('navigation', { name: 'Breadcrumb' });
    expect(
      within(trail)
        .getAllByRole('link')
        .map((a) => [a.textContent, a.getAttribute('href')]),
    ).toEqual([
      ['Discussions', '/discussions'],
      ['Forums', '/discussions/forums'],
      ['Staff room', '/discussions/forums/staff-room'],
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete this discussion?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/discussions/forums/staff-room'),
    );
  });

  it('says it is not there on a 404, with a way back', async () => {
    vi.mocked(call).mockImplementation((async () => {
      throw new ApiError({ status: 404, message: 'Not found.', hasServerMessage: true });
    }) as unknown as typeof call);
    open();
    expect(await screen.findByRole('heading', { name: 'Discussion not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to discussions' }).getAttribute('href')).toBe(
      '/discussions',
    );
  });
});
