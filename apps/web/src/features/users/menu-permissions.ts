import type { TMenuEntry } from '@atrium/contract';

/**
 * Turns one menu entry on or off, by href. Turning an entry on also turns on the groups above
 * it: an entry under a switched-off group stays hidden (spec §2), which is not what a switch
 * that says "on" promises. Turning a group off keeps its children's own flags, so turning it
 * back on restores them.
 */
export function setEntryPermission(menu: TMenuEntry[], href: string, on: boolean): TMenuEntry[] {
  const walk = (entries: TMenuEntry[]): [TMenuEntry[], boolean] => {
    let found = false;
    const next = entries.map((entry) => {
      if (entry.href === href) {
        found = true;
        return { ...entry, permission: on };
      }
      if (!entry.children) return entry;
      const [children, inside] = walk(entry.children);
      if (!inside) return entry;
      found = true;
      return { ...entry, children, permission: on ? true : entry.permission };
    });
    return [next, found];
  };
  return walk(menu)[0];
}

/** Whether an entry shows in the menu: on, and every group above it on. */
export function isShown(menu: TMenuEntry[], href: string): boolean {
  const walk = (entries: TMenuEntry[], parentsOn: boolean): boolean | null => {
    for (const entry of entries) {
      const on = parentsOn && entry.permission;
      if (entry.href === href) return on;
      if (entry.children) {
        const inside = walk(entry.children, on);
        if (inside !== null) return inside;
      }
    }
    return null;
  };
  return walk(menu, true) ?? false;
}

/** How many entries show, groups not counted (for the dialog's summary). */
export function shownCount(menu: TMenuEntry[], parentsOn = true): number {
  return menu.reduce((sum, entry) => {
    const on = parentsOn && entry.permission;
    return sum + (entry.children ? shownCount(entry.children, on) : on ? 1 : 0);
  }, 0);
}
