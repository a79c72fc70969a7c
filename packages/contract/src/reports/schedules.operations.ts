import { ZIdParams } from '../core/ids.ts';
import { defineOperation } from '../core/operation.ts';
import {
  ZSchedule,
  ZScheduleCreate,
  ZSchedulePage,
  ZScheduleQuery,
  ZScheduleUpdate,
} from './schedules.ts';

const tags = ['reports'];
const errors = [400, 401, 403] as const;
const withId = [...errors, 404] as const;
const staff =
  'Staff with the Reports menu entry (their own schedules; an organisation’s admin: all of it)';

/** Spec §7 Reports `crone_job_email_setting/`: scheduled e-mail reports. */
export const scheduleOps = {
  schedules: defineOperation({
    method: 'GET',
    path: '/api/report/crone_job_email_setting/',
    query: ZScheduleQuery,
    response: ZSchedulePage,
    errors,
    summary: 'Scheduled e-mail reports of my organisation I may see, next run first',
    access: staff,
    tags,
  }),
  createSchedule: defineOperation({
    method: 'POST',
    path: '/api/report/crone_job_email_setting/',
    body: ZScheduleCreate,
    response: ZSchedule,
    status: 201,
    errors,
    summary: 'Schedule a report to be e-mailed to people and roles',
    access: staff,
    tags,
  }),
  schedule: defineOperation({
    method: 'GET',
    path: '/api/report/crone_job_email_setting/:id/',
    params: ZIdParams,
    response: ZSchedule,
    errors: withId,
    summary: 'One scheduled e-mail report',
    access: staff,
    tags,
  }),
  updateSchedule: defineOperation({
    method: 'PATCH',
    path: '/api/report/crone_job_email_setting/:id/',
    params: ZIdParams,
    body: ZScheduleUpdate,
    response: ZSchedule,
    errors: withId,
    summary: 'Change a scheduled e-mail report (pause it with active: false)',
    access: staff,
    tags,
  }),
  removeSchedule: defineOperation({
    method: 'DELETE',
    path: '/api/report/crone_job_email_setting/:id/',
    params: ZIdParams,
    response: null,
    errors: withId,
    summary: 'Delete a scheduled e-mail report',
    access: staff,
    tags,
  }),
};
