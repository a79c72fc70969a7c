import type { TDirectMessage } from '@atrium/contract';
import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { sendMessage } from './messages.api.ts';

const stored: TDirectMessage = {
  id: 9,
  conversation_id: 3,
  sender: { id: 1, fullname: 'Ada Admin', role_id: 2 },
  body: '<p>Hi</p>',
  attachments: [],
  idempotency_key: 'abcdefgh12345678',
  created_at: '2025-01-01T00:00:00.000Z',
};
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

let fetchMock: Mock<typeof fetch>;
beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const message = { body: '<p>Hi</p>', files: [], idempotencyKey: 'abcdefgh12345678' };
const keysSent = () =>
  fetchMock.mock.calls.map(([, init]) => JSON.parse(String(init?.body)).idempotency_key);

describe('sendMessage', () => {
  it('tries again with the same idempotency key while the network fails', async () => {
    fetchMock
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(json(201, stored));
    const waits: number[] = [];
    const got = await sendMessage(
      3,
      message,
      () => {},
      4,
      async (ms) => {
        waits.push(ms);
      },
    );
    expect(got).toEqual(stored);
    expect(keysSent()).toEqual(Array(3).fill(message.idempotencyKey));
    expect(String(fetchMock.mock.calls[0]?.[0])).toContain(
      '/api/messages/conversations/3/messages/',
    );
    expect(waits).toEqual([500, 1000]);
  });

  it('gives up after the last attempt, and never repeats a refusal', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(
      sendMessage(
        3,
        message,
        () => {},
        2,
        async () => {},
      ),
    ).rejects.toMatchObject({
      status: 0,
    });
    expect(fetchMock).toHaveBeenCalledTimes(2);

    fetchMock.mockReset();
    fetchMock.mockResolvedValue(json(403, { message: 'Blocked.' }));
    await expect(
      sendMessage(
        3,
        message,
        () => {},
        4,
        async () => {},
      ),
    ).rejects.toMatchObject({
      status: 403,
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
