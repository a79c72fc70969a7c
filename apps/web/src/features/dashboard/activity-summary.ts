import type { TActivity } from '@atrium/contract';

export interface ModuleTotal {
  module: string;
  seconds: number;
}

/** Time per module, largest first, at most `limit` modules (the rest would be unreadable bars). */
export function timePerModule(entries: readonly TActivity[], limit = 6): ModuleTotal[] {
  const totals = new Map<string, number>();
  for (const entry of entries) {
    if (entry.kind !== 'module_time' || !entry.module || !entry.time_spent) continue;
    totals.set(entry.module, (totals.get(entry.module) ?? 0) + entry.time_spent);
  }
  return [...totals]
    .map(([module, seconds]) => ({ module, seconds }))
    .sort((a, b) => b.seconds - a.seconds || a.module.localeCompare(b.module))
    .slice(0, limit);
}

/** 'learning-path' → 'Learning path'. */
export function moduleLabel(module: string): string {
  const words = module.replace(/-/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const SIGN_IN_CHANNELS: Record<string, string> = {
  web: 'Web',
  sa: 'Super admin portal',
  sso: 'Single sign-on',
};

export function signInChannel(loginFrom: string | null): string {
  if (!loginFrom) return 'Unknown';
  return SIGN_IN_CHANNELS[loginFrom] ?? loginFrom;
}
