import {
  type TQuestionAnswer,
  type TQuestionView,
  ZQuestionAnswer,
  ZQuestionView,
} from '@atrium/contract';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { withBlankSlots } from './blanks-question.tsx';
import { isAnswered } from './question-model.ts';

// MUI's first render is slow on a shared machine.
vi.setConfig({ testTimeout: 60_000 });

import { QuestionRenderer } from './question-renderer.tsx';

const v = (view: unknown) => ZQuestionView.parse(view) as TQuestionView;
const base = { points: 2, stem: '<p>Pick one</p>' };
const opts = [
  { id: 'a', text: 'Alpha' },
  { id: 'b', text: 'Beta' },
];

/** Renders in answer mode and answers the last answer sent, checked against the contract. */
function answering(view: TQuestionView, answer: TQuestionAnswer | null = null) {
  const onChange = vi.fn();
  render(
    <QuestionRenderer view={view} answer={answer} onChange={onChange} mode="answer" number={1} />,
  );
  return () => ZQuestionAnswer.parse(onChange.mock.calls.at(-1)?.[0]);
}

describe('QuestionRenderer in answer mode', () => {
  it('single choice sends the picked option', () => {
    const last = answering(v({ type: 'single_choice', ...base, options: opts }));
    fireEvent.click(screen.getByRole('radio', { name: 'Beta' }));
    expect(last()).toEqual({ type: 'single_choice', selected: 'b' });
  });

  it('multiple choice adds and removes options in their order', () => {
    const view = v({ type: 'multiple_choice', ...base, options: opts, scoring: 'per_option' });
    const last = answering(view, { type: 'multiple_choice', selected: ['b'] });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Alpha' }));
    expect(last()).toEqual({ type: 'multiple_choice', selected: ['a', 'b'] });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Beta' }));
    expect(last()).toEqual({ type: 'multiple_choice', selected: [] });
  });

  it('true/false sends a boolean', () => {
    const last = answering(v({ type: 'true_false', ...base }));
    fireEvent.click(screen.getByRole('radio', { name: 'False' }));
    expect(last()).toEqual({ type: 'true_false', value: false });
  });

  it('short answer sends the text', () => {
    const last = answering(v({ type: 'short_answer', ...base }));
    fireEvent.change(screen.getByRole('textbox'), { target: { value: 'Paris' } });
    expect(last()).toEqual({ type: 'short_answer', text: 'Paris' });
  });

  it('numeric reads a comma as the decimal point and sends null for what is not a number', () => {
    const last = answering(v({ type: 'numeric', ...base }));
    fireEvent.change(screen.getByRole('textbox'), { target: { value: '3,5' } });
    expect(last()).toEqual({ type: 'numeric', value: 3.5 });
    fireEvent.change(screen.getByRole('textbox'), { target: { value: 'abc' } });
    expect(last()).toEqual({ type: 'numeric', value: null });
    expect(screen.getByText('Enter a number, such as 12.5.')).toBeTruthy();
  });

  it('matching pairs a premise with the response chosen in its select', () => {
    const view = v({
      type: 'matching',
      ...base,
      premises: [
        { id: 'p1', text: 'France' },
        { id: 'p2', text: 'Spain' },
      ],
      responses: [
        { id: 'r1', text: 'Paris' },
        { id: 'r2', text: 'Madrid' },
      ],
    });
    const last = answering(view);
    fireEvent.mouseDown(screen.getAllByRole('combobox')[1] as HTMLElement);
    fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Madrid' }));
    expect(last()).toEqual({ type: 'matching', pairs: { p2: 'r2' } });
  });

  it('ordering moves an item with the keyboard buttons', () => {
    const view = v({ type: 'ordering', ...base, items: [...opts, { id: 'c', text: 'Gamma' }] });
    const last = answering(view);
    fireEvent.click(screen.getByRole('button', { name: 'Move Gamma up' }));
    expect(last()).toEqual({ type: 'ordering', order: ['a', 'c', 'b'] });
    expect(
      (screen.getByRole('button', { name: 'Move Alpha up' }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });

  it('fill in the blanks puts an input where each marker is and sends blank id → text', () => {
    const view = v({
      type: 'fill_in_blanks',
      ...base,
      text: '<p>The capital of France is [[x1]] and of Spain [[x2]].</p>',
      blanks: [{ id: 'x1' }, { id: 'x2' }],
    });
    const last = answering(view);
    const second = screen.getByRole('textbox', { name: 'Blank 2' });
    expect(second.closest('p')?.textContent).toContain('The capital of France is');
    fireEvent.change(second, { target: { value: 'Madrid' } });
    expect(last()).toEqual({ type: 'fill_in_blanks', blanks: { x2: 'Madrid' } });
  });

  it('file upload lists the files and removes one', () => {
    const view = v({
      type: 'file_upload',
      ...base,
      rubric: [],
      allowed_types: ['pdf'],
      max_bytes: 1000,
      max_files: 2,
    });
    const last = answering(view, { type: 'file_upload', files: [{ id: 4, name: 'essay.pdf' }] });
    expect(screen.getByText('essay.pdf')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Remove essay.pdf' }));
    expect(last()).toEqual({ type: 'file_upload', files: [] });
  });

  it('essay shows the word count against its limits', async () => {
    const view = v({ type: 'essay', ...base, rubric: [], min_words: 50, max_words: null });
    render(
      <QuestionRenderer
        view={view}
        answer={{ type: 'essay', text: '<p>Two words</p>' }}
        onChange={() => {}}
        mode="answer"
      />,
    );
    expect(await screen.findByText('2 words (at least 50)')).toBeTruthy();
  });
});

describe('QuestionRenderer in review and preview modes', () => {
  it('review calls a graded essay with part of its points partly correct, not incorrect', () => {
    render(
      <QuestionRenderer
        view={v({ type: 'essay', ...base, rubric: [], min_words: null, max_words: null })}
        answer={{ type: 'essay', text: '<p>Mirrors at bay four.</p>' }}
        mode="review"
        points={4}
        review={{
          correct: false,
          score: 3,
          solution: null,
          feedback: null,
          reviewer_feedback: '<p>Good catch.</p>',
          pending: false,
        }}
      />,
    );
    expect(screen.getByText('Partly correct')).toBeTruthy();
    expect(screen.queryByText('Incorrect')).toBeNull();
    expect(screen.getByText('3 / 4')).toBeTruthy();
  });

  it('review marks the wrong pick and the right answer, and shows the feedback', () => {
    render(
      <QuestionRenderer
        view={v({ type: 'single_choice', ...base, options: opts })}
        answer={{ type: 'single_choice', selected: 'a' }}
        mode="review"
        review={{
          correct: false,
          score: 0,
          solution: { type: 'single_choice', selected: 'b' },
          feedback: '<p>Beta is the second letter.</p>',
          reviewer_feedback: null,
          pending: false,
        }}
      />,
    );
    expect((screen.getByRole('radio', { name: 'Alpha' }) as HTMLInputElement).disabled).toBe(true);
    expect(screen.getAllByText('Incorrect')).toHaveLength(2);
    expect(screen.getByText('Correct answer')).toBeTruthy();
    expect(screen.getByText('0 / 2')).toBeTruthy();
    expect(screen.getByText('Beta is the second letter.')).toBeTruthy();
  });

  it('preview without onChange keeps its own answer', () => {
    render(
      <QuestionRenderer view={v({ type: 'true_false', ...base })} answer={null} mode="preview" />,
    );
    fireEvent.click(screen.getByRole('radio', { name: 'True' }));
    expect((screen.getByRole('radio', { name: 'True' }) as HTMLInputElement).checked).toBe(true);
  });
});

describe('helpers', () => {
  it('withBlankSlots leaves markers with invalid ids as text', () => {
    expect(withBlankSlots('a [[ok]] b [[__proto__]]')).toBe(
      'a <span data-blank="ok"></span> b [[__proto__]]',
    );
  });
  it('isAnswered', () => {
    expect(isAnswered(null)).toBe(false);
    expect(isAnswered({ type: 'essay', text: '<p> </p>' })).toBe(false);
    expect(isAnswered({ type: 'fill_in_blanks', blanks: { a: 'x' } })).toBe(true);
  });
});
