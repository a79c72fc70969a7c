import type { TDirectMessage } from '@atrium/contract';
import { describe, expect, it } from 'vitest';
import {
  badge,
  chronological,
  isRetryable,
  newIdempotencyKey,
  retryDelay,
  textToHtml,
  withMessage,
} from './compose.ts';

const message = (id: number): TDirectMessage => ({
  id,
  conversation_id: 1,
  sender: null,
  body: `<p>${id}</p>`,
  attachments: [],
  idempotency_key: `key-${id}`,
  created_at: '2025-01-01T00:00:00.000Z',
});

describe('textToHtml', () => {
  it('escapes markup and keeps paragraphs and line breaks', () => {
    expect(textToHtml('<b>hi</b> & "you"\nnext\n\nsecond')).toBe(
      '<p>&lt;b&gt;hi&lt;/b&gt; &amp; &quot;you&quot;<br>next</p><p>second</p>',
    );
  });
  it('writes bold, italic and links', () => {
    expect(textToHtml('**big** _small_ see https://example.com/a.')).toBe(
      '<p><strong>big</strong> <em>small</em> see <a href="https://example.com/a">https://example.com/a</a>.</p>',
    );
  });
  it('sends nothing for blank text', () => {
    expect(textToHtml('  \n\n ')).toBe('');
  });
});

describe('retries', () => {
  it('retries network failures and unavailable servers, not refusals', () => {
    expect(isRetryable({ status: 0 })).toBe(true);
    expect(isRetryable({ status: 503 })).toBe(true);
    expect(isRetryable({ status: 403 })).toBe(false);
    expect(isRetryable({ status: 429 })).toBe(false);
    expect(isRetryable(new Error('x'))).toBe(false);
  });
  it('waits longer each time, up to 8 s', () => {
    expect([1, 2, 3, 10].map(retryDelay)).toEqual([500, 1000, 2000, 8000]);
  });
  it('makes a different key for each message', () => {
    const a = newIdempotencyKey();
    expect(a).toMatch(/^[a-f0-9]{32}$/);
    expect(newIdempotencyKey()).not.toBe(a);
  });
});

describe('the thread in the cache', () => {
  const thread = {
    pages: [
      { results: [message(3), message(2)], next_cursor: '2' },
      { results: [message(1)], next_cursor: null },
    ],
    pageParams: [null, '2'],
  };
  it('adds a new message once, at the newest end', () => {
    const added = withMessage(thread, message(4));
    expect(chronological(added).map((m) => m.id)).toEqual([1, 2, 3, 4]);
    expect(withMessage(added, message(4))).toBe(added);
    expect(withMessage(undefined, message(4))).toBeUndefined();
  });
  it('caps badges at 99+', () => {
    expect([0, 99, 100].map(badge)).toEqual(['0', '99', '99+']);
  });
});
