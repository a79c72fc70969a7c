import { COURSE_IMPORT_COLUMNS } from '@atrium/contract';
import { describe, expect, it } from 'vitest';
import { toApiError } from '../../../shared/api/api-error.ts';
import { courseImportReport, courseImportTemplate } from './course-import.ts';

describe('course import', () => {
  it('builds a template whose header is the server columns', () => {
    const lines = courseImportTemplate().trimEnd().split('\r\n');
    expect(lines[0]).toBe(COURSE_IMPORT_COLUMNS.join(','));
    expect(lines).toHaveLength(3);
    expect(lines[1]?.split(',')).toHaveLength(COURSE_IMPORT_COLUMNS.length);
    // A cell with a comma is quoted.
    expect(lines[2]).toContain('"Step by step, with practice."');
  });

  it('lists row errors in file order apart from file problems', () => {
    const error = toApiError(400, {
      message: '2 rows have errors. Nothing was imported.',
      errors: {
        'row 5': ['level: use beginner, intermediate or advanced.'],
        'row 3': ['course_title: enter a title.', 'category: no such category.'],
        file: ['The file has no module_title column.'],
      },
    });
    const report = courseImportReport(error);
    expect(report.headline).toBe('2 rows have errors. Nothing was imported.');
    expect(report.rows.map((row) => row.row)).toEqual([3, 5]);
    expect(report.rows[0]?.problems).toHaveLength(2);
    expect(report.fileProblems).toEqual(['The file has no module_title column.']);
  });

  it('gives only the message for a failure that is not a refusal', () => {
    expect(courseImportReport(new Error('x')).rows).toEqual([]);
  });
});
