/* The public surface of this feature: app/ and other features import nothing else (biome.json). */

/** Route pages, each imported on its first visit (app/routes.tsx wraps them in lazyPage). */
export const classroomsPages = {
  home: () => import('./pages/classroom-home.page.tsx'),
  classes: () => import('./pages/classes.page.tsx'),
  classEditor: () => import('./pages/class-editor.page.tsx'),
  addSession: () => import('./pages/add-session.page.tsx'),
  attendees: () => import('./pages/attendees.page.tsx'),
  endMeet: () => import('./pages/end-meet.page.tsx'),
};
