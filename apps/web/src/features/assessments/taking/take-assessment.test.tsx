import { attemptOps, type Operation } from '@atrium/contract';
import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

// The first render loads MUI and the page: slow on a shared machine.
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 60_000 });

import { ApiError } from '../../../shared/api/api-error.ts';
import { call } from '../../../shared/api/call.ts';
import TakeAssessmentPage from '../pages/take-assessment.page.tsx';
import { makeResult, makeSession, makeStart, UUID } from './test-attempts.ts';
import { renderWithApp } from './test-render.tsx';

vi.mock('../../../shared/api/call.ts', () => ({ call: vi.fn(), urlOf: vi.fn(() => '/file') }));
vi.mock('../../../shared/notify/notify.ts', () => ({
  notifySuccess: vi.fn(),
  notifyError: vi.fn(),
}));

let calls: { op: Operation; body?: unknown }[] = [];
let remaining: number | null = 1800;
beforeEach(() => {
  calls = [];
  remaining = 1800;
  vi.mocked(call).mockImplementation((async (op: Operation, args: { body?: unknown } = {}) => {
    calls.push({ op, body: args.body });
    if (op === attemptOps.startPage) return makeStart();
    if (op === attemptOps.start) return makeSession(remaining);
    if (op === attemptOps.submit) return makeResult();
    if (op === attemptOps.save) {
      const body = args.body as { answers: { item: number; seq: number }[] };
      return {
        saved: body.answers.map((a) => ({
          item: a.item,
          seq: a.seq,
          saved_at: '2026-11-25T10:01:00.000Z',
        })),
        ...makeSession(remaining).attempt,
      };
    }
    throw new Error(`unexpected ${op.method} ${op.path}`);
  }) as unknown as typeof call);
});

const renderPage = () =>
  renderWithApp(<TakeAssessmentPage />, { path: '/assessment/:uuid', url: `/assessment/${UUID}` });

describe('TakeAssessmentPage', () => {
  it('shows the start page facts, then the attempt with its countdown and navigator', async () => {
    renderPage();
    expect(await screen.findByText('Read each question carefully.')).toBeTruthy();
    expect(screen.getByText('30 min')).toBeTruthy();
    expect(screen.getByText('0 of 2 used')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Start attempt' }));
    expect(await screen.findByText('Helmets are required on site.')).toBeTruthy();
    expect(screen.getByRole('timer').textContent).toMatch(/^(30:00|29:59)$/);
    const nav = screen.getByRole('navigation', { name: 'Questions' });
    expect(within(nav).getByRole('button', { name: 'Question 2, not answered' })).toBeTruthy();
  });

  it('asks before submitting, naming unanswered and flagged questions, then opens the result', async () => {
    const { router } = renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Start attempt' }));
    fireEvent.click(await screen.findByRole('radio', { name: 'True' }));
    fireEvent.click(screen.getByRole('button', { name: 'Flag question 1 for review' }));
    fireEvent.click(screen.getAllByRole('button', { name: 'Submit' })[0] as HTMLElement);
    const dialog = await screen.findByRole('dialog', { name: 'Submit your attempt?' });
    expect(within(dialog).getByText('Question 2 is not answered.')).toBeTruthy();
    expect(within(dialog).getByText('You flagged question 1 for review.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/assessment/result/11'));
    // The pending answer and flag were saved before the submit, in one request.
    const save = calls.find((c) => c.op === attemptOps.save);
    expect(save?.body).toEqual({
      session: 'sess-1',
      answers: [{ item: 0, answer: { type: 'true_false', value: true }, flagged: true, seq: 2 }],
    });
    expect(calls.at(-1)?.op).toBe(attemptOps.submit);
  });

  it('says when the learner is offline', async () => {
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Start attempt' }));
    await screen.findByText('Helmets are required on site.');
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    expect(screen.getByText(/You are offline — your answers are kept on this device/)).toBeTruthy();
    // Back online, for the next tests (TanStack Query pauses its queries while offline).
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(screen.queryByText(/You are offline/)).toBeNull();
  });

  it('explains a 409 from another window and takes the attempt back here', async () => {
    const base = vi.mocked(call).getMockImplementation();
    let taken = false;
    vi.mocked(call).mockImplementation((async (op: Operation, args: { body?: unknown } = {}) => {
      if (op === attemptOps.save && !taken) {
        taken = true;
        throw new ApiError({
          status: 409,
          message: 'This attempt continues in another window.',
          hasServerMessage: true,
        });
      }
      if (op === attemptOps.read) return makeSession(remaining).attempt;
      return base?.(op as never, args as never);
    }) as unknown as typeof call);
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Start attempt' }));
    fireEvent.click(await screen.findByRole('radio', { name: 'False' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'This attempt continues in another window',
    });
    expect(within(dialog).getByText(/This attempt continues in another window\./)).toBeTruthy();
    const starts = calls.filter((c) => c.op === attemptOps.start).length;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue here' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => c.op === attemptOps.start).length).toBe(starts + 1);
    // The answer kept on the device is sent again with the new session.
    await waitFor(() => expect(calls.some((c) => c.op === attemptOps.save)).toBe(true));
    expect(calls.find((c) => c.op === attemptOps.save)?.body).toMatchObject({
      answers: [{ item: 0, answer: { type: 'true_false', value: false }, seq: 1 }],
    });
  });

  it('shows the reason when the learner may not start', async () => {
    vi.mocked(call).mockImplementation((async () =>
      makeStart({ can_start: false, reason: 'No attempts left.' })) as unknown as typeof call);
    renderPage();
    expect(await screen.findByText('No attempts left.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Start/ })).toBeNull();
  });
});
