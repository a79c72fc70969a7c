import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase } from '../../../test/database.ts';
import { organisations } from '../../schema/organisations.table.ts';
import { EventBus } from '../events/event-bus.ts';
import type { Database } from './database.ts';
import { runInTransaction } from './transaction.ts';

declare module '../events/event-bus.ts' {
  interface DomainEvents {
    'test.happened': { id: number };
  }
}

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe('runInTransaction', () => {
  it('commits the writes, then publishes the events', async () => {
    const bus = new EventBus({ error: vi.fn() });
    const seen: { id: number; committed: boolean }[] = [];
    bus.subscribe('test.happened', async ({ id }) => {
      const rows = await database.db.select().from(organisations).where(eq(organisations.id, id));
      seen.push({ id, committed: rows.length === 1 });
    });
    const id = await runInTransaction(database.db, bus, async ({ tx, emit }) => {
      const [org] = await tx.insert(organisations).values({ title: 'A', acronym: 'A' }).returning();
      emit('test.happened', { id: org!.id });
      expect(seen).toEqual([]);
      return org!.id;
    });
    expect(seen).toEqual([{ id, committed: true }]);
  });

  it('leaves nothing written and publishes nothing when the use case fails', async () => {
    const bus = new EventBus({ error: vi.fn() });
    const handler = vi.fn();
    bus.subscribe('test.happened', handler);
    await expect(
      runInTransaction(database.db, bus, async ({ tx, emit }) => {
        await tx.insert(organisations).values({ title: 'Half', acronym: 'H' });
        emit('test.happened', { id: 0 });
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    const rows = await database.db
      .select()
      .from(organisations)
      .where(eq(organisations.title, 'Half'));
    expect(rows).toEqual([]);
    expect(handler).not.toHaveBeenCalled();
  });

  it('a failing handler is logged and does not fail the use case or other handlers', async () => {
    const log = { error: vi.fn() };
    const bus = new EventBus(log);
    const other = vi.fn();
    bus.subscribe('test.happened', () => {
      throw new Error('handler broke');
    });
    bus.subscribe('test.happened', other);
    const result = await runInTransaction(database.db, bus, async ({ emit }) => {
      emit('test.happened', { id: 7 });
      return 'done';
    });
    expect(result).toBe('done');
    expect(other).toHaveBeenCalledWith({ id: 7 });
    expect(log.error).toHaveBeenCalledTimes(1);
  });

  it('unsubscribe stops delivery', async () => {
    const bus = new EventBus({ error: vi.fn() });
    const handler = vi.fn();
    const off = bus.subscribe('test.happened', handler);
    off();
    await bus.publish('test.happened', { id: 1 });
    expect(handler).not.toHaveBeenCalled();
  });
});
