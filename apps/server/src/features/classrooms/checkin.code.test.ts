import { describe, expect, it } from 'vitest';
import {
  acceptsCode,
  checkinOpen,
  checkinWindow,
  currentCode,
  hotp,
  periodOf,
} from './checkin.code.ts';

/*
 * The rotating code without a database or a clock: every function takes `now`.
 */

describe('hotp (RFC 4226)', () => {
  // RFC 4226 Appendix D: the secret "12345678901234567890" and its first ten values.
  const expected = [
    '755224',
    '287082',
    '359152',
    '969429',
    '338314',
    '254676',
    '287922',
    '162583',
    '399871',
    '520489',
  ];
  it.each(expected.map((code, counter) => [counter, code]))('counter %i → %s', (counter, code) => {
    expect(hotp('12345678901234567890', counter)).toBe(code);
  });
});

describe('the check-in code', () => {
  const secret = 'session-secret-a';
  // 2030-01-01T10:00:00Z falls on a period boundary (the epoch and the hour are multiples of 15 s).
  const t0 = new Date('2030-01-01T10:00:00.000Z');
  const at = (seconds: number) => new Date(t0.getTime() + seconds * 1000);

  it('is six digits and stays the same for 15 seconds', () => {
    const { code, expiresAt } = currentCode(secret, t0);
    expect(code).toMatch(/^\d{6}$/);
    expect(currentCode(secret, at(14.999)).code).toBe(code);
    expect(expiresAt.toISOString()).toBe('2030-01-01T10:00:15.000Z');
  });

  it('rotates every 15 seconds', () => {
    const codes = [0, 15, 30, 45].map((s) => currentCode(secret, at(s)).code);
    expect(new Set(codes).size).toBe(4);
    expect(periodOf(at(15))).toBe(periodOf(t0) + 1);
  });

  it('is accepted in its own period and the next one, and expires after that', () => {
    const { code } = currentCode(secret, t0);
    expect(acceptsCode(secret, code, at(0))).toBe(true);
    expect(acceptsCode(secret, code, at(14))).toBe(true);
    expect(acceptsCode(secret, code, at(15))).toBe(true); // the previous period's code
    expect(acceptsCode(secret, code, at(29.999))).toBe(true);
    expect(acceptsCode(secret, code, at(30))).toBe(false); // two periods old: expired
    expect(acceptsCode(secret, code, at(-1))).toBe(false); // not yet valid
  });

  it("is another session's code for another secret", () => {
    const { code } = currentCode(secret, t0);
    expect(acceptsCode('session-secret-b', code, t0)).toBe(false);
  });

  it('refuses anything but its digits', () => {
    expect(acceptsCode(secret, '', t0)).toBe(false);
    expect(acceptsCode(secret, '1234567', t0)).toBe(false);
  });
});

describe('the check-in window', () => {
  const session = {
    startsAt: new Date('2030-01-01T10:00:00Z'),
    endsAt: new Date('2030-01-01T11:00:00Z'),
  };
  it('opens 15 minutes before the start and closes at the end', () => {
    expect(checkinWindow(session).opensAt.toISOString()).toBe('2030-01-01T09:45:00.000Z');
    expect(checkinOpen(session, new Date('2030-01-01T09:44:59Z'))).toBe(false);
    expect(checkinOpen(session, new Date('2030-01-01T09:45:00Z'))).toBe(true);
    expect(checkinOpen(session, new Date('2030-01-01T10:59:59Z'))).toBe(true);
    expect(checkinOpen(session, new Date('2030-01-01T11:00:00Z'))).toBe(false);
  });
});
