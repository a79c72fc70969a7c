import { PLAIN_TEXT_MESSAGE } from '@atrium/contract';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

/** A value with markup, for the plain-text tests: an image whose error handler runs script. */
export const MARKUP = '<img src=x onerror=alert(1)>Hi';

/** The request was refused as spec §8 says, with the plain-text error on `field`. */
export function expectPlainTextRefused(res: LightMyRequestResponse, field: string) {
  expect(res.statusCode, res.body).toBe(400);
  const body = res.json();
  expect(body.message).toBe('Invalid input. Please correct the fields listed.');
  expect(body.errors?.[field]).toContain(PLAIN_TEXT_MESSAGE);
}
