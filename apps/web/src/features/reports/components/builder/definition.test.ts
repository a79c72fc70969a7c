import { describe, expect, it } from 'vitest';
import { cellText, type Draft, filterValue, toDefinition } from './definition.ts';

const number = {
  key: 'progress',
  label: 'Progress',
  type: 'percent',
  groupable: false,
  aggregatable: true,
} as const;
const text = {
  key: 'course',
  label: 'Course',
  type: 'text',
  groupable: true,
  aggregatable: false,
} as const;
const flag = {
  key: 'overdue',
  label: 'Overdue',
  type: 'boolean',
  groupable: true,
  aggregatable: false,
} as const;

describe('builder definition helpers', () => {
  it('reads typed filter values by column type', () => {
    expect(filterValue(number, 'gt', '50')).toBe(50);
    expect(filterValue(number, 'gt', 'abc')).toBeUndefined();
    expect(filterValue(text, 'in', 'Alpha, Bravo,')).toEqual(['Alpha', 'Bravo']);
    expect(filterValue(flag, 'eq', 'false')).toBe(false);
    expect(filterValue(text, 'is_empty', 'x')).toBeUndefined();
  });

  it('leaves out filters still missing a value, and totals without a grouping', () => {
    const draft: Draft = {
      source: 'course_progress',
      columns: ['course'],
      filters: [
        { column: 'course', op: 'eq' },
        { column: 'course', op: 'is_empty' },
      ],
      group_by: null,
      aggregates: [{ column: 'progress', fn: 'avg' }],
      sort: [],
    };
    expect(toDefinition(draft)).toMatchObject({
      filters: [{ column: 'course', op: 'is_empty' }],
      aggregates: [],
    });
  });

  it('formats cells', () => {
    expect(cellText('boolean', true)).toBe('Yes');
    expect(cellText('percent', 50)).toBe('50%');
    expect(cellText('text', null)).toBe('—');
    expect(cellText('duration', 5400)).toBe('1 h 30 min');
  });
});
