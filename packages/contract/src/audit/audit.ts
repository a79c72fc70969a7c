import { z } from 'zod';
import { zIdParam } from '../core/ids.ts';
import { ZPageQuery } from '../core/pagination.ts';

export const MODULE_NAME = z
  .string()
  .trim()
  .min(1)
  .max(60)
  .regex(/^[a-z0-9-]+$/i, 'Use the module base path: letters, digits and dashes.');

export const ZModuleTimeEntry = z.strictObject({
  module: MODULE_NAME,
  /** Whole seconds spent in the module since the last report; at most a day. */
  time_spent: z.number().int().min(1).max(86_400),
});

export const ZActivityQuery = ZPageQuery.extend({
  user: zIdParam.optional(),
  login_from: z.string().max(20).optional(),
  kind: z.enum(['sign_in', 'sign_out', 'module_time']).optional(),
});

export const ZActivity = z.object({
  id: z.number().int(),
  user: z.number().int(),
  username: z.string(),
  kind: z.enum(['sign_in', 'sign_out', 'module_time']),
  login_from: z.string().nullable(),
  module: z.string().nullable(),
  time_spent: z.number().int().nullable(),
  ip: z.string().nullable(),
  created_at: z.string(),
});
export type TActivity = z.infer<typeof ZActivity>;
