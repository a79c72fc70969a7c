import { describe, expect, it } from 'vitest';
import { GENERIC_SUPPORT_MESSAGE, toApiError } from '../../shared/api/api-error.ts';
import { hasRowErrors, importReport } from './import-report.ts';

describe('importReport', () => {
  it('lists each row with its problems by column, in file order', () => {
    const error = toApiError(400, {
      message: '2 of 3 rows have errors. Nothing was imported.',
      errors: {
        'row 10': ["role: 'chief' is not a role (learner, trainer, admin, hiring manager)."],
        'row 3': ['email: enter a valid e-mail address.', "username: 'ada' is already taken."],
      },
      non_field_errors: ['12 more rows with errors are not listed.'],
    });
    const report = importReport(error);
    expect(report.headline).toBe('2 of 3 rows have errors. Nothing was imported.');
    expect(report.rows).toEqual([
      {
        row: 3,
        problems: [
          { column: 'email', message: 'Enter a valid e-mail address.' },
          { column: 'username', message: "'ada' is already taken." },
        ],
      },
      {
        row: 10,
        problems: [
          {
            column: 'role',
            message: "'chief' is not a role (learner, trainer, admin, hiring manager).",
          },
        ],
      },
    ]);
    expect(report.notes).toEqual(['12 more rows with errors are not listed.']);
    expect(hasRowErrors(report)).toBe(true);
  });

  it('keeps a message without a known column whole', () => {
    const error = toApiError(400, { message: 'x', errors: { 'row 2': ['Something odd: here'] } });
    expect(importReport(error).rows[0]?.problems).toEqual([
      { column: null, message: 'Something odd: here' },
    ]);
  });

  it('reports problems with the file itself apart from rows', () => {
    const error = toApiError(415, { message: 'File type not allowed. Allowed types: csv, xlsx.' });
    const report = importReport(error);
    expect(report).toEqual({
      headline: 'File type not allowed. Allowed types: csv, xlsx.',
      rows: [],
      fileProblems: [],
      notes: [],
    });
    expect(hasRowErrors(report)).toBe(false);
    const missing = importReport(
      toApiError(400, {
        message: 'Bad file',
        errors: { file: ['No file was sent.'], columns: ['email is missing.'] },
      }),
    );
    expect(missing.fileProblems).toEqual(['No file was sent.', 'columns: email is missing.']);
  });

  it('gives the support message for a failure that is no API error', () => {
    expect(importReport(new Error('boom')).headline).toBe(GENERIC_SUPPORT_MESSAGE);
  });
});
