import { assessmentOps, type Operation, proctoringOps } from '@atrium/contract';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../shared/api/api-error.ts';
import { call } from '../../../shared/api/call.ts';
import ProctorGroupPage from '../pages/proctor-group.page.tsx';
import { makeDetail, makeFlag, makeRow, page, renderProctoring } from '../test-utils.tsx';

vi.mock('../../../shared/api/call.ts', () => ({ call: vi.fn() }));
vi.mock('../../../shared/notify/notify.ts', () => ({
  notifySuccess: vi.fn(),
  notifyError: vi.fn(),
}));
vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 8000 });

type Args = { query?: Record<string, unknown>; body?: unknown; params?: { id: number } };
const calls: { op: Operation; args: Args }[] = [];
const sent = (op: Operation) => calls.filter((c) => c.op === op).map((c) => c.args);
let detail = makeDetail();
let failDecision: ApiError | null = null;

beforeEach(() => {
  calls.length = 0;
  detail = makeDetail();
  failDecision = null;
  vi.mocked(call).mockImplementation((async (op: Operation, args: Args = {}) => {
    calls.push({ op, args });
    if (op === proctoringOps.grid) {
      return { ...page([makeRow()]), groups: [{ id: 3, name: 'Sales', learners: 1 }] };
    }
    if (op === proctoringOps.detail) return detail;
    if (op === assessmentOps.read) {
      return { id: 1, title: 'Fire safety', settings: { proctored: true }, abilities: {} };
    }
    if (op === proctoringOps.decideFlag) {
      const body = args.body as { decision: 'dismissed' | 'confirmed'; comment: string };
      return makeFlag({ ...body, decided_by: { id: 5, name: 'Tia Trainer' } });
    }
    if (op === proctoringOps.decideAttempt) {
      if (failDecision) throw failDecision;
      const body = args.body as { outcome: 'violation'; comment: string };
      detail = makeDetail({
        outcome: body.outcome,
        outcome_comment: body.comment,
        decided_by: { id: 5, name: 'Tia Trainer' },
        decided_at: '2026-03-01T11:00:00.000Z',
      });
      return detail;
    }
    if (op === proctoringOps.message) {
      return { id: 1, text: 'x', sent_at: '2026-03-01T10:10:00.000Z' };
    }
    throw new Error(`unexpected ${op.method} ${op.path}`);
  }) as unknown as typeof call);
});

const open = () =>
  renderProctoring(
    [{ path: '/assessment/:id/proctor-view-card/:groupId', element: <ProctorGroupPage /> }],
    { url: '/assessment/1/proctor-view-card/3?session=9' },
  );
const drawer = async () => {
  const dialog = await screen.findByRole('dialog', { name: 'Ann Able' });
  await within(dialog).findByRole('heading', { name: /^Flags/ });
  return dialog;
};

