import {
  assessmentOps,
  attemptOps,
  type Operation,
  ZGradeInput,
  ZGradingDetail,
  ZGradingQueueItem,
} from '@atrium/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { call } from '../../../shared/api/call.ts';
import { saveBlob } from '../../../shared/api/download.ts';
import { notifySuccess } from '../../../shared/notify/notify.ts';
import { page, renderStaff } from '../bank/test-utils.tsx';
import GradingQueuePage from '../pages/grading-queue.page.tsx';

vi.mock('../../../shared/api/call.ts', () => ({ call: vi.fn() }));
vi.mock('../../../shared/api/download.ts', () => ({ saveBlob: vi.fn(), dateStamp: () => 'd' }));
vi.mock('../../../shared/notify/notify.ts', () => ({
  notifySuccess: vi.fn(),
  notifyError: vi.fn(),
}));
vi.mock(
  '../../../shared/ui/rich-text/rich-text-field.tsx',
  () => import('../bank/rich-text-mock.tsx'),
);

vi.setConfig({ testTimeout: 30_000 });

type Args = { query?: Record<string, unknown>; params?: Record<string, number>; body?: unknown };
const sent: { op: Operation; args: Args }[] = [];

const queued = (attempt: number, learner: string, type: 'essay' | 'file_upload') =>
  ZGradingQueueItem.parse({
    attempt,
    item: 0,
    assessment: { id: 3, title: 'Rivers quiz' },
    learner: { id: attempt, fullname: learner },
    question: { id: 9, title: type === 'essay' ? 'Why rivers meander' : 'Your map', type },
    submitted_at: '2026-11-20T09:00:00.000Z',
    max_score: 5,
    score: null,
    graded_by: null,
    graded_at: null,
  });

const essay = ZGradingDetail.parse({
  ...queued(11, 'Ann Able', 'essay'),
  definition: {
    type: 'essay',
    points: 5,
    stem: '<p>Explain meanders.</p>',
    rubric: [
      { id: 'c1', title: 'Argument', description: 'Clear reasoning', points: 3 },
      { id: 'c2', title: 'Language', description: '', points: 2 },
    ],
  },
  answer: { type: 'essay', text: '<p>Erosion on the <strong>outer</strong> bank.</p>' },
  files: [],
  rubric: null,
  feedback: null,
});

const upload = ZGradingDetail.parse({
  ...queued(12, 'Bob Brown', 'file_upload'),
  definition: {
    type: 'file_upload',
    points: 5,
    stem: '<p>Upload your map.</p>',
    allowed_types: ['pdf'],
  },
  answer: { type: 'file_upload', files: [{ id: 40, name: 'map.pdf' }] },
  files: [{ id: 40, name: 'map.pdf', size: 2048, mime: 'application/pdf' }],
  rubric: null,
  feedback: null,
});

beforeEach(() => {
  sent.length = 0;
  vi.mocked(call).mockImplementation((async (op: Operation, args: Args = {}) => {
    sent.push({ op, args });
    if (op === assessmentOps.list) return page([]);
    if (op === attemptOps.gradingQueue)
      return page([queued(11, 'Ann Able', 'essay'), queued(12, 'Bob Brown', 'file_upload')]);
    if (op === attemptOps.gradingDetail) return args.params?.attempt === 11 ? essay : upload;
    if (op === attemptOps.grade) return { score: 4.5, attempt_graded: true };
    if (op === attemptOps.download) return new Blob(['%PDF']);
    throw new Error(`unexpected ${op.method} ${op.path}`);
  }) as unknown as typeof call);
});

describe('GradingQueuePage', () => {
  it('grades by rubric with feedback, then opens the next pending answer', async () => {
    renderStaff(<GradingQueuePage />);
    const list = await screen.findByRole('list', { name: 'Answers to grade' });
    fireEvent.click(within(list).getByText(/Ann Able/));
    const form = await screen.findByRole('form', { name: 'Grade Ann Able’s answer' });
    expect(within(form).getByText('outer')).toBeTruthy();

    fireEvent.change(within(form).getByLabelText('Argument points'), { target: { value: '4' } });
    fireEvent.change(within(form).getByLabelText('Language points'), { target: { value: '1.5' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save grade and next' }));
    expect(await within(form).findByText('At most 3 points.')).toBeTruthy();
    expect(sent.some((s) => s.op === attemptOps.grade)).toBe(false);

    fireEvent.change(within(form).getByLabelText('Argument points'), { target: { value: '3' } });
    fireEvent.change(within(form).getByLabelText('Feedback to the learner'), {
      target: { value: '<p>Good.</p>' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Save grade and next' }));

    await waitFor(() => expect(sent.some((s) => s.op === attemptOps.grade)).toBe(true));
    const graded = sent.find((s) => s.op === attemptOps.grade);
    expect(graded?.args.params).toEqual({ attempt: 11, item: 0 });
    expect(ZGradeInput.parse(graded?.args.body)).toEqual({
      rubric: { c1: 3, c2: 1.5 },
      feedback: '<p>Good.</p>',
    });
    expect(vi.mocked(notifySuccess)).toHaveBeenCalledWith(
      expect.stringContaining('result published'),
    );
    // Next: Bob's upload, whose file downloads through the attempt's file route.
    const nextForm = await screen.findByRole('form', { name: 'Grade Bob Brown’s answer' });
    fireEvent.click(within(nextForm).getByRole('button', { name: 'Download map.pdf' }));
    await waitFor(() => expect(vi.mocked(saveBlob)).toHaveBeenCalled());
    expect(sent.find((s) => s.op === attemptOps.download)?.args.params).toEqual({
      id: 12,
      file: 40,
    });
    expect(within(nextForm).getByLabelText('Score')).toBeTruthy();
  });

  it('asks the server for the graded tab', async () => {
    renderStaff(<GradingQueuePage />);
    await screen.findByRole('list', { name: 'Answers to grade' });
    fireEvent.click(screen.getByRole('tab', { name: 'Graded' }));
    await waitFor(() =>
      expect(sent.filter((s) => s.op === attemptOps.gradingQueue).at(-1)?.args.query).toEqual({
        status: 'graded',
        page: 1,
        page_size: 10,
      }),
    );
  });
});
