import type { EventSubscriber } from '../../core/module.ts';

/** Every reaction of the slice to events (each part's file lists its own). */
export const classroomSubscribers: readonly EventSubscriber[] = [];