describe('the learner card', () => {
  it('shows identity, flags with evidence and the timeline', async () => {
    open();
    const card = await drawer();
    expect(within(card).getByText('Matched with the profile photo: 91 % similar.')).toBeTruthy();
    expect(within(card).getByRole('link', { name: /Open identity photo/ })).toBeTruthy();
    expect(within(card).getByRole('heading', { name: 'Flags (2 to review)' })).toBeTruthy();
    const phone = within(card).getByRole('heading', { name: 'Phone in view' });
    expect(phone).toBeTruthy();
    expect(within(card).getByText(/confidence 82 %/)).toBeTruthy();
    expect(within(card).getByText('Looked left for 7 s')).toBeTruthy();
    const still = within(card).getAllByRole('link', { name: /Open still: Looking away/ })[0]!;
    expect(still.getAttribute('href')).toBe('/assessment/1/proctor-view-card/3/201?session=9');
    expect(within(card).getByRole('link', { name: /Open clip/ })).toBeTruthy();
    const timeline = within(card).getByRole('list', { name: 'Timeline' });
    expect(within(timeline).getByText('No heartbeat for 45 s', { exact: false })).toBeTruthy();
    expect(within(timeline).getByText('Connection lost')).toBeTruthy();
  });

  it('shows the profile photo beside the start photo, and says when there is none', async () => {
    const base = makeDetail();
    detail = makeDetail({ identity: { ...base.identity, profile_photo_url: '/media/ann.jpg' } });
    const { unmount } = open();
    let card = await drawer();
    const profile = within(card).getByRole('img', { name: 'Profile photo of Ann Able' });
    expect(profile.getAttribute('src')).toBe('/media/ann.jpg');
    expect(within(card).getByText('Profile photo')).toBeTruthy();
    expect(within(card).getByText('Taken at the start')).toBeTruthy();
    expect(within(card).getByText(/device’s estimate, not a verdict/)).toBeTruthy();
    unmount();

    detail = makeDetail({ identity: { ...base.identity, similarity: null } });
    open();
    card = await drawer();
    expect(within(card).queryByRole('img', { name: /Profile photo/ })).toBeNull();
    expect(within(card).getByText(/has no profile photo/)).toBeTruthy();
    expect(within(card).queryByText(/device’s estimate/)).toBeNull();
  });

  it('dismisses a flag with a comment and confirms another without', async () => {
    open();
    const card = await drawer();
    fireEvent.click(within(card).getByRole('button', { name: 'Dismiss: looking away flag' }));
    const dialog = await screen.findByRole('dialog', { name: 'Dismiss this flag?' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Comment (optional)' }), {
      target: { value: 'Reading notes allowed' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Dismiss flag' }));
    await waitFor(() =>
      expect(sent(proctoringOps.decideFlag)[0]).toMatchObject({
        params: { id: 71 },
        body: { decision: 'dismissed', comment: 'Reading notes allowed' },
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /Dismiss this/ })).toBeNull());

    fireEvent.click(
      await within(card).findByRole('button', { name: 'Confirm: phone in view flag' }),
    );
    const confirm = await screen.findByRole('dialog', { name: 'Confirm this flag?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Confirm flag' }));
    await waitFor(() =>
      expect(sent(proctoringOps.decideFlag)[1]).toMatchObject({
        params: { id: 72 },
        body: { decision: 'confirmed', comment: '' },
      }),
    );
  });

  it('decides the attempt only with a comment, and shows the server’s field errors', async () => {
    open();
    const card = await drawer();
    const form = within(card).getByRole('form', { name: 'Attempt decision' });
    expect(within(form).getByText(/A violation voids the learner’s result/)).toBeTruthy();
    fireEvent.click(within(form).getByRole('radio', { name: /Violation/ }));
    fireEvent.click(within(form).getByRole('button', { name: 'Save decision' }));
    expect(await within(form).findByText(/Say why/)).toBeTruthy();
    expect(sent(proctoringOps.decideAttempt)).toHaveLength(0);

    failDecision = new ApiError({
      status: 400,
      message: 'Check the fields.',
      fieldErrors: { comment: ['Must be plain text (no HTML tags).'] },
    });
    fireEvent.change(within(form).getByRole('textbox', { name: 'Comment' }), {
      target: { value: 'Phone used twice' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Save decision' }));
    expect(await within(form).findByText('Must be plain text (no HTML tags).')).toBeTruthy();

    failDecision = null;
    fireEvent.click(within(form).getByRole('button', { name: 'Save decision' }));
    await waitFor(() =>
      expect(sent(proctoringOps.decideAttempt).at(-1)?.body).toEqual({
        session: 9,
        outcome: 'violation',
        comment: 'Phone used twice',
      }),
    );
    expect(await within(card).findByRole('button', { name: 'Change decision' })).toBeTruthy();
    expect(within(card).getByText('“Phone used twice”')).toBeTruthy();
  });

  it('messages the learner', async () => {
    open();
    const card = await drawer();
    const form = within(card).getByRole('form', { name: 'Message the learner' });
    fireEvent.change(within(form).getByRole('textbox', { name: 'Message to Ann Able' }), {
      target: { value: 'Please face the camera.' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Send message' }));
    await waitFor(() =>
      expect(sent(proctoringOps.message)[0]?.body).toEqual({
        session: 9,
        text: 'Please face the camera.',
      }),
    );
  });

  it('offers no actions the abilities do not allow', async () => {
    detail = makeDetail({ abilities: { decide: false, message: false } });
    open();
    const card = await drawer();
    expect(within(card).queryByRole('button', { name: /Dismiss/ })).toBeNull();
    expect(within(card).queryByRole('form', { name: 'Attempt decision' })).toBeNull();
    expect(within(card).queryByRole('form', { name: 'Message the learner' })).toBeNull();
    expect(within(card).getByText(/Not decided yet/)).toBeTruthy();
  });

  it('closes by dropping ?session when opened from a link', async () => {
    const { router } = open();
    const card = await drawer();
    fireEvent.click(within(card).getByRole('button', { name: 'Close the learner card' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.location.pathname).toBe('/assessment/1/proctor-view-card/3');
  });
});
