/* The public surface of this feature: app/ and other features import nothing else (biome.json). */

/**
 * The dashboard's two cards (issue 22): "My plan" (learning goals with target dates and status,
 * dated ones on the calendar) and "Learning journal" (reflections, private or shared with the
 * trainer), and for staff "shared with you" (the entries learners shared with them). The
 * dashboard page places them.
 */
export { JournalCard } from './components/journal-card.tsx';
export { PlanCard } from './components/plan-card.tsx';
export { SharedJournalCard } from './components/shared-journal-card.tsx';
