/* The public surface of this feature: app/ and other features import nothing else (biome.json). */

export { useActivity } from './api/activity.api.ts';
export { flushModuleTime, useModuleTimeTracking } from './use-module-time-tracking.ts';
