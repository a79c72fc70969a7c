/* The public surface of this feature: app/ and other features import nothing else (biome.json). */

/** The events tab of /cpd (reads and clears `?event=<id>` itself). */
export { EventsPanel } from './components/events-panel.tsx';
/** The event types tab of /cpd (admins). */
export { EventTypesPanel } from './components/types/event-types-panel.tsx';
