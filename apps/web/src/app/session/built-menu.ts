import { hiddenMenuPaths, type TMenuEntry } from '@atrium/contract';
import { matchPath } from 'react-router';
import { appRoutes } from '../routes.tsx';

/** Paths whose page is built (a route without a Page renders the not-found page). */
const BUILT = new Set(appRoutes.filter((route) => route.Page).map((route) => route.path));

/** Whether the app has a page at this path yet (links to it may show). */
export const isBuilt = (path: string): boolean => BUILT.has(path);

/** The built routes' patterns, the catch-all (the not-found page itself) left out. */
const BUILT_PATTERNS = appRoutes.filter((r) => r.Page && r.path !== '*').map((r) => r.path);

/**
 * Whether an in-app link (path, query, hash) opens a built page: its path matches a route that
 * has one (`/classroom/attendees/12?x=1` matches `/classroom/attendees/:id`).
 */
export function hasPageFor(link: string): boolean {
  if (!link.startsWith('/')) return true;
  const pathname = new URL(link, 'http://app.invalid').pathname;
  return BUILT_PATTERNS.some((pattern) => matchPath({ path: pattern, end: true }, pathname));
}

/**
 * The menu without entries whose page is not built yet, and groups left empty by that: nobody
 * lands on the not-found page from the side menu or the dashboard's shortcuts. External links
 * ('#…') stay; the route guards still read the whole permission list.
 */
export function withoutUnbuilt(
  menu: readonly TMenuEntry[],
  built: ReadonlySet<string> = BUILT,
): TMenuEntry[] {
  return menu.flatMap((entry) => {
    if (entry.children) {
      const children = withoutUnbuilt(entry.children, built);
      return children.length > 0 ? [{ ...entry, children }] : [];
    }
    if (entry.href.startsWith('/') && !built.has(entry.href)) return [];
    return [entry];
  });
}

/**
 * The menu without the entries of features the organisation has turned off (`disabled_features`
 * of /api/v1/me/, set in the superadmin console), and groups left empty by that.
 */
export function withoutDisabledFeatures(
  menu: readonly TMenuEntry[],
  disabled: readonly string[] | undefined,
): TMenuEntry[] {
  const hidden = hiddenMenuPaths(disabled);
  if (hidden.size === 0) return [...menu];
  const keep = (entries: readonly TMenuEntry[]): TMenuEntry[] =>
    entries.flatMap((entry) => {
      if (entry.children) {
        const children = keep(entry.children);
        return children.length > 0 ? [{ ...entry, children }] : [];
      }
      return hidden.has(entry.href) ? [] : [entry];
    });
  return keep(menu);
}
