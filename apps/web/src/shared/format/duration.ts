const UNITS = [
  { label: 'd', seconds: 86_400 },
  { label: 'h', seconds: 3_600 },
  { label: 'min', seconds: 60 },
  { label: 's', seconds: 1 },
] as const;

/** A human-readable duration with its two largest units, e.g. '3 d 4 h', '12 min 5 s'. */
export function formatDuration(totalSeconds: number): string {
  let remaining = Math.max(0, Math.floor(totalSeconds));
  const parts: string[] = [];
  for (const unit of UNITS) {
    const value = Math.floor(remaining / unit.seconds);
    remaining -= value * unit.seconds;
    if (value > 0 || parts.length > 0) parts.push(`${value} ${unit.label}`);
    if (parts.length === 2) break;
  }
  return parts.length > 0 ? parts.filter((part) => !part.startsWith('0 ')).join(' ') : '0 s';
}
