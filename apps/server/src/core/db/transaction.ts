import type { DomainEvent, DomainEvents, EventBus, EventName } from '../events/event-bus.ts';
import { writeToOutbox } from '../events/outbox.ts';
import type { Db, Tx } from './database.ts';

/** What a use case gets inside its transaction. */
export interface UnitOfWork {
  tx: Tx;
  /** Records an event: it is written to the outbox with the use case's writes, or not at all. */
  emit<N extends EventName>(name: N, payload: DomainEvents[N]): void;
}

/**
 * One transaction per use case: every write commits together or not at all, and so do the events
 * it raised, written to the outbox (core/events/outbox.ts) before the commit. The bus's
 * in-process listeners hear of them after the commit, never before.
 */
export async function runInTransaction<T>(
  db: Db,
  bus: EventBus,
  work: (uow: UnitOfWork) => Promise<T>,
): Promise<T> {
  const pending: DomainEvent[] = [];
  let open = true;
  const result = await db.transaction(async (tx) => {
    let value: T;
    try {
      value = await work({
        tx,
        emit(name, payload) {
          // Too late to be written with the use case: refused rather than lost without a word.
          if (!open) throw new Error(`event ${name} emitted after its transaction ended`);
          pending.push({ name, payload } as DomainEvent);
        },
      });
    } finally {
      open = false;
    }
    await writeToOutbox(tx, pending);
    return value;
  });
  await bus.publishAll(pending);
  return result;
}
