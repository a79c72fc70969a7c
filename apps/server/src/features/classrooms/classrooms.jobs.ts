import type { JobDefinition } from '../../core/module.ts';
import { bookingJobs } from './bookings.jobs.ts';

/** Every job type of the slice (each part's file lists its own). */
export const classroomJobs: readonly JobDefinition[] = [...bookingJobs];
