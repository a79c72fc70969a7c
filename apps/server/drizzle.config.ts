import { defineConfig } from 'drizzle-kit';

// Tables live beside their slice; drizzle-kit collects them by file name.
export default defineConfig({
  dialect: 'postgresql',
  schema: ['./src/features/**/*.table.ts', './src/core/**/*.table.ts'],
  out: './drizzle',
});
