import { ensureTemplate } from './pg-admin.ts';

/** Migrates the PostgreSQL template once, before any test file clones it. */
export default async function setup() {
  const url = process.env.TEST_DATABASE_URL;
  if (url) await ensureTemplate(url);
}
