/**
 * The yardstick: bare Fastify 5 and a pg.Pool, no plugins, no validation, no
 * ORM. Started by run.ts as its own process so the load generator never
 * shares its event loop. Env: DATABASE_URL, PORT, HOST, POOL_SIZE.
 */
import Fastify from 'fastify';
import pg from 'pg';

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error('baseline: DATABASE_URL is required.');
const port = Number(process.env.PORT ?? 0);
const host = process.env.HOST ?? '127.0.0.1';

const pool = new pg.Pool({
  connectionString: databaseUrl,
  max: Number(process.env.POOL_SIZE ?? 10),
});
// An idle connection the server closes (restart, failover) must not crash the process.
pool.on('error', (err) => console.error(`baseline: idle connection lost: ${err.message}`));
const app = Fastify({ logger: false });

app.get<{ Params: { id: string } }>('/baseline/users/:id', async (request, reply) => {
  const id = Number(request.params.id);
  if (!Number.isSafeInteger(id)) return reply.code(400).send({ message: 'Invalid id.' });
  const { rows } = await pool.query<{ id: number; username: string; email: string }>(
    'select id, username, email from users where id = $1',
    [id],
  );
  if (!rows[0]) return reply.code(404).send({ message: 'Not found.' });
  return rows[0];
});

let closing = false;
async function shutdown() {
  if (closing) return;
  closing = true;
  await app.close();
  await pool.end();
  process.exit(0);
}
process.once('SIGTERM', () => void shutdown());
process.once('SIGINT', () => void shutdown());

await app.listen({ host, port });
