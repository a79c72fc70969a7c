import type { TAssignment, TSubmission } from '@atrium/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../../shared/api/api-error.ts';
import {
  assignmentToForm,
  EMPTY_ASSIGNMENT,
  excerpt,
  formAlert,
  formToCreate,
  formToUpdate,
  gradeFormSchema,
  gradeToPayload,
  submissionState,
  submissionToGradeForm,
  ZAssignmentForm,
} from './assignment-form.ts';

const assignment: TAssignment = {
  id: 7,
  course: 3,
  module: null,
  title: 'Essay',
  instructions: 'Write it.',
  due_at: '2026-03-03T12:00:00.000Z',
  max_score: 50,
  created_at: '2026-01-01T00:00:00.000Z',
};

const submission: TSubmission = {
  id: 9,
  assignment: 7,
  user: { id: 4, fullname: 'Lee Learner' },
  file_name: null,
  file_url: null,
  text: 'Hello',
  submitted_at: '2026-03-01T10:00:00.000Z',
  score: null,
  feedback: null,
  graded_at: null,
};

describe('assignment form', () => {
  it('creates with trimmed text, no due date and the default score', () => {
    const values = { ...EMPTY_ASSIGNMENT, title: '  Essay ', instructions: ' Do it ' };
    expect(formToCreate(3, values)).toEqual({
      course: 3,
      module: null,
      title: 'Essay',
      instructions: 'Do it',
      due_at: null,
      max_score: 100,
    });
  });

  it('sends a due day as the end of that local day', () => {
    const payload = formToCreate(3, { ...EMPTY_ASSIGNMENT, title: 'A', due: '2026-03-03' });
    const due = new Date(payload.due_at ?? '');
    expect([due.getFullYear(), due.getMonth(), due.getDate(), due.getHours()]).toEqual([
      2026, 2, 3, 23,
    ]);
  });

  it('updates only what changed and keeps an untouched due time', () => {
    const values = { ...assignmentToForm(assignment), title: 'Essay 2' };
    expect(formToUpdate(assignment, values)).toEqual({ title: 'Essay 2' });
    expect(formToUpdate(assignment, assignmentToForm(assignment))).toEqual({});
  });

  it('clears the due date and changes module and score', () => {
    const values = { ...assignmentToForm(assignment), due: '', module: 5, max_score: 10 };
    expect(formToUpdate(assignment, values)).toEqual({ due_at: null, module: 5, max_score: 10 });
  });

  it('validates with readable messages', () => {
    const bad = ZAssignmentForm.safeParse({ ...EMPTY_ASSIGNMENT, title: ' ', max_score: NaN });
    expect(bad.success).toBe(false);
    const messages = bad.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    expect(messages).toEqual(
      expect.arrayContaining([
        'title: This field may not be blank.',
        'max_score: Enter a whole number.',
      ]),
    );
    expect(
      ZAssignmentForm.safeParse({ ...EMPTY_ASSIGNMENT, title: 'A', max_score: 1001 }).success,
    ).toBe(false);
  });
});

describe('grade form', () => {
  it('caps the score at the maximum and refuses negatives', () => {
    const schema = gradeFormSchema(50);
    expect(schema.safeParse({ score: 50, feedback: '' }).success).toBe(true);
    expect(schema.safeParse({ score: 51, feedback: '' }).error?.issues[0]?.message).toBe(
      'The score can be at most 50.',
    );
    expect(schema.safeParse({ score: -1, feedback: '' }).success).toBe(false);
    expect(schema.safeParse({ score: 2.5, feedback: '' }).success).toBe(false);
  });

  it('starts empty for an ungraded submission and maps to the payload', () => {
    expect(Number.isNaN(submissionToGradeForm(submission).score)).toBe(true);
    const graded = {
      ...submission,
      score: 40,
      feedback: 'Good',
      graded_at: submission.submitted_at,
    };
    expect(submissionToGradeForm(graded)).toEqual({ score: 40, feedback: 'Good' });
    expect(gradeToPayload(4, { score: 40, feedback: '  Nice  ' })).toEqual({
      user: 4,
      score: 40,
      feedback: 'Nice',
    });
  });
});

describe('submission helpers', () => {
  it('tells graded, late and awaiting apart', () => {
    expect(submissionState(submission, assignment.due_at)).toBe('awaiting');
    expect(
      submissionState({ ...submission, submitted_at: '2026-03-04T00:00:00Z' }, assignment.due_at),
    ).toBe('late');
    expect(submissionState({ ...submission, graded_at: '2026-03-05T00:00:00Z' }, null)).toBe(
      'graded',
    );
    expect(submissionState(submission, null)).toBe('awaiting');
  });

  it('shortens answers to one line', () => {
    expect(excerpt(null)).toBe('');
    expect(excerpt('a\n\nb')).toBe('a b');
    expect(excerpt('abcdefghij', 5)).toBe('abcd…');
  });
});

describe('formAlert', () => {
  const fieldError = (message: string, errors: Record<string, string[]>, nonField: string[] = []) =>
    new ApiError({ status: 400, message, fieldErrors: errors, nonFieldErrors: nonField });

  it('drops a message the field already shows', () => {
    const msg = 'A submission is already graded above this score.';
    expect(formAlert(fieldError(msg, { max_score: [msg] }), msg, ['max_score'])).toBeNull();
  });

  it('keeps general messages, unknown fields and non-field errors', () => {
    const general = 'Invalid input. Please correct the fields listed.';
    expect(formAlert(fieldError(general, { title: ['Too long.'] }), general, ['title'])).toBe(
      general,
    );
    expect(formAlert(fieldError('X', { other: ['X'] }), 'X', ['title'])).toBe('X');
    expect(formAlert(fieldError('X', { title: ['X'] }, ['X']), 'X', ['title'])).toBe('X');
    expect(formAlert(new Error('boom'), 'boom', ['title'])).toBe('boom');
  });
});
