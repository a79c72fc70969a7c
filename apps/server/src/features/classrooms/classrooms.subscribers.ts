import type { EventSubscriber } from '../../core/module.ts';
import { bookingSubscribers } from './bookings.subscribers.ts';
import { completionSubscribers } from './completion.subscribers.ts';

/** Every reaction of the slice to events (each part's file lists its own). */
export const classroomSubscribers: readonly EventSubscriber[] = [
  ...completionSubscribers,
  ...bookingSubscribers,
];
