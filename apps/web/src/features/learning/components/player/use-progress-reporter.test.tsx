import type { TCourseProgress } from '@atrium/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { courseKeys } from '../../../catalogue/index.ts';
import type { FileReport } from '../../api/learning.api.ts';
import { REPORT_INTERVAL_MS, useProgressReporter } from './use-progress-reporter.ts';

const sent: { report: FileReport; keepalive: boolean }[] = [];
const answer = (percent: number): TCourseProgress => ({
  course: 3,
  enrolment: 1,
  status: percent === 100 ? 'completed' : 'enrolled',
  progress_percent: percent,
  completed_at: null,
  last: { selectedModule: 1, selectedFile: 10 },
  files: [],
});

vi.mock('../../api/learning.api.ts', async (original) => ({
  ...(await original<typeof import('../../api/learning.api.ts')>()),
  postFileStatus: vi.fn(async (report: FileReport, keepalive = false) => {
    sent.push({ report, keepalive });
    return answer(report.status === 'completed' ? 100 : 40);
  }),
}));

function setup(fileId: number | null, enabled = true) {
  const client = new QueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const hook = renderHook(({ id }) => useProgressReporter(3, id, enabled), {
    wrapper,
    initialProps: { id: fileId },
  });
  return { client, hook };
}

const reports = () =>
  sent.map((s) => [s.report.module_file, s.report.status, s.report.time_spent, s.keepalive]);

describe('useProgressReporter', () => {
  beforeEach(() => {
    sent.length = 0;
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'performance', 'Date'] });
  });
  afterEach(() => vi.useRealTimers());

  it('records the opening, then the visible time every interval, into the progress cache', async () => {
    const { client } = setup(10);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(REPORT_INTERVAL_MS);
    });
    expect(reports()).toEqual([
      [10, 'in_progress', 0, false],
      [10, 'in_progress', 30, false],
    ]);
    expect(client.getQueryData(courseKeys.progress(3))).toMatchObject({ progress_percent: 40 });
  });

  it('hands the time over when another file opens and on the way out', async () => {
    const { hook } = setup(10);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(12_000);
    });
    hook.rerender({ id: 11 });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(5_000);
    });
    hook.unmount();
    expect(reports()).toEqual([
      [10, 'in_progress', 0, false],
      [10, 'in_progress', 12, false],
      [11, 'in_progress', 0, false],
      [11, 'in_progress', 5, true],
    ]);
  });

  it('completes the open file with its unreported time', async () => {
    const { hook, client } = setup(10);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(7_000);
    });
    let ok = false;
    await act(async () => {
      ok = await hook.result.current.complete();
    });
    expect(ok).toBe(true);
    expect(reports().at(-1)).toEqual([10, 'completed', 7, false]);
    expect(client.getQueryData(courseKeys.progress(3))).toMatchObject({ progress_percent: 100 });
  });

  it('counts no time for a file that reports its own (a SCORM package), only its opening', async () => {
    const client = new QueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const hook = renderHook(({ id, timed }) => useProgressReporter(3, id, true, timed), {
      wrapper,
      initialProps: { id: 20, timed: false },
    });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(REPORT_INTERVAL_MS + 4_000);
    });
    hook.rerender({ id: 11, timed: true });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(5_000);
    });
    hook.unmount();
    expect(reports()).toEqual([
      [20, 'in_progress', 0, false],
      [11, 'in_progress', 0, false],
      [11, 'in_progress', 5, true],
    ]);
  });

  it('records nothing for a preview', async () => {
    const { hook } = setup(10, false);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(REPORT_INTERVAL_MS * 2);
    });
    expect(await hook.result.current.complete()).toBe(false);
    expect(sent).toEqual([]);
  });
});
