import { z } from 'zod';
import { ROLE, type TRoleId } from '../users/roles.ts';

/** One side-menu entry (spec §2): title, href, icon, permission flag, optional children. */
export type TMenuEntry = {
  title: string;
  href: string;
  icon: string;
  permission: boolean;
  /** Opens an external page (Help Desk, Video Conferencing) instead of an app route. */
  external?: boolean;
  children?: TMenuEntry[];
};

export const ZMenuEntry: z.ZodType<TMenuEntry> = z.lazy(() =>
  z.object({
    title: z.string().max(100),
    href: z.string().max(200),
    icon: z.string().max(60),
    permission: z.boolean(),
    external: z.boolean().optional(),
    children: z.array(ZMenuEntry).max(50).optional(),
  }),
);

type CatalogueEntry = Omit<TMenuEntry, 'permission' | 'children'> & {
  /** Roles that get the entry switched on by default. */
  roles: readonly TRoleId[];
  children?: readonly CatalogueEntry[];
};

const ALL: readonly TRoleId[] = [
  ROLE.SUPERADMIN,
  ROLE.ADMIN,
  ROLE.TRAINER,
  ROLE.LEARNER,
  ROLE.HIRING_MANAGER,
];
const STAFF: readonly TRoleId[] = [ROLE.SUPERADMIN, ROLE.ADMIN, ROLE.TRAINER, ROLE.HIRING_MANAGER];
const ADMINS: readonly TRoleId[] = [ROLE.SUPERADMIN, ROLE.ADMIN];

/**
 * The side menu of spec §2 and who gets each entry by default. The hrefs are
 * the route base paths that (perm) routes check. Competency and Plagiarism are
 * (perm) routes the spec's menu list does not name; they sit under Organization
 * so that they can be granted like the rest.
 */
export const MENU_CATALOGUE = [
  { title: 'Dashboard', href: '/dashboard', icon: 'Dashboard', roles: ALL },
  { title: 'Theme', href: '/themes', icon: 'Palette', roles: ADMINS },
  { title: 'Calendar', href: '/calendar', icon: 'CalendarMonth', roles: ALL },
  { title: 'Messages', href: '/messages', icon: 'Chat', roles: ALL },
  { title: 'Learning Path', href: '/learning-path', icon: 'Route', roles: ALL },
  { title: 'Users', href: '/settings', icon: 'People', roles: ADMINS },
  { title: 'Communications', href: '/socialwall', icon: 'Forum', roles: ALL },
  { title: 'Courses', href: '/courses', icon: 'MenuBook', roles: ALL },
  { title: 'Classroom', href: '/classroom', icon: 'School', roles: ALL },
  { title: 'Assessment', href: '/assessment', icon: 'Quiz', roles: ALL },
  { title: 'Announcements', href: '/announcements', icon: 'Campaign', roles: ALL },
  { title: 'Discussions', href: '/discussions', icon: 'QuestionAnswer', roles: ALL },
  {
    title: 'Organization',
    href: '#organization',
    icon: 'Business',
    roles: ALL,
    children: [
      { title: 'Human Resource', href: '/organization', icon: 'Badge', roles: ADMINS },
      {
        title: 'Video Conferencing',
        href: '#video-conferencing',
        icon: 'VideoCall',
        external: true,
        roles: STAFF,
      },
      { title: 'Certification', href: '/certificate', icon: 'WorkspacePremium', roles: ALL },
      { title: 'Reports', href: '/reports', icon: 'BarChart', roles: STAFF },
      { title: 'Event Engine', href: '/cpd', icon: 'Event', roles: ALL },
      // Everyone: a learner's own competency profile is there (issue 21).
      { title: 'Competency', href: '/competency', icon: 'Psychology', roles: ALL },
      { title: 'Plagiarism', href: '/plagiarism', icon: 'Policy', roles: STAFF },
      { title: 'Tools & Plugins', href: '/tools-plugins', icon: 'Extension', roles: ADMINS },
    ],
  },
  { title: 'Help Desk', href: '#help-desk', icon: 'HelpCenter', external: true, roles: ALL },
] as const satisfies readonly CatalogueEntry[];

type HrefsOf<E> = E extends { readonly href: infer H; readonly children: readonly (infer C)[] }
  ? H | HrefsOf<C>
  : E extends { readonly href: infer H }
    ? H
    : never;

/**
 * The menu base paths a (perm) route may require (`access.menu(...)` on the server): the
 * catalogue's entries that are app screens, not groups or external links (`#...`). A path
 * missing from the catalogue does not compile.
 */
export type TMenuPath = Exclude<HrefsOf<(typeof MENU_CATALOGUE)[number]>, `#${string}`>;

function build(entries: readonly CatalogueEntry[], role: TRoleId): TMenuEntry[] {
  return entries.map(({ roles, children, ...entry }) => ({
    ...entry,
    permission: roles.includes(role),
    ...(children ? { children: build(children, role) } : {}),
  }));
}

/** The menu a user of this role starts with. */
export function defaultMenuForRole(role: TRoleId): TMenuEntry[] {
  return build(MENU_CATALOGUE, role);
}

/**
 * Applies the on/off flags of `requested` (matched by href) to the catalogue;
 * titles, icons and structure always come from the catalogue. Returns the
 * hrefs in `requested` that the catalogue does not know.
 */
export function applyMenuFlags(
  base: TMenuEntry[],
  requested: TMenuEntry[],
): { menu: TMenuEntry[]; unknown: string[] } {
  const flags = new Map<string, boolean>();
  const walk = (list: TMenuEntry[]) => {
    for (const e of list) {
      flags.set(e.href, e.permission);
      if (e.children) walk(e.children);
    }
  };
  walk(requested);
  const known = new Set<string>();
  const apply = (list: TMenuEntry[]): TMenuEntry[] =>
    list.map((e) => {
      known.add(e.href);
      return {
        ...e,
        permission: flags.get(e.href) ?? e.permission,
        ...(e.children ? { children: apply(e.children) } : {}),
      };
    });
  const menu = apply(base);
  return { menu, unknown: [...flags.keys()].filter((h) => !known.has(h)) };
}

/** Hrefs the user may open: entries switched on whose parents are on too. */
export function permittedPaths(menu: TMenuEntry[]): Set<string> {
  const paths = new Set<string>();
  const walk = (list: TMenuEntry[]) => {
    for (const e of list) {
      if (!e.permission) continue;
      paths.add(e.href);
      if (e.children) walk(e.children);
    }
  };
  walk(menu);
  return paths;
}

/** The base path of a route: its first segment, e.g. '/courses/module/3' → '/courses'. */
export function routeBasePath(pathname: string): string {
  const first = pathname.split('?')[0]!.split('/').filter(Boolean)[0];
  return first ? `/${first}` : '/';
}
