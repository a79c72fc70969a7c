import type { organisationOps, TMenuEntry } from '@atrium/contract';

/** The organisation links a menu entry can open; useOrganisationLink of organisations reads them. */
type OrganisationLinkKind = keyof Pick<typeof organisationOps, 'helpDesk' | 'meeting'>;

/** Menu hrefs that open an organisation link in a new tab instead of an app route. */
const EXTERNAL_LINKS: Record<string, OrganisationLinkKind> = {
  '#help-desk': 'helpDesk',
  '#video-conferencing': 'meeting',
};

export type DrawerItem =
  | { kind: 'route'; key: string; title: string; icon: string; to: string }
  | { kind: 'external'; key: string; title: string; icon: string; link: OrganisationLinkKind }
  | { kind: 'group'; key: string; title: string; icon: string; children: DrawerItem[] };

/**
 * The side menu (spec §2) from the profile's permission list: entries with the flag off are
 * hidden with everything under them; an entry with children is a group, shown while one child
 * is; Help Desk and Video Conferencing open the organisation's external links.
 */
export function toDrawerItems(menu: readonly TMenuEntry[]): DrawerItem[] {
  const items: DrawerItem[] = [];
  for (const entry of menu) {
    if (!entry.permission) continue;
    const base = { key: entry.href, title: entry.title, icon: entry.icon };
    if (entry.children) {
      const children = toDrawerItems(entry.children);
      if (children.length > 0) items.push({ ...base, kind: 'group', children });
    } else if (entry.href in EXTERNAL_LINKS) {
      items.push({ ...base, kind: 'external', link: EXTERNAL_LINKS[entry.href]! });
    } else if (entry.href.startsWith('/')) {
      items.push({ ...base, kind: 'route', to: entry.href });
    }
    // Anything else (an unknown '#' anchor) has nowhere to go and is left out.
  }
  return items;
}

/** Permitted in-app destinations, flattened (dashboard shortcuts). */
export function routeItems(items: readonly DrawerItem[]): Extract<DrawerItem, { kind: 'route' }>[] {
  return items.flatMap((item) =>
    item.kind === 'route' ? [item] : item.kind === 'group' ? routeItems(item.children) : [],
  );
}
