import { z } from 'zod';

/** Columns of the import file, in template order. Only username, email and role are required. */
export const IMPORT_COLUMNS = [
  'username',
  'email',
  'first_name',
  'last_name',
  'role',
  'department',
  'designation',
  'location',
] as const;
export const IMPORT_MAX_ROWS = 50_000;
export const IMPORT_MAX_BYTES = 20 * 1024 * 1024;
export const IMPORT_ALLOWED_TYPES = ['csv', 'xlsx'] as const;

export const ZImportResult = z.object({
  created: z.number().int(),
  message: z.string(),
});
export type TImportResult = z.infer<typeof ZImportResult>;

export const ZImportTemplateQuery = z.object({ format: z.enum(['csv', 'xlsx']).default('csv') });
