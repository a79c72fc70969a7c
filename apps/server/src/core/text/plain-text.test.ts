import { hasMarkup, PLAIN_TEXT_MESSAGE, plainText } from '@atrium/contract';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

// plainText() lives in the contract (the server and the web's forms run it); tested here,
// where the contract's rules are tested.
describe('plainText()', () => {
  const title = plainText().trim().min(1, 'Enter the title.').max(20, 'Too long.');
  const messages = (r: z.ZodSafeParseResult<unknown>) => r.error?.issues.map((i) => i.message);

  it.each([
    '<b>bold</b>',
    '<script>alert(1)</script>',
    'x</p>',
    '<img src=x onerror=alert(1)>',
    '<!-- hi -->',
    '<!DOCTYPE html>',
    '<?xml version="1.0"?>',
    'a<svg/onload=alert(1)>',
  ])('refuses %s with the one message', (value) => {
    expect(hasMarkup(value)).toBe(true);
    expect(messages(title.safeParse(value))).toContain(PLAIN_TEXT_MESSAGE);
  });

  it.each([
    'Fire safety',
    '2 < 3',
    '<3 this course',
    'a <= b and b >= c',
    "O'Brien & Sons",
    'x << 2',
    '< p >',
    'Ünïcödé ✓',
  ])('accepts %s', (value) => {
    expect(hasMarkup(value)).toBe(false);
    expect(title.safeParse(value).success).toBe(true);
  });

  it('keeps the field rules that follow it', () => {
    expect(title.parse('  Hello  ')).toBe('Hello');
    expect(messages(title.safeParse(''))).toEqual(['Enter the title.']);
    expect(messages(title.safeParse('x'.repeat(21)))).toEqual(['Too long.']);
  });

  it('wraps a string schema that carries its own messages', () => {
    const bio = plainText(z.string({ error: 'The bio must be text.' }))
      .trim()
      .nullable();
    expect(messages(bio.safeParse(5))).toEqual(['The bio must be text.']);
    expect(messages(bio.safeParse('<i>me</i>'))).toEqual([PLAIN_TEXT_MESSAGE]);
    expect(bio.parse(null)).toBeNull();
  });
});
