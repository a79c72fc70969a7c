import { describe, expect, it } from 'vitest';
import {
  assignSummary,
  formatDate,
  joinState,
  nextStatuses,
  toggleId,
  togglePage,
  unassignSummary,
} from './enrolment-logic.ts';

describe('enrolment logic', () => {
  it('summarises an assignment', () => {
    expect(assignSummary({ assigned: 1, unchanged: 0 })).toBe('1 learner assigned.');
    expect(assignSummary({ assigned: 3, unchanged: 2 })).toBe(
      '3 learners assigned; 2 learners were already enrolled or had completed it.',
    );
    expect(assignSummary({ assigned: 0, unchanged: 1 })).toBe(
      '1 learner was already enrolled or had completed it.',
    );
    expect(assignSummary({ assigned: 0, unchanged: 0 })).toBe('No learners were found to assign.');
  });

  it('summarises an unassignment, with kept completions', () => {
    expect(unassignSummary({ unassigned: 2, kept_completed: 0 })).toBe('2 learners unassigned.');
    expect(unassignSummary({ unassigned: 0, kept_completed: 1 })).toBe(
      '0 learners unassigned; 1 completion kept.',
    );
  });

  it('offers the transitions the server allows', () => {
    expect(nextStatuses('requested').map((s) => s.to)).toEqual(['enrolled', 'rejected']);
    expect(nextStatuses('enrolled').map((s) => s.to)).toEqual(['completed']);
    expect(nextStatuses('rejected').map((s) => s.to)).toEqual(['enrolled']);
    expect(nextStatuses('completed').map((s) => s.to)).toEqual(['enrolled']);
  });

  it('tells what a learner can do about a course', () => {
    expect(joinState({ self_enrol: true })).toBe('can_request');
    expect(joinState({ self_enrol: false })).toBe('assigned_only');
    expect(joinState({ self_enrol: true, enrolment: { status: 'requested' } })).toBe('pending');
    expect(joinState({ self_enrol: true, enrolment: { status: 'rejected' } })).toBe('rejected');
  });

  it('selects rows and pages', () => {
    expect(toggleId([1, 2], 2)).toEqual([1]);
    expect(toggleId([1], 2)).toEqual([1, 2]);
    expect(togglePage([9], [1, 2])).toEqual([9, 1, 2]);
    expect(togglePage([9, 1, 2], [1, 2])).toEqual([9]);
    expect(togglePage([], [])).toEqual([]);
  });

  it('formats dates, with a dash for none', () => {
    expect(formatDate(null)).toBe('—');
    expect(formatDate('not a date')).toBe('—');
    expect(formatDate('2026-03-03T10:00:00Z', 'en-GB')).toBe('3 Mar 2026');
  });
});
