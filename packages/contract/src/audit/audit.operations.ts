import { z } from 'zod';
import { defineOperation } from '../core/operation.ts';
import { zPage } from '../core/pagination.ts';
import { ZActivity, ZActivityQuery, ZModuleTimeEntry } from './audit.ts';

const tags = ['audit'];
const errors = [400, 401, 403] as const;

export const auditOps = {
  recordModuleTime: defineOperation({
    method: 'POST',
    path: '/api/v1/accounts/user-module-audit-history/',
    body: ZModuleTimeEntry,
    response: z.object({ message: z.string() }),
    status: 201,
    errors,
    summary: 'Record time spent in a top-level module (sent by the web app on page unload)',
    access: 'Signed in; recorded for the caller',
    tags,
  }),
  activity: defineOperation({
    method: 'GET',
    path: '/api/v1/accounts/user-module-audit-history/',
    query: ZActivityQuery,
    response: zPage(ZActivity),
    errors,
    summary:
      'Sign-ins, sign-outs and time per module: own, or any user of the organisation for admins',
    access: 'Signed in; own activity, admins any user of their organisation',
    tags,
  }),
};
