import { describe, expect, it } from 'vitest';
import { acceptAttribute, describeTypes, fileProblem, formatBytes } from './file-rules.ts';

const rule = { allowed: ['csv', 'xlsx'], maxBytes: 20 * 1024 * 1024 };

describe('fileProblem', () => {
  it('accepts an allowed, non-empty file within the limit, whatever the case of its extension', () => {
    expect(fileProblem({ name: 'users.CSV', size: 120 }, rule)).toBeNull();
    expect(fileProblem({ name: 'users.xlsx', size: rule.maxBytes }, rule)).toBeNull();
  });

  it('names the allowed types, an empty file and the size limit', () => {
    expect(fileProblem({ name: 'users.txt', size: 10 }, rule)).toBe(
      'users.txt is not a CSV or XLSX file.',
    );
    expect(fileProblem({ name: 'csv', size: 10 }, rule)).toBe('csv is not a CSV or XLSX file.');
    expect(fileProblem({ name: 'users.csv', size: 0 }, rule)).toBe('users.csv is empty.');
    expect(fileProblem({ name: 'big.csv', size: 21 * 1024 * 1024 }, rule)).toBe(
      'big.csv is 21 MB; the limit is 20 MB.',
    );
  });

  it('treats an empty allow-list as a programming error (spec §5)', () => {
    expect(() => fileProblem({ name: 'a.csv', size: 1 }, { allowed: [], maxBytes: 1 })).toThrow(
      /must not be empty/,
    );
    expect(() => acceptAttribute({ allowed: [], maxBytes: 1 })).toThrow(/must not be empty/);
  });
});

describe('formatting', () => {
  it('formats sizes and type lists for people', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(2 * 1024 * 1024)).toBe('2 MB');
    expect(describeTypes(['png', 'jpg', 'webp'])).toBe('PNG, JPG or WEBP');
    expect(acceptAttribute(rule)).toBe('.csv,.xlsx');
  });
});
