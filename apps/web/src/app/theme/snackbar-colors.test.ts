import { getContrastRatio } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';
import { buildTheme } from '../../shared/theme/build-theme.ts';
import { SNACKBAR_VARIANTS, snackbarColors } from './snackbar-colors.ts';

const ORGS = [
  null,
  // An organisation with strong colours of its own: snackbars follow MUI's status colours.
  { theme_color: '#009035', button_color: '#68000E', text_color: '#222222' },
];

describe('snackbarColors', () => {
  for (const mode of ['light', 'dark'] as const) {
    for (const org of ORGS) {
      it(`meets WCAG AA for every variant (${mode}, ${org ? 'custom' : 'default'} theme)`, () => {
        const colors = snackbarColors(buildTheme(org, mode).palette);
        for (const variant of SNACKBAR_VARIANTS) {
          const { background, color } = colors[variant];
          expect(getContrastRatio(color, background), `${variant}`).toBeGreaterThanOrEqual(4.5);
        }
      });
    }
  }

  it('keeps white text on a darkened green in light mode', () => {
    const { success } = snackbarColors(buildTheme(null, 'light').palette);
    expect(success.color).toBe('#ffffff');
    expect(getContrastRatio('#ffffff', success.background)).toBeGreaterThanOrEqual(4.5);
  });

  it('puts dark text on the pale status colours of dark mode', () => {
    const colors = snackbarColors(buildTheme(null, 'dark').palette);
    expect(colors.success.color).toBe('#000000');
    expect(colors.warning.color).toBe('#000000');
  });

  it('inverts the page for the default variant', () => {
    expect(snackbarColors(buildTheme(null, 'light').palette).default.color).toBe('#ffffff');
    expect(snackbarColors(buildTheme(null, 'dark').palette).default.color).toBe('#000000');
  });
});
