import { defineConfig } from 'drizzle-kit';

// The relational schema is one layer under the slices (src/schema, one file per slice's tables, so
// joins and foreign keys never cross a slice boundary); core keeps its own tables.
export default defineConfig({
  dialect: 'postgresql',
  schema: ['./src/schema/*.table.ts', './src/core/**/*.table.ts'],
  out: './drizzle',
});
