import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { ROLE } from '@atrium/contract';
import { loadConfig } from '../core/config/config.ts';
import { databaseOptionsFromConfig, openDatabase } from '../core/db/database.ts';
import { runInTransaction } from '../core/db/transaction.ts';
import { AppError } from '../core/errors/app-error.ts';
import { EventBus } from '../core/events/event-bus.ts';
import { createAccount } from '../features/auth/index.ts';
import { ensureDefaultOrganisation } from '../features/organisations/index.ts';

/**
 * First-run path: creates a superadmin (and the default organisation if the
 * install has none). Values come from flags, then ATRIUM_SUPERADMIN_* variables,
 * then prompts.
 *
 *   npm run create-superadmin -- --username alice --email alice@example.com
 */
const { values } = parseArgs({
  options: {
    username: { type: 'string' },
    email: { type: 'string' },
    password: { type: 'string' },
    'first-name': { type: 'string' },
    'last-name': { type: 'string' },
    organisation: { type: 'string' },
  },
});

const rl = process.stdin.isTTY
  ? createInterface({ input: process.stdin, output: process.stdout })
  : null;
async function ask(label: string, given: string | undefined, env: string): Promise<string> {
  const value = given ?? process.env[env];
  if (value) return value;
  if (!rl) throw new Error(`Missing --${label} (or ${env}).`);
  return (await rl.question(`${label}: `)).trim();
}

const config = loadConfig();
const database = openDatabase(databaseOptionsFromConfig(config));
try {
  const username = await ask('username', values.username, 'ATRIUM_SUPERADMIN_USERNAME');
  const email = await ask('email', values.email, 'ATRIUM_SUPERADMIN_EMAIL');
  const password = await ask('password', values.password, 'ATRIUM_SUPERADMIN_PASSWORD');
  await database.migrate();
  const bus = new EventBus(console);
  const user = await runInTransaction(database.db, bus, async ({ tx }) => {
    const { organisation } = await ensureDefaultOrganisation(tx, {
      title: values.organisation ?? 'Atrium',
      acronym: (values.organisation ?? 'Atrium').slice(0, 20).toUpperCase(),
    });
    return createAccount(tx, {
      username,
      email,
      password,
      firstName: values['first-name'],
      lastName: values['last-name'],
      organisationId: organisation.id,
      roleId: ROLE.SUPERADMIN,
      active: true,
      approved: true,
    });
  });
  console.log(`Superadmin '${user.username}' created. Sign in at ${config.publicBaseUrl}/sa`);
} catch (err) {
  if (err instanceof AppError) {
    const details = Object.entries(err.fieldErrors ?? {}).map(([f, m]) => `  ${f}: ${m.join(' ')}`);
    console.error([err.message, ...details].join('\n'));
    process.exitCode = 1;
  } else {
    console.error(err instanceof Error ? err.message : err);
    process.exitCode = 1;
  }
} finally {
  rl?.close();
  await database.close();
}
