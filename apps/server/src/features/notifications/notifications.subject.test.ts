import { describe, expect, it } from 'vitest';
import { SUBJECT_MAX, subjectLine } from './notifications.mails.ts';

describe('subjectLine', () => {
  it('keeps a short message as it is, on one line', () => {
    expect(subjectLine('Acme:  Ann enrolled you\nin Safety 101.')).toBe(
      'Acme: Ann enrolled you in Safety 101.',
    );
  });

  it('cuts a long message at a word, within the limit, and says so', () => {
    const long = `Acme: Lee wrote about Onboarding: ${'Please finish the safety course. '.repeat(40)}`;
    const line = subjectLine(long);
    expect(line.length).toBeLessThanOrEqual(SUBJECT_MAX);
    expect(line.endsWith('…')).toBe(true);
    expect(line).not.toMatch(/\s…$/);
    expect(long.startsWith(line.slice(0, -1))).toBe(true);
  });
});
