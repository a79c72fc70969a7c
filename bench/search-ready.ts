import pg from 'pg';

/**
 * The search journeys measure an index the server built itself: its start-up `search.rebuild`
 * job (apps/server features/search) walks every kind, as it does on a new install. The bench
 * waits for the job to finish rather than indexing itself, and says how long it took.
 */
export async function awaitSearchIndex(dbUrl: string, timeoutMs = 600_000): Promise<number> {
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  const started = Date.now();
  try {
    while (Date.now() - started < timeoutMs) {
      const { rows } = await client.query<{ pending: number; failed: number; kinds: number }>(
        `select
           (select count(*)::int from jobs where type = 'search.rebuild'
              and status in ('queued', 'running')) as pending,
           (select count(*)::int from jobs where type = 'search.rebuild'
              and status = 'failed') as failed,
           (select count(*)::int from search_kinds) as kinds`,
      );
      const state = rows[0];
      if (state && state.failed > 0) throw new Error('The search rebuild job failed');
      if (state && state.pending === 0 && state.kinds > 0) return (Date.now() - started) / 1000;
      await new Promise((resolve) => setTimeout(resolve, 2000));
    }
  } finally {
    await client.end();
  }
  throw new Error(`The search index was not built within ${timeoutMs / 1000} s`);
}
