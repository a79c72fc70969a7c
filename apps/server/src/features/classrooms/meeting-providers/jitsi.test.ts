import { jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import { jitsiProvider, jitsiRoom } from './jitsi.ts';

/*
 * The Jitsi Meet adapter: the room link, and the token a JWT-secured server checks, verified
 * with jose as the server (prosody's token module) would.
 */

const session = {
  uuid: '9e0b5f8a-7c1d-4e2b-8f3a-6d5c4b3a2e1f',
  title: 'Induction',
  endsAt: new Date('2030-01-01T11:00:00Z'),
};
const user = { id: 12, name: 'Grace Hopper', email: 'grace@example.org' };
const env = {
  appBaseUrl: 'https://learn.example.org',
  fetch: async () => {
    throw new Error('Jitsi makes no server-side call');
  },
  now: () => new Date('2030-01-01T09:50:00Z'),
};

describe('Jitsi Meet', () => {
  it('links the room on the public server without a token', async () => {
    const p = jitsiProvider(
      { provider: 'jitsi', baseUrl: 'https://meet.jit.si/', appId: '', secret: null },
      env,
    );
    expect(await p.createMeeting(session)).toEqual({ meetingId: `atrium-${session.uuid}` });
    expect(await p.joinUrl(session, user, 'attendee')).toBe(
      `https://meet.jit.si/atrium-${session.uuid}`,
    );
    expect(p.endUrl(session)).toBe(`https://learn.example.org/end-meet/${session.uuid}`);
  });

  it('signs a token the server verifies, with the moderator flag and expiry', async () => {
    const secret = 'jitsi-app-secret-0123456789abcdef';
    const p = jitsiProvider(
      { provider: 'jitsi', baseUrl: 'https://meet.example.org', appId: 'atrium-app', secret },
      env,
    );
    for (const [role, moderator] of [
      ['moderator', true],
      ['attendee', false],
    ] as const) {
      const url = new URL(await p.joinUrl(session, user, role));
      expect(url.origin + url.pathname).toBe(`https://meet.example.org/${jitsiRoom(session)}`);
      const token = url.searchParams.get('jwt')!;
      const { payload, protectedHeader } = await jwtVerify(
        token,
        new TextEncoder().encode(secret),
        {
          audience: 'jitsi',
          issuer: 'atrium-app',
          subject: 'meet.example.org',
          currentDate: env.now(),
        },
      );
      expect(protectedHeader.alg).toBe('HS256');
      expect(payload.room).toBe(`atrium-${session.uuid}`);
      expect(payload.context).toEqual({
        user: { id: '12', name: 'Grace Hopper', email: 'grace@example.org', moderator },
      });
      expect(payload.exp).toBe(session.endsAt.getTime() / 1000 + 3600);
    }
  });

  it('a token signed with the secret does not verify under another', async () => {
    const p = jitsiProvider(
      { provider: 'jitsi', baseUrl: 'https://meet.example.org', appId: 'a', secret: 'one-secret' },
      env,
    );
    const token = new URL(await p.joinUrl(session, user, 'attendee')).searchParams.get('jwt')!;
    await expect(
      jwtVerify(token, new TextEncoder().encode('another-secret'), { currentDate: env.now() }),
    ).rejects.toThrow();
  });
});
