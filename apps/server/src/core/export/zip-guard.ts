/**
 * Zip-bomb checks shared by every reader of an uploaded zip (XLSX imports,
 * SCORM packages): the compression ratio a zip's directory declares, checked
 * before anything is inflated, and a byte budget counted while inflating
 * (a header can lie; the budget cannot).
 */
export interface RatioLimits {
  /** Declared uncompressed size / compressed size allowed, per entry and overall. */
  maxRatio: number;
  /** Entries (and archives) no larger than this once unpacked are not ratio-checked. */
  ratioFloorBytes: number;
}

/** True when `uncompressed` bytes stored in `compressed` bytes is a ratio past the limit. */
export function ratioExceeded(
  uncompressed: number,
  compressed: number,
  limits: RatioLimits,
): boolean {
  if (uncompressed <= limits.ratioFloorBytes) return false;
  return uncompressed > limits.maxRatio * Math.max(compressed, 1);
}

/** The ratio as people read it: "1000:1". */
export const ratioText = (uncompressed: number, compressed: number) =>
  `${Math.round(uncompressed / Math.max(compressed, 1))}:1`;

/**
 * Totals of a zip's directory: feed every entry with `add`, then `overall`.
 * Returns the first problem found, or null.
 */
export class DeclaredSizes {
  uncompressed = 0;
  compressed = 0;
  entries = 0;

  constructor(private readonly limits: RatioLimits & { maxUnpackedBytes: number }) {}

  add(entry: { uncompressedSize: number; compressedSize: number }): 'too-large' | 'ratio' | null {
    this.entries += 1;
    this.uncompressed += entry.uncompressedSize;
    this.compressed += entry.compressedSize;
    if (
      entry.uncompressedSize > this.limits.maxUnpackedBytes ||
      this.uncompressed > this.limits.maxUnpackedBytes
    )
      return 'too-large';
    if (ratioExceeded(entry.uncompressedSize, entry.compressedSize, this.limits)) return 'ratio';
    return null;
  }

  overall(): 'ratio' | null {
    return ratioExceeded(this.uncompressed, this.compressed, this.limits) ? 'ratio' : null;
  }
}

/** Counts inflated bytes against one budget shared by every part of an archive. */
export class InflateBudget {
  used = 0;

  constructor(
    readonly maxBytes: number,
    private readonly onExceeded: () => Error,
  ) {}

  take(bytes: number): void {
    this.used += bytes;
    if (this.used > this.maxBytes) throw this.onExceeded();
  }
}
