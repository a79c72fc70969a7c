import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { installSecrets } from './install-secrets.table.ts';

/**
 * The install's secret of that name: 256 random bits made by whichever node asks first
 * (`on conflict do nothing`, then read back, so two nodes starting together agree), then
 * remembered for the life of the process.
 */
export class InstallSecrets {
  private readonly cache = new Map<string, Promise<Buffer>>();

  constructor(private readonly db: Db) {}

  get(name: string): Promise<Buffer> {
    let secret = this.cache.get(name);
    if (!secret) {
      secret = this.load(name);
      // A failed read (database down) must not be remembered.
      secret.catch(() => this.cache.delete(name));
      this.cache.set(name, secret);
    }
    return secret;
  }

  private async load(name: string): Promise<Buffer> {
    await this.db
      .insert(installSecrets)
      .values({ name, value: randomBytes(32).toString('base64url') })
      .onConflictDoNothing();
    const [row] = await this.db
      .select({ value: installSecrets.value })
      .from(installSecrets)
      .where(eq(installSecrets.name, name));
    if (!row) throw new Error(`install secret ${name} could not be read back`);
    return Buffer.from(row.value, 'base64url');
  }
}
