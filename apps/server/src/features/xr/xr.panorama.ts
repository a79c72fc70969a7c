import { XR_PANORAMA_RATIO } from '@atrium/contract';
import sharp from 'sharp';

/**
 * A 360° image must be equirectangular: twice as wide as high (within XR_PANORAMA_RATIO). The
 * dimensions come from the header only (sharp's metadata does not decode the pixels), so a
 * huge picture costs nothing to refuse.
 */
export function panoramaRatioProblem(width: number, height: number): string | null {
  if (width <= 0 || height <= 0) return 'The image has no size.';
  const ratio = width / height;
  if (ratio < XR_PANORAMA_RATIO.min || ratio > XR_PANORAMA_RATIO.max)
    return `A 360° image must be equirectangular, about twice as wide as high (2:1); this one is ${width}×${height}.`;
  return null;
}

/** At most this many pixels: a 16K × 8K panorama is already more than phones can show. */
export const PANORAMA_MAX_PIXELS = 16384 * 8192;

export async function panoramaSize(
  path: string,
): Promise<{ width: number; height: number } | null> {
  try {
    const meta = await sharp(path, { limitInputPixels: false }).metadata();
    if (!meta.width || !meta.height) return null;
    // EXIF orientations 5-8 swap the sides as shown.
    const swapped = (meta.orientation ?? 1) >= 5;
    return swapped
      ? { width: meta.height, height: meta.width }
      : { width: meta.width, height: meta.height };
  } catch {
    return null;
  }
}
