import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../core/config/config.ts';
import { guardedFetcher, outboundPolicy } from '../../../core/http/outbound.ts';
import { type FakeBbb, startFakeBbb } from './bbb.fixtures.ts';
import { bbbChecksum, bbbProvider, bbbUrl } from './bbb.ts';

/*
 * The BigBlueButton adapter: the checksum rule against the BBB API documentation's own example,
 * and create/join against a fake BBB server that verifies every checksum.
 */

describe('the BBB checksum', () => {
  // The worked example of the BigBlueButton API documentation ("Usage"): the create call's
  // query string, the shared secret, and the SHA-1 it gives.
  const query = 'name=Test+Meeting&meetingID=abc123&attendeePW=111222&moderatorPW=333444';
  const secret = '639259d4-9dd8-4b25-bf01-95f9567eaf4b';

  it("matches the documentation's worked example", () => {
    expect(bbbChecksum('create', query, secret)).toBe('1fcbb0c4fc1f039f73aa6d697d2db9ba7f803f17');
  });

  it("signs the documentation's create call to the same address", () => {
    const url = bbbUrl(
      'https://bbb.example.org/bigbluebutton/api/',
      'create',
      [
        ['name', 'Test Meeting'],
        ['meetingID', 'abc123'],
        ['attendeePW', '111222'],
        ['moderatorPW', '333444'],
      ],
      secret,
    );
    expect(url).toBe(
      `https://bbb.example.org/bigbluebutton/api/create?${query}&checksum=1fcbb0c4fc1f039f73aa6d697d2db9ba7f803f17`,
    );
  });
});

describe('create and join against a BBB server', () => {
  let bbb: FakeBbb;
  const session = {
    uuid: '4b7a3c1e-2f7e-4a51-9a57-0c1f5c1b9d11',
    title: 'Fire safety & first aid',
    endsAt: new Date('2030-01-01T11:00:00Z'),
  };
  const user = { id: 7, name: 'Ada Lovelace', email: 'ada@example.org' };

  beforeAll(async () => {
    bbb = await startFakeBbb();
  });
  afterAll(() => bbb.close());

  const provider = (secret = bbb.secret) => {
    // The loopback fake is reachable only because this policy allows it, as tests configure.
    const config = loadConfig({
      NODE_ENV: 'test',
      OUTBOUND_ALLOW_HTTP: 'true',
      OUTBOUND_ALLOW_PRIVATE_HOSTS: '127.0.0.1',
    });
    return bbbProvider(
      { provider: 'bbb', baseUrl: bbb.apiUrl, appId: '', secret },
      {
        appBaseUrl: 'https://learn.example.org',
        fetch: guardedFetcher(outboundPolicy(config)),
        now: () => new Date(),
      },
    );
  };

  it('creates the meeting with a checksum BBB accepts', async () => {
    bbb.calls.length = 0;
    const { meetingId } = await provider().createMeeting(session);
    expect(meetingId).toBe(session.uuid);
    const [created] = bbb.calls;
    expect(created?.call).toBe('create');
    expect(created?.checksumOk).toBe(true);
    expect(created?.params.get('name')).toBe('Fire safety & first aid');
    expect(created?.params.get('meetingID')).toBe(session.uuid);
    expect(created?.params.get('record')).toBe('false');
    expect(created?.params.get('logoutURL')).toBe(
      `https://learn.example.org/end-meet/${session.uuid}`,
    );
    expect(created?.params.get('attendeePW')).not.toBe(created?.params.get('moderatorPW'));
  });

  it('signs join addresses for moderators and viewers', async () => {
    const p = provider();
    for (const [role, expected] of [
      ['moderator', 'MODERATOR'],
      ['attendee', 'VIEWER'],
    ] as const) {
      const url = new URL(await p.joinUrl(session, user, role));
      expect(url.pathname).toBe('/bigbluebutton/api/join');
      expect(url.searchParams.get('fullName')).toBe('Ada Lovelace');
      expect(url.searchParams.get('role')).toBe(expected);
      expect(url.searchParams.get('redirect')).toBe('true');
      // The address the browser would follow: the BBB server accepts its checksum.
      bbb.calls.length = 0;
      await fetch(url);
      expect(bbb.calls[0]?.checksumOk).toBe(true);
    }
  });

  it('fails without echoing BBB when the secret is wrong or BBB refuses', async () => {
    await expect(provider('not-the-secret').createMeeting(session)).rejects.toMatchObject({
      name: 'BbbError',
      reason: expect.stringContaining('checksumError'),
    });
    bbb.failing = true;
    await expect(provider().createMeeting(session)).rejects.toMatchObject({ name: 'BbbError' });
    bbb.failing = false;
  });

  it('goes through the outbound guard: a loopback server is refused by default', async () => {
    const strict = bbbProvider(
      { provider: 'bbb', baseUrl: bbb.apiUrl, appId: '', secret: bbb.secret },
      {
        appBaseUrl: 'https://learn.example.org',
        fetch: guardedFetcher(outboundPolicy(loadConfig({ NODE_ENV: 'test' }))),
        now: () => new Date(),
      },
    );
    bbb.calls.length = 0;
    await expect(strict.createMeeting(session)).rejects.toMatchObject({ name: 'BbbError' });
    expect(bbb.calls).toHaveLength(0);
  });
});
