import {
  assessmentReportOps,
  type Operation,
  questionBankOps,
  ZQuestionImportReport,
} from '@atrium/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../shared/api/api-error.ts';
import { call } from '../../../shared/api/call.ts';
import QuestionBankPage from '../pages/question-bank.page.tsx';
import { makeCategory, makeQuestion, page, renderStaff } from './test-utils.tsx';

vi.mock('../../../shared/api/call.ts', () => ({ call: vi.fn() }));
vi.mock('../../../shared/api/download.ts', () => ({ saveBlob: vi.fn(), dateStamp: () => 'd' }));
vi.mock('../../../shared/notify/notify.ts', () => ({
  notifySuccess: vi.fn(),
  notifyError: vi.fn(),
}));

vi.setConfig({ testTimeout: 30_000 });

type Args = { query?: Record<string, unknown>; body?: unknown };
const sent: { op: Operation; args: Args }[] = [];
let importAnswer: (dryRun: boolean) => unknown = () => null;
const listQueries = () =>
  sent.filter((s) => s.op === questionBankOps.list).map((s) => s.args.query);

const report = (dryRun: boolean) =>
  ZQuestionImportReport.parse({
    format: 'qti',
    qti_version: '2.1',
    dry_run: dryRun,
    // As the server answers: a dry run writes nothing and lists what it would import.
    imported: dryRun ? 0 : 2,
    questions: [
      { id: dryRun ? 0 : 31, title: 'Rivers' },
      { id: dryRun ? 0 : 32, title: 'Mountains' },
    ],
    skipped: [{ item: 'item-7', reason: 'Hotspot interactions are not supported.' }],
  });

beforeEach(() => {
  sent.length = 0;
  importAnswer = report;
  vi.mocked(call).mockImplementation((async (op: Operation, args: Args = {}) => {
    sent.push({ op, args });
    if (op === questionBankOps.categories)
      return page([makeCategory(1, 'Geography', null, 2), makeCategory(2, 'Rivers', 1, 3)]);
    if (op === questionBankOps.list)
      return page([makeQuestion(1), makeQuestion(2, { used: true, title: 'Longest river' })], 25);
    if (op === assessmentReportOps.importQuestions) {
      const form = args.body as FormData;
      const answer = importAnswer(form.get('dry_run') === 'true');
      if (answer instanceof Error) throw answer;
      return answer;
    }
    throw new Error(`unexpected ${op.method} ${op.path}`);
  }) as unknown as typeof call);
});

describe('QuestionBankPage', () => {
  it('filters by category, type and a typed search, back on page 1', async () => {
    renderStaff(<QuestionBankPage />);
    const table = await screen.findByRole('table', { name: 'Questions' });
    expect(await within(table).findByText('Longest river')).toBeTruthy();
    // The tree counts a category with everything under it.
    const tree = screen.getByRole('navigation', { name: 'Question categories' });
    // All questions and Geography (2 + Rivers' 3) both count 5.
    expect(within(tree).getAllByLabelText('5 questions')).toHaveLength(2);
    expect(within(tree).getByLabelText('3 questions')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: /next page/i }));
    await waitFor(() => expect(listQueries().at(-1)).toMatchObject({ page: 2 }));

    fireEvent.click(within(tree).getByText('Rivers'));
    await waitFor(() => expect(listQueries().at(-1)).toMatchObject({ category: 2, page: 1 }));

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Type' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Essay' }));
    await waitFor(() => expect(listQueries().at(-1)).toMatchObject({ type: 'essay' }));

    const before = listQueries().length;
    fireEvent.change(screen.getByRole('textbox', { name: 'Search' }), { target: { value: 'ni' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Search' }), {
      target: { value: 'nile' },
    });
    await waitFor(
      () =>
        expect(listQueries().at(-1)).toEqual({
          page: 1,
          page_size: 20,
          status: 'active',
          category: 2,
          type: 'essay',
          search: 'nile',
        }),
      { timeout: 4000 },
    );
    // One request once typing paused, not one per key.
    expect(
      listQueries()
        .slice(before)
        .filter((q) => q?.search === 'ni'),
    ).toHaveLength(0);
  });

  it('imports after a dry run whose report lists what is skipped and why', async () => {
    renderStaff(<QuestionBankPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Import' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import questions' });
    const input = dialog.querySelector('input[type=file]') as HTMLInputElement;
    const file = new File(['zip'], 'bank.zip', { type: 'application/zip' });
    fireEvent.change(input, { target: { files: [file] } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Check file' }));

    expect(await within(dialog).findByText('2 questions can be imported')).toBeTruthy();
    const skipped = within(dialog).getByRole('list', { name: 'Skipped items' });
    expect(within(skipped).getByText('item-7')).toBeTruthy();
    expect(within(skipped).getByText('Hotspot interactions are not supported.')).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Import 2' }));
    expect(await within(dialog).findByText('2 questions imported')).toBeTruthy();
    const forms = sent
      .filter((s) => s.op === assessmentReportOps.importQuestions)
      .map((s) => s.args.body as FormData);
    expect(forms.map((f) => f.get('dry_run'))).toEqual(['true', 'false']);
    expect((forms[1]?.get('file') as File | undefined)?.name).toBe('bank.zip');
  });

  it('lists the images an imported item loses, with why, beside the skipped items', async () => {
    importAnswer = (dryRun) => ({
      ...report(dryRun),
      notes: [
        {
          item: 'item-3',
          note: 'image “figures/a.svg” left out: SVG images are not kept; convert it to PNG',
        },
        { item: 'item-3', note: 'image “figures/b.png” left out: the file is not in the package' },
      ],
    });
    renderStaff(<QuestionBankPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Import' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import questions' });
    expect(within(dialog).getByText(/images a package's items show/)).toBeTruthy();
    const input = dialog.querySelector('input[type=file]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['zip'], 'bank.zip')] } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Check file' }));

    const notes = await within(dialog).findByRole('list', { name: 'Import notes' });
    expect(within(notes).getAllByText('item-3')).toHaveLength(2);
    expect(
      within(notes).getByText(
        'image “figures/a.svg” left out: SVG images are not kept; convert it to PNG',
      ),
    ).toBeTruthy();
    expect(
      within(notes).getByText('image “figures/b.png” left out: the file is not in the package'),
    ).toBeTruthy();
    expect(within(dialog).getByText(/Some images would be left out/)).toBeTruthy();
    expect(within(dialog).getByRole('list', { name: 'Skipped items' })).toBeTruthy();
  });

  it('lists a refused file’s problems by row', async () => {
    importAnswer = () =>
      new ApiError({
        status: 400,
        message: 'The file has errors; nothing was imported.',
        hasServerMessage: true,
        fieldErrors: { 'row 3': ['Mark exactly one option correct.'] },
      });
    renderStaff(<QuestionBankPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Import' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import questions' });
    const input = dialog.querySelector('input[type=file]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['a,b'], 'q.csv')] } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Check file' }));
    const problems = await within(dialog).findByRole('list', { name: 'Problems in the file' });
    expect(within(problems).getByText('row 3')).toBeTruthy();
    expect(within(problems).getByText('Mark exactly one option correct.')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: /^Import \d/ })).toBeNull();
  });
});
