import { configure, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { call } from '../../../shared/api/call.ts';
import AttemptResultPage from '../pages/attempt-result.page.tsx';
import { makeResult } from '../taking/test-attempts.ts';
import { renderWithApp } from '../taking/test-render.tsx';

vi.mock('../../../shared/api/call.ts', () => ({ call: vi.fn(), urlOf: vi.fn(() => '/file') }));
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 60_000 });

function renderResult(result: ReturnType<typeof makeResult>) {
  vi.mocked(call).mockImplementation((async () => result) as unknown as typeof call);
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
});
