import { createHmac, timingSafeEqual } from 'node:crypto';
import { CHECKIN_PERIOD_SECONDS } from '@atrium/contract';

/**
 * The rotating check-in code: a time-based one-time password in the manner of RFC 6238 (TOTP),
 * i.e. RFC 4226's HOTP (HMAC-SHA-1, dynamic truncation, six digits) over the number of
 * 15-second periods since the epoch, keyed by the session's own secret. The trainer's screen and
 * the server compute it independently; a code of one session is worthless for another.
 *
 * Pure: every function takes `now`, so rotation and expiry are tested with a fixed clock.
 */

/** The check-in window opens this long before the start (and closes at the end). */
export const CHECKIN_OPENS_MINUTES_BEFORE = 15;
const PERIOD_MS = CHECKIN_PERIOD_SECONDS * 1000;
const DIGITS = 6;

/** RFC 4226 §5.3: HMAC-SHA-1 of the 8-byte counter, dynamic truncation, modulo 10^digits. */
export function hotp(key: Buffer | string, counter: number, digits = DIGITS): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac('sha1', key).update(message).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, '0');
}

/** The period `now` falls in. */
export const periodOf = (now: Date) => Math.floor(now.getTime() / PERIOD_MS);

/** The code shown at `now`, and when it stops being shown. */
export function currentCode(secret: string, now: Date): { code: string; expiresAt: Date } {
  const period = periodOf(now);
  return { code: hotp(secret, period), expiresAt: new Date((period + 1) * PERIOD_MS) };
}

/**
 * Whether `code` is the current period's or the previous one's: a learner who reads the code
 * just before it changes, or whose phone's clock lags, still gets in; older codes do not work.
 */
export function acceptsCode(secret: string, code: string, now: Date): boolean {
  const given = Buffer.from(code);
  const period = periodOf(now);
  let ok = false;
  for (const p of [period, period - 1]) {
    const expected = Buffer.from(hotp(secret, p));
    // Both periods are compared every time: the answer's timing tells nothing.
    if (expected.length === given.length && timingSafeEqual(expected, given)) ok = true;
  }
  return ok;
}

/** From 15 minutes before the start until the end. */
export function checkinWindow(session: { startsAt: Date; endsAt: Date }) {
  return {
    opensAt: new Date(session.startsAt.getTime() - CHECKIN_OPENS_MINUTES_BEFORE * 60_000),
    closesAt: session.endsAt,
  };
}

export function checkinOpen(session: { startsAt: Date; endsAt: Date }, now: Date): boolean {
  const { opensAt, closesAt } = checkinWindow(session);
  return now.getTime() >= opensAt.getTime() && now.getTime() < closesAt.getTime();
}
