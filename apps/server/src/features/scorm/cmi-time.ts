/**
 * The two ways SCORM writes a duration: 1.2 CMITimespan `HHHH:MM:SS.SS` and
 * 2004 ISO 8601 `P[nY][nM][nD][T[nH][nM][n.nS]]`. Both are kept as seconds.
 */
const TIMESPAN_12 = /^(\d{2,4}):([0-5]\d):([0-5]\d)(\.\d{1,2})?$/;
const DURATION_2004 =
  /^P(?:(\d+)Y)?(?:(\d+)M)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d{1,2})?)S)?)?$/;

export function parseTimespan12(value: string): number | null {
  const m = TIMESPAN_12.exec(value);
  if (!m) return null;
  return Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3]) + Number(m[4] ?? 0);
}

export function parseDuration2004(value: string): number | null {
  const m = DURATION_2004.exec(value);
  // 'P' and 'PT' alone are not durations.
  if (!m || value === 'P' || value.endsWith('T')) return null;
  const [, y, mo, d, h, mi, s] = m.map((v) => Number(v ?? 0));
  // Years and months as the SCORM 2004 books count them (365 and 30 days).
  return (((y! * 365 + mo! * 30 + d!) * 24 + h!) * 60 + mi!) * 60 + s!;
}

const two = (n: number) => String(n).padStart(2, '0');

export function formatTimespan12(seconds: number): string {
  const cs = Math.round(seconds * 100);
  const h = Math.min(9999, Math.floor(cs / 360_000));
  const m = Math.floor((cs % 360_000) / 6000);
  const s = Math.floor((cs % 6000) / 100);
  const frac = cs % 100;
  return `${two(h).padStart(4, '0')}:${two(m)}:${two(s)}${frac ? `.${two(frac)}` : ''}`;
}

export function formatDuration2004(seconds: number): string {
  const cs = Math.round(seconds * 100);
  const h = Math.floor(cs / 360_000);
  const m = Math.floor((cs % 360_000) / 6000);
  const s = (cs % 6000) / 100;
  return `PT${h ? `${h}H` : ''}${m ? `${m}M` : ''}${s || (!h && !m) ? `${s}S` : ''}`;
}
