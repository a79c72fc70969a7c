import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../core/errors/app-error.ts';
import { outboundPolicy } from '../../core/http/outbound.ts';
import { assertWebhookUrl } from './webhooks.url.ts';

/*
 * The saved-URL check is the outbound guard's: the test receiver on 127.0.0.1 passes only with
 * the guard's test allowance for that host (and plain http allowed); without it the same URL is
 * refused, like every other non-public address.
 */

let server: Server;
let url: string;
beforeAll(async () => {
  server = createServer((_req, res) => res.end());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const config = (allowHttp: boolean, allowPrivateHosts: string[]) => ({
  outbound: { allowHttp, allowPrivateHosts, timeoutMs: 2000, maxBytes: 10_000 },
});

async function refusal(u: string, policy = outboundPolicy(config(true, []))) {
  try {
    await assertWebhookUrl(u, policy);
    return null;
  } catch (err) {
    expect(err).toBeInstanceOf(AppError);
    return (err as AppError & { fieldErrors?: Record<string, string[]> }).message;
  }
}

describe('webhook URLs', () => {
  it('lets the test receiver through only with the allowance', async () => {
    expect(await refusal(url, outboundPolicy(config(true, ['127.0.0.1'])))).toBeNull();
    expect(await refusal(url, outboundPolicy(config(true, [])))).toMatch(/public internet/);
    expect(await refusal(url, outboundPolicy(config(false, ['127.0.0.1'])))).toMatch(/https/);
  });

  it.each([
    'https://10.0.0.1/hook',
    'https://169.254.169.254/latest/meta-data/',
    'https://[::1]/hook',
    'https://[::ffff:127.0.0.1]/hook',
    'https://localhost/hook',
    'https://192.168.1.1/',
    'https://100.100.100.200/',
  ])('refuses %s', async (u) => {
    expect(await refusal(u)).toMatch(/public internet/);
  });

  it('refuses credentials and unknown names', async () => {
    expect(await refusal('https://user:pw@example.com/')).toMatch(/user name or password/);
    const resolveNothing = outboundPolicy(config(true, []), {
      resolve: async () => {
        throw new Error('ENOTFOUND');
      },
    });
    expect(await refusal('https://nowhere.invalid/', resolveNothing)).toMatch(/could not be found/);
  });

  it('accepts a public https address', async () => {
    const publicDns = outboundPolicy(config(false, []), {
      resolve: async () => [{ address: '93.184.215.14', family: 4 }],
    });
    expect(await refusal('https://hooks.example.com/in', publicDns)).toBeNull();
  });
});
