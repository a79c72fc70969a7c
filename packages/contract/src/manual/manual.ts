import { z } from 'zod';

/**
 * The user manual (issue 23; spec §2 /user-manual): help pages for staff, written in Markdown
 * in the server's repository and rendered there. Learners never read it (they get the learner
 * guide from the support page), so every read refuses them.
 */

export const MANUAL_SLUG_MAX = 80;
export const MANUAL_QUERY_MAX = 100;

/** The roles a page may be written for, as its front matter names them. */
export const MANUAL_ROLES = ['superadmin', 'admin', 'trainer', 'hiring_manager'] as const;
export type TManualRole = (typeof MANUAL_ROLES)[number];

export const ZManualSlugParams = z.object({
  slug: z
    .string()
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Not a manual page.')
    .max(MANUAL_SLUG_MAX, 'Not a manual page.'),
});

/** One of the app's screens a page covers: its route pattern and what the menu calls it. */
export const ZManualScreen = z.object({ path: z.string(), title: z.string() });
export type TManualScreen = z.infer<typeof ZManualScreen>;

export const ZManualPageSummary = z.object({
  slug: z.string(),
  title: z.string(),
  summary: z.string(),
  roles: z.array(z.enum(MANUAL_ROLES)),
  screens: z.array(ZManualScreen),
});
export type TManualPageSummary = z.infer<typeof ZManualPageSummary>;

export const ZManualList = z.object({ results: z.array(ZManualPageSummary) });
export type TManualList = z.infer<typeof ZManualList>;

/** A heading of the page, for its table of contents: `id` is the anchor (`#id`) it carries. */
export const ZManualHeading = z.object({
  id: z.string(),
  text: z.string(),
  level: z.number().int().min(2).max(4),
});
export type TManualHeading = z.infer<typeof ZManualHeading>;

export const ZManualPage = ZManualPageSummary.extend({
  /** Rendered on the server from the page's Markdown and sanitised there. */
  html: z.string(),
  headings: z.array(ZManualHeading),
});
export type TManualPage = z.infer<typeof ZManualPage>;

export const ZManualSearchQuery = z.object({
  q: z
    .string()
    .trim()
    .min(1, 'Type something to search for.')
    .max(MANUAL_QUERY_MAX, `At most ${MANUAL_QUERY_MAX} characters.`),
});

export const ZManualHit = ZManualPageSummary.extend({
  /** Plain text around the first match (the summary when only the title matched). */
  snippet: z.string(),
  /** The heading of the section the first body match sits in, for a deep link; null if none. */
  anchor: z.string().nullable(),
  /** Whether the title matched: such hits come first. */
  title_match: z.boolean(),
});
export type TManualHit = z.infer<typeof ZManualHit>;

export const ZManualSearch = z.object({ query: z.string(), results: z.array(ZManualHit) });
export type TManualSearch = z.infer<typeof ZManualSearch>;
