import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { access } from '../auth/access.ts';

let t: TestApp | undefined;
afterAll(() => t?.database.close());

describe('graceful close', () => {
  it('lets an in-flight request finish, then stops accepting connections', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    t = await createTestApp({
      beforeReady(app) {
        app.get('/api/test/slow/', { config: { access: access.public() } }, async () => {
          await gate;
          return { done: true };
        });
      },
    });
    const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const inFlight = fetch(`${address}/api/test/slow/`).then(async (r) => [
      r.status,
      await r.json(),
    ]);
    await new Promise((r) => setTimeout(r, 100));
    const closed = t.app.close();
    setTimeout(release, 200);
    await closed;
    expect(await inFlight).toEqual([200, { done: true }]);
    await expect(fetch(`${address}/api/health`)).rejects.toThrow();
  });
});
