import { isScoDone, type TScormSco, type TScoStatus } from '@atrium/contract';

const LABELS: Record<TScoStatus, string> = {
  'not attempted': 'Not started',
  browsed: 'Browsed',
  incomplete: 'In progress',
  completed: 'Completed',
  passed: 'Passed',
  failed: 'Failed',
  unknown: 'Not started',
};

export const statusLabel = (status: TScoStatus) => LABELS[status];

/** The server's rule (completed or passed; completed + failed is not done), not a copy of it. */
export const isDone = isScoDone;

/** '1 h 05 min', '4 min 09 s', '12 s'. */
export function formatSeconds(total: number): string {
  const s = Math.max(0, Math.round(total));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  if (h > 0) return `${h} h ${String(m).padStart(2, '0')} min`;
  if (m > 0) return `${m} min ${String(sec).padStart(2, '0')} s`;
  return `${sec} s`;
}

/**
 * Which SCO to open: the one the learner was last in (if it still exists and may be opened),
 * else the first not yet done that may be opened, else the first that may be.
 */
export function initialSco(
  launchable: TScormSco[],
  statuses: Map<string, TScoStatus>,
  remembered: string | null,
  disabled: ReadonlySet<string> = new Set(),
): string | null {
  const open = launchable.filter((s) => !disabled.has(s.identifier));
  if (open.length === 0) return launchable[0]?.identifier ?? null;
  if (remembered && open.some((s) => s.identifier === remembered)) return remembered;
  const next = open.find((s) => !isDone(statuses.get(s.identifier) ?? 'not attempted'));
  return (next ?? open[0]!).identifier;
}

/** The nearest SCO after (or before) the current one the learner may open, for Next/Previous. */
export function neighbourSco(
  launchable: TScormSco[],
  current: string | null,
  step: 1 | -1,
  disabled: ReadonlySet<string> = new Set(),
) {
  const index = launchable.findIndex((s) => s.identifier === current);
  if (index < 0) return null;
  for (let i = index + step; i >= 0 && i < launchable.length; i += step)
    if (!disabled.has(launchable[i]!.identifier)) return launchable[i]!.identifier;
  return null;
}

const key = (moduleFileId: number) => `atrium.scorm.last.${moduleFileId}`;
export const rememberSco = (moduleFileId: number, sco: string) => {
  try {
    localStorage.setItem(key(moduleFileId), sco);
  } catch {
    // Private mode or full storage: resuming the SCO is a comfort, not a need.
  }
};
export const rememberedSco = (moduleFileId: number): string | null => {
  try {
    return localStorage.getItem(key(moduleFileId));
  } catch {
    return null;
  }
};
