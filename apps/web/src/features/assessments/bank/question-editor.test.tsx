import {
  type Operation,
  questionBankOps,
  type TQuestionType,
  ZBankQuestionInput,
} from '@atrium/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../shared/api/api-error.ts';
import { call } from '../../../shared/api/call.ts';
import { QuestionEditorDialog } from './question-editor-dialog.tsx';
import { makeCategory, makeDetail, renderStaff } from './test-utils.tsx';

vi.mock('../../../shared/api/call.ts', () => ({ call: vi.fn() }));
vi.mock('../../../shared/notify/notify.ts', () => ({
  notifySuccess: vi.fn(),
  notifyError: vi.fn(),
}));
vi.mock('../../../shared/ui/rich-text/rich-text-field.tsx', () => import('./rich-text-mock.tsx'));

type Args = { body?: unknown; params?: { id: number } };
const sent: { op: Operation; args: Args }[] = [];
let failWith: unknown = null;

beforeEach(() => {
  sent.length = 0;
  failWith = null;
  vi.mocked(call).mockImplementation((async (op: Operation, args: Args = {}) => {
    sent.push({ op, args });
    if (op === questionBankOps.read)
      return makeDetail(args.params?.id ?? 1, { used: true, version: 2 });
    if (failWith) throw failWith;
    if (op === questionBankOps.create || op === questionBankOps.update)
      return makeDetail(9, { version: 3 });
    throw new Error(`unexpected ${op.method} ${op.path}`);
  }) as unknown as typeof call);
});

const type = (label: string, value: string) =>
  fireEvent.change(screen.queryByLabelText(label) ?? screen.getByRole('textbox', { name: label }), {
    target: { value },
  });

async function chooseType(label: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Type' }));
  fireEvent.click(await screen.findByRole('option', { name: label }));
}

/** What an author does on each type's form; the definition sent must pass the contract. */
const FILL: Record<TQuestionType, [string, () => Promise<void> | void]> = {
  single_choice: [
    'Single choice',
    () => {
      type('Option 1', 'Paris');
      type('Option 2', 'Lyon');
      fireEvent.click(screen.getByLabelText('Option 1 is correct'));
    },
  ],
  multiple_choice: [
    'Multiple choice',
    async () => {
      type('Option 1', 'Red');
      type('Option 2', 'Blue');
      fireEvent.click(screen.getByRole('button', { name: 'Add an option' }));
      type('Option 3', 'Cat');
      fireEvent.click(screen.getByLabelText('Option 1 is correct'));
      fireEvent.click(screen.getByLabelText('Option 2 is correct'));
      fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Scoring' }));
      fireEvent.click(await screen.findByRole('option', { name: 'Partial credit per option' }));
    },
  ],
  true_false: [
    'True or false',
    () => {
      fireEvent.click(screen.getByLabelText('False'));
    },
  ],
  short_answer: [
    'Short answer',
    () => {
      type('Accepted answer 1', 'Paris');
      fireEvent.click(screen.getByRole('button', { name: 'Add an accepted answer' }));
      type('Accepted answer 2', 'City of Paris');
    },
  ],
  numeric: [
    'Numeric',
    () => {
      type('Correct value', '3.14');
      type('Tolerance', '0.01');
    },
  ],
  matching: [
    'Matching',
    () => {
      type('Premise 1', 'France');
      type('Premise 2', 'Spain');
      type('Response 1', 'Paris');
      type('Response 2', 'Madrid');
    },
  ],
  ordering: [
    'Ordering',
    () => {
      type('Item 1', 'First');
      type('Item 2', 'Second');
      fireEvent.click(screen.getByRole('button', { name: 'Move item 2 up' }));
    },
  ],
  fill_in_blanks: [
    'Fill in the blanks',
    () => {
      type('Text with blanks', '<p>The capital is [[b1]].</p>');
      type('Accepted answer 1', 'Paris');
    },
  ],
  essay: [
    'Essay',
    () => {
      type('Maximum words', '300');
      fireEvent.click(screen.getByRole('button', { name: 'Add a criterion' }));
      type('Criterion 1', 'Argument');
    },
  ],
  file_upload: [
    'File upload',
    () => {
      type('Files a learner may upload', '2');
    },
  ],
};

