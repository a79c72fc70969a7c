import type { ComponentType } from 'react';

/**
 * Who may open a route (spec §2):
 * - public: anyone; a visitor who already holds a token is sent to /dashboard
 * - protected: needs a token, otherwise sent to /
 * - perm: needs a token and the route's base path among the user's permitted menu paths
 */
export type GuardKind = 'public' | 'protected' | 'perm';

export interface AppRoute {
  /** React Router path pattern, e.g. '/courses/course-detail/:id'. */
  path: string;
  guard: GuardKind;
  /**
   * The page, normally from lazyPage(). Absent until the feature issue that owns the route adds
   * it: the guard still applies, then the not-found page shows (no stand-in page is faked).
   */
  Page?: ComponentType;
  /** Shown in the browser tab as 'Atrium · <title>'. */
  title?: string;
  /** perm only: the menu path to check when it is not the first segment of `path`. */
  permPath?: string;
  /** public only: let signed-in visitors stay instead of sending them to /dashboard. */
  allowSignedIn?: boolean;
  /** protected or perm: only these role ids may open it (spec §6: /licenses is role 1 only). */
  roles?: readonly number[];
  /**
   * protected or perm: 'simplified' shows the page with only the logo and the user, without the
   * menu (spec §2: the assessment start page and attempt).
   */
  layout?: 'simplified';
}
