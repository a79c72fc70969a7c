import type { Db } from './database.ts';

/**
 * A statement built once per database handle and prepared by name (drizzle's `.prepare(name)`):
 * for the hot paths (an exam's saves, its start), where building the query and PostgreSQL
 * planning it again on every request cost more than running it. The statement runs on the pool,
 * so it must never be used for work that belongs in a transaction: hand it `ctx.db`, not a `tx`.
 *
 * One per handle because a prepared query is bound to the handle it was built from (tests open
 * several databases in one process).
 */
export function preparedPer<T>(build: (db: Db) => T): (db: Db) => T {
  const built = new WeakMap<Db, T>();
  return (db) => {
    let statement = built.get(db);
    if (statement === undefined) {
      statement = build(db);
      built.set(db, statement);
    }
    return statement;
  };
}
