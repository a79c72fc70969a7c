import { permittedPaths, type TMenuEntry, ZMenuEntry } from '@atrium/contract';
import { z } from 'zod';

const ZMenu = z.array(ZMenuEntry);

/** The profile's permission list could not be read: a broken server answer, shown as a crash. */
export class MenuPermissionsError extends Error {
  override readonly name = 'MenuPermissionsError';
}

/**
 * The side menu of the profile (spec §3 keeps it a JSON string). An unreadable list is not
 * silently turned into an empty menu: that would hide every page without saying why.
 */
export function parseMenu(permissions: string): TMenuEntry[] {
  let raw: unknown;
  try {
    raw = JSON.parse(permissions);
  } catch {
    throw new MenuPermissionsError('Your menu permissions could not be read (not valid JSON).');
  }
  const parsed = ZMenu.safeParse(raw);
  if (!parsed.success) {
    throw new MenuPermissionsError(
      `Your menu permissions could not be read (${parsed.error.issues[0]?.message ?? 'bad shape'}).`,
    );
  }
  return parsed.data;
}

/** Hrefs of entries switched on (with their parents on), for the (perm) route guard. */
export function menuPaths(menu: TMenuEntry[]): string[] {
  return [...permittedPaths(menu)].filter((href) => href.startsWith('/'));
}
