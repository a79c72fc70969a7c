import { darken, emphasize, getContrastRatio, type Palette } from '@mui/material/styles';

/** The notistack variants Atrium enqueues (and the two it may later). */
export const SNACKBAR_VARIANTS = ['default', 'success', 'error', 'warning', 'info'] as const;
export type SnackbarVariant = (typeof SNACKBAR_VARIANTS)[number];

export interface SnackbarColors {
  background: string;
  color: string;
}

/** WCAG AA for normal text: a snackbar message is 14 px. */
const MIN_CONTRAST = 4.5;
const WHITE = '#ffffff';
const BLACK = '#000000';

/** Black or white, whichever reads better; one of them always reaches 4.58:1 (√21). */
function bestTextOn(background: string): string {
  return getContrastRatio(WHITE, background) >= getContrastRatio(BLACK, background) ? WHITE : BLACK;
}

/**
 * A filled snackbar for one status colour. In light mode white text on a strong colour is the
 * look people expect, so the colour is darkened until white text passes AA (notistack's own
 * green, #43a047, gives only 3.3:1). In dark mode MUI's status colours are pale: dark text on
 * them passes as is and does not glare like a darkened block would.
 */
function statusFill(main: string, mode: Palette['mode']): SnackbarColors {
  if (mode === 'light') {
    for (let step = 0; step <= 10; step++) {
      const background = darken(main, step * 0.05);
      if (getContrastRatio(WHITE, background) >= MIN_CONTRAST) return { background, color: WHITE };
    }
  }
  return { background: main, color: bestTextOn(main) };
}

/**
 * Snackbar colours from the theme palette, each meeting WCAG AA. The default variant inverts
 * the page (dark on a light page, light on a dark one), as MUI's own Snackbar does.
 */
export function snackbarColors(palette: Palette): Record<SnackbarVariant, SnackbarColors> {
  const inverted = emphasize(palette.background.default, 0.8);
  return {
    default: { background: inverted, color: bestTextOn(inverted) },
    success: statusFill(palette.success.main, palette.mode),
    error: statusFill(palette.error.main, palette.mode),
    warning: statusFill(palette.warning.main, palette.mode),
    info: statusFill(palette.info.main, palette.mode),
  };
}
