import { loadConfig } from '../core/config/config.ts';
import { databaseOptionsFromConfig, openDatabase } from '../core/db/database.ts';

/** `npm run db:migrate`: applies pending migrations to the configured database. */
const config = loadConfig();
const database = openDatabase(databaseOptionsFromConfig(config));
try {
  await database.migrate();
  console.log(`Migrations applied (${database.kind}).`);
} finally {
  await database.close();
}
