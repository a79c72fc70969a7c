import { type Operation, proctoringOps } from '@atrium/contract';
import { configure, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { call } from '../../../shared/api/call.ts';
import AttemptResultPage from '../pages/attempt-result.page.tsx';
import { makeResult } from '../taking/test-attempts.ts';
import { renderWithApp } from '../taking/test-render.tsx';

vi.mock('../../../shared/api/call.ts', () => ({ call: vi.fn(), urlOf: vi.fn(() => '/file') }));
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 60_000 });

const NOT_PROCTORED = { proctored: false, outcome: null, comment: '', confirmed: [] };

function renderResult(result: ReturnType<typeof makeResult>, proctoring: object = NOT_PROCTORED) {
  vi.mocked(call).mockImplementation((async (op: Operation) =>
    op === proctoringOps.result ? proctoring : result) as unknown as typeof call);
  return renderWithApp(<AttemptResultPage />, {
    path: '/assessment/result/:id',
    url: '/assessment/result/11',
  });
}

describe('AttemptResultPage', () => {
  it('shows the score, the pass, the overall feedback and each question reviewed', async () => {
    renderResult(makeResult());
    expect(await screen.findByText('2 / 4')).toBeTruthy();
    expect(screen.getByText('50%')).toBeTruthy();
    expect(screen.getByText('Passed')).toBeTruthy();
    expect(screen.getByText('Well done.')).toBeTruthy();
    expect(screen.getByText('Helmets are required on site.')).toBeTruthy();
    expect(screen.getByText('Always wear one.')).toBeTruthy();
    expect(screen.getByText('2 / 2')).toBeTruthy();
  });

  it('hides what the review options hide, even when the response carries it', async () => {
    renderResult(
      makeResult({
        visible: { responses: true, correctness: false, feedback: false, score: false },
      }),
    );
    expect(await screen.findByText('Helmets are required on site.')).toBeTruthy();
    expect(screen.queryByText('2 / 4')).toBeNull();
    expect(screen.queryByText('Passed')).toBeNull();
    expect(screen.queryByText('Well done.')).toBeNull();
    expect(screen.queryByText('Always wear one.')).toBeNull();
    expect(screen.queryByText('Correct')).toBeNull();
    expect(screen.getByText('Your score is not shown yet.')).toBeTruthy();
  });

  it('says when answers are hidden and when some wait for a reviewer', async () => {
    renderResult(
      makeResult({
        pending_manual: 1,
        voided: false,
        visible: { responses: false, correctness: false, feedback: false, score: false },
      }),
    );
    expect(await screen.findByText(/One answer is waiting for a reviewer/)).toBeTruthy();
    expect(
      screen.getByText('Your answers are not shown for this assessment at this time.'),
    ).toBeTruthy();
    expect(screen.queryByText('Helmets are required on site.')).toBeNull();
  });

  it('shows a proctored attempt’s decision, comment and its confirmed flags only', async () => {
    renderResult(makeResult(), {
      proctored: true,
      outcome: 'suspicious',
      comment: 'A phone was seen once.',
      confirmed: [{ type: 'phone', occurred_at: '2026-11-25T10:07:00.000Z' }],
    });
    const section = await screen.findByRole('region', { name: 'Proctoring review' });
    expect(within(section).getByText('Suspicious')).toBeTruthy();
    expect(within(section).getByText(/nothing was proven\. Your result stands\./)).toBeTruthy();
    expect(within(section).getByText('A phone was seen once.')).toBeTruthy();
    expect(within(section).getAllByRole('listitem')).toHaveLength(1);
    expect(within(section).getByText('Phone in view')).toBeTruthy();
    expect(screen.queryByText(/voided/)).toBeNull();
  });

  it('says clearly when a proctoring review voided the result', async () => {
    renderResult(makeResult({ voided: true, score: 0, percent: 0, passed: false }), {
      proctored: true,
      outcome: 'violation',
      comment: 'Someone else answered.',
      confirmed: [],
    });
    expect(
      await screen.findByText('This result was voided after a proctoring review'),
    ).toBeTruthy();
    const section = await screen.findByRole('region', { name: 'Proctoring review' });
    expect(within(section).getByText('Violation')).toBeTruthy();
    expect(within(section).getByText('Someone else answered.')).toBeTruthy();
    expect(within(section).getByText('No flags were confirmed.')).toBeTruthy();
  });

  it('shows nothing of proctoring for an attempt that was not proctored', async () => {
    renderResult(makeResult());
    expect(await screen.findByText('2 / 4')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Proctoring review' })).toBeNull();
  });
});
