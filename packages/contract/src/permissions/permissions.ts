import { z } from 'zod';
import { zId, zIdParam } from '../core/ids.ts';
import { ZMenuEntry } from './menu.ts';

export const ZPermissionQuery = z.object({
  user_id: zIdParam.optional(),
});
export const ZPermissionResponse = z.object({
  user_id: z.number().int(),
  role: z.object({ id: z.number().int(), name: z.string() }),
  is_default: z.boolean(),
  permissions: z.array(ZMenuEntry),
});
export type TPermissionResponse = z.infer<typeof ZPermissionResponse>;

export const ZPermissionUpdate = z.strictObject({
  user_id: zId,
  /** Either a full menu list (flags taken by href), or null to go back to the role's default. */
  permissions: z.array(ZMenuEntry).max(100).nullable(),
});
export type TPermissionUpdate = z.infer<typeof ZPermissionUpdate>;
