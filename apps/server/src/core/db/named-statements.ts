import { createHash } from 'node:crypto';
import type pg from 'pg';

/**
 * Every parameterised statement is prepared by name on its connection, so PostgreSQL parses and
 * plans each distinct query once per connection instead of once per run (issue 16: planning
 * took as long as running for most of an exam's queries). The name is a hash of the text, so the
 * same query built anew by drizzle on every request finds its plan again; node-postgres sends
 * the Parse only the first time a connection sees the name.
 *
 * Bounded per connection: past MAX_NAMED distinct texts (queries whose text varies, such as
 * IN-lists of every length), new texts run unnamed as before, so a long-lived connection never
 * accumulates prepared statements without limit. Statements without parameters (BEGIN, COMMIT,
 * migrations that hold several commands) keep the simple protocol.
 */

const MAX_NAMED = 200;

export const statementName = (text: string) =>
  `a_${createHash('sha1').update(text).digest('base64url').slice(0, 24)}`;

type QueryConfigLike = { text?: unknown; name?: unknown; values?: unknown };

export function nameStatements(client: pg.PoolClient): void {
  const named = new Set<string>();
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  client.query = ((config: unknown, values?: unknown, callback?: unknown) => {
    if (config !== null && typeof config === 'object') {
      const c = config as QueryConfigLike;
      const params = Array.isArray(values) ? values : c.values;
      if (
        typeof c.text === 'string' &&
        c.name === undefined &&
        Array.isArray(params) &&
        params.length > 0
      ) {
        const name = statementName(c.text);
        if (named.has(name) || named.size < MAX_NAMED) {
          named.add(name);
          return query({ ...c, name }, values, callback);
        }
      }
    }
    return query(config, values, callback);
  }) as typeof client.query;
}