const EXPECT: Record<TQuestionType, object> = {
  single_choice: {
    options: [
      { id: 'o1', text: 'Paris', correct: true },
      { id: 'o2', text: 'Lyon', correct: false },
    ],
  },
  multiple_choice: { scoring: 'per_option' },
  true_false: { correct: false },
  short_answer: { accepted: ['Paris', 'City of Paris'] },
  numeric: { value: 3.14, tolerance: 0.01 },
  matching: {
    premises: [
      { id: 'p1', text: 'France', response: 'r1' },
      { id: 'p2', text: 'Spain', response: 'r2' },
    ],
  },
  ordering: {
    items: [
      { id: 'i2', text: 'Second' },
      { id: 'i1', text: 'First' },
    ],
  },
  fill_in_blanks: { blanks: [{ id: 'b1', accepted: ['Paris'], case_sensitive: false }] },
  essay: { max_words: 300, rubric: [{ id: 'c1', title: 'Argument', description: '', points: 1 }] },
  file_upload: { allowed_types: ['pdf'], max_files: 2 },
};

// The dialogs are large and the test machine is shared: the default 5 s is too tight.
vi.setConfig({ testTimeout: 30_000 });

describe('QuestionEditorDialog', () => {
  it.each(Object.keys(FILL) as TQuestionType[])(
    'builds a valid %s definition',
    async (kind) => {
      const [label, fill] = FILL[kind];
      renderStaff(
        <QuestionEditorDialog
          questionId={null}
          categories={[makeCategory(1, 'Geography')]}
          defaultCategory={1}
          onClose={() => {}}
        />,
      );
      type('Title', `A ${label} question`);
      await chooseType(label);
      type('Question text', '<p>What?</p>');
      await fill();
      fireEvent.click(screen.getByRole('button', { name: 'Add question' }));
      await waitFor(() => expect(sent.some((s) => s.op === questionBankOps.create)).toBe(true));
      const body = sent.find((s) => s.op === questionBankOps.create)?.args.body;
      const parsed = ZBankQuestionInput.parse(body);
      expect(parsed.category).toBe(1);
      expect(parsed.definition.type).toBe(kind);
      expect(parsed.definition).toMatchObject(EXPECT[kind]);
    },
    30_000,
  );

  it('offers images in every rich-text field of a question, of the types the server takes', async () => {
    renderStaff(
      <QuestionEditorDialog
        questionId={null}
        categories={[]}
        defaultCategory={null}
        onClose={() => {}}
      />,
    );
    // By label: the feedback fields sit in a closed accordion, out of the accessibility tree.
    const types = (label: string) => screen.getByLabelText(label).getAttribute('data-image-types');
    for (const label of [
      'Question text',
      'General feedback (shown after answering)',
      'Feedback when fully right',
      'Feedback otherwise',
    ])
      expect(types(label)).toBe('png,jpg,jpeg,gif,webp');
    await chooseType('Fill in the blanks');
    expect(types('Text with blanks')).toBe('png,jpg,jpeg,gif,webp');
  });

  it('shows the contract’s messages on the fields and sends nothing', async () => {
    renderStaff(
      <QuestionEditorDialog
        questionId={null}
        categories={[]}
        defaultCategory={null}
        onClose={() => {}}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Add question' }));
    expect(await screen.findByText('Mark exactly one option correct.')).toBeTruthy();
    expect(screen.getByText('Enter the question text.')).toBeTruthy();
    expect(screen.getAllByText('Enter the text of each option.')).toHaveLength(2);
    expect(sent).toHaveLength(0);
  });

  it('puts the server’s field errors on the fields and says an edit makes a new version', async () => {
    failWith = new ApiError({
      status: 400,
      message: 'Invalid input.',
      hasServerMessage: true,
      fieldErrors: { 'definition.options.1.text': ['Option text is not allowed.'] },
    });
    renderStaff(
      <QuestionEditorDialog
        questionId={4}
        categories={[]}
        defaultCategory={null}
        onClose={() => {}}
      />,
    );
    expect(await screen.findByText(/Version 2 has been answered/)).toBeTruthy();
    expect((screen.getByLabelText('Option 1') as HTMLTextAreaElement).value).toBe('Paris');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Option text is not allowed.')).toBeTruthy();
    expect(screen.getByText('Invalid input.')).toBeTruthy();
    const update = sent.find((s) => s.op === questionBankOps.update);
    expect(update?.args.params).toEqual({ id: 4 });
  });
});
