import { fileTypeAllowed } from '@atrium/contract';

export interface FileRule {
  /** Extensions without the dot. An empty list is a programming error (spec §5) and throws. */
  allowed: readonly string[];
  maxBytes: number;
}

/** 1536 → '1.5 KB'. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value >= 10 ? Math.round(value) : Math.round(value * 10) / 10} ${units[unit]}`;
}

/** 'csv, xlsx' → 'CSV or XLSX'. */
export function describeTypes(allowed: readonly string[]): string {
  const names = [...new Set(allowed.map((ext) => ext.replace(/^\./, '').toUpperCase()))];
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names.at(-1)}` : names.join('');
}

/** The `accept` attribute of a file input for the rule. */
export function acceptAttribute(rule: FileRule): string {
  if (rule.allowed.length === 0) throw new Error('The allowed file type list must not be empty.');
  return rule.allowed.map((ext) => `.${ext.replace(/^\./, '')}`).join(',');
}

/**
 * What is wrong with a chosen file, in words for the user, or null when it may be sent. The
 * server checks again (and sniffs the content); this only spares a pointless upload.
 */
export function fileProblem(file: Pick<File, 'name' | 'size'>, rule: FileRule): string | null {
  if (!fileTypeAllowed(file.name, rule.allowed)) {
    return `${file.name} is not a ${describeTypes(rule.allowed)} file.`;
  }
  if (file.size === 0) return `${file.name} is empty.`;
  if (file.size > rule.maxBytes) {
    return `${file.name} is ${formatBytes(file.size)}; the limit is ${formatBytes(rule.maxBytes)}.`;
  }
  return null;
}
