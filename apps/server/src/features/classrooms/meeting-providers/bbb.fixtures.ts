import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A BigBlueButton server in the test process: it checks each call's checksum as BBB does
 * (sha1 of the call name, the query string without the checksum, and the shared secret) and
 * answers BBB's XML. Tests read what it was asked.
 */

export interface FakeBbb {
  /** The API endpoint, as an organisation's settings name it. */
  apiUrl: string;
  secret: string;
  calls: { call: string; params: URLSearchParams; checksumOk: boolean }[];
  /** Make `create` fail (returncode FAILED) until set back. */
  failing: boolean;
  close(): Promise<void>;
}

function xml(body: Record<string, string>): string {
  const inner = Object.entries(body)
    .map(([k, v]) => `<${k}>${v}</${k}>`)
    .join('');
  return `<?xml version="1.0"?><response>${inner}</response>`;
}

export async function startFakeBbb(secret = 'fake-bbb-shared-secret'): Promise<FakeBbb> {
  const fake: Omit<FakeBbb, 'apiUrl' | 'close'> = { secret, calls: [], failing: false };
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const call = url.pathname.replace(/^\/bigbluebutton\/api\/?/, '');
    const raw = (req.url ?? '').split('?')[1] ?? '';
    const match = raw.match(/^(.*?)&?checksum=([0-9a-f]+)$/);
    const expected = match
      ? createHash('sha1').update(`${call}${match[1]}${secret}`).digest('hex')
      : null;
    const checksumOk = match !== null && expected === match[2];
    fake.calls.push({ call, params: url.searchParams, checksumOk });
    res.setHeader('content-type', 'text/xml');
    if (!checksumOk) {
      res.end(
        xml({
          returncode: 'FAILED',
          messageKey: 'checksumError',
          message: 'Checksums do not match',
        }),
      );
    } else if (call === 'create') {
      res.end(
        fake.failing
          ? xml({ returncode: 'FAILED', messageKey: 'idNotUnique', message: 'No' })
          : xml({
              returncode: 'SUCCESS',
              meetingID: url.searchParams.get('meetingID') ?? '',
              internalMeetingID: 'internal-1',
              createTime: '1700000000000',
            }),
      );
    } else {
      res.end(xml({ returncode: 'SUCCESS' }));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(fake, {
    apiUrl: `http://127.0.0.1:${port}/bigbluebutton/api`,
    close: () =>
      new Promise<void>((resolve, reject) => server.close((e) => (e ? reject(e) : resolve()))),
  });
}
