/* The public surface of this feature: app/ and other features import nothing else (biome.json). */

/**
 * Support (issue 23): `/contactUs`, the contact form (public; admins also read what came in), and
 * `/feedback`, a rating of the product or a page (admins also list and export it); `/support`,
 * support tickets (the requester's and the staff's queue) and `/support/tickets/:id`.
 */
export const supportPages = {
  contact: () => import('./pages/contact.page.tsx'),
  feedback: () => import('./pages/feedback.page.tsx'),
  support: () => import('./pages/support.page.tsx'),
  ticket: () => import('./pages/ticket.page.tsx'),
};
