import type { DomainEvent, DomainEvents, EventBus, EventName } from '../events/event-bus.ts';
import type { Db, Tx } from './database.ts';

/** What a use case gets inside its transaction. */
export interface UnitOfWork {
  tx: Tx;
  /** Queues an event; it is published only if the transaction commits. */
  emit<N extends EventName>(name: N, payload: DomainEvents[N]): void;
}

/**
 * One transaction per use case: every write commits together or not at all,
 * and the events it raised are published after the commit, never before.
 */
export async function runInTransaction<T>(
  db: Db,
  bus: EventBus,
  work: (uow: UnitOfWork) => Promise<T>,
): Promise<T> {
  const pending: DomainEvent[] = [];
  const result = await db.transaction(async (tx) =>
    work({
      tx,
      emit(name, payload) {
        pending.push({ name, payload } as DomainEvent);
      },
    }),
  );
  await bus.publishAll(pending);
  return result;
}
