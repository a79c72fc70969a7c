import {
  alpha,
  createTheme,
  darken,
  decomposeColor,
  getContrastRatio,
  getLuminance,
  lighten,
  type Theme,
} from '@mui/material/styles';
import {
  type ColorMode,
  DEFAULT_ORG_THEME,
  type OrgThemeColors,
  type OrgThemeInput,
} from './org-theme.ts';

/** Organisation colours as resolved for one mode, available to components as `palette.brand`. */
export interface BrandPalette {
  heading: string;
  link: string;
  text: string;
  button: string;
  buttonText: string;
  tableHead: string;
  tableHeadText: string;
  /** The theme colour as text (focused field labels): shaded until it reads on paper. */
  accentText: string;
}

declare module '@mui/material/styles' {
  interface Palette {
    brand: BrandPalette;
  }
  interface PaletteOptions {
    brand?: BrandPalette;
  }
}

/** WCAG AA for normal text. */
const MIN_TEXT_CONTRAST = 4.5;
/** Body text on dark paper: close to white whatever the organisation's (dark) text colour. */
const BODY_TEXT_CONTRAST_DARK = 12;

const BACKGROUND: Record<ColorMode, { default: string; paper: string }> = {
  light: { default: '#f5f6f8', paper: '#ffffff' },
  dark: { default: '#0f1115', paper: '#181b22' },
};

const FONT_FAMILY = [
  'Inter',
  'system-ui',
  '-apple-system',
  '"Segoe UI"',
  'Roboto',
  '"Helvetica Neue"',
  'Arial',
  'sans-serif',
].join(',');

function isColor(value: string): boolean {
  try {
    decomposeColor(value);
    return true;
  } catch {
    return false;
  }
}

/** Merges an organisation's colours over the defaults, ignoring blank or unparsable values. */
export function resolveOrgTheme(input?: OrgThemeInput | null): OrgThemeColors {
  const resolved = { ...DEFAULT_ORG_THEME };
  for (const key of Object.keys(resolved) as (keyof OrgThemeColors)[]) {
    const value = input?.[key]?.trim();
    if (value && isColor(value)) resolved[key] = value;
  }
  return resolved;
}

/**
 * Shifts a colour toward white (on dark backgrounds) or black (on light ones) until it reads
 * against `background`. Organisation colours are picked for a white page; in dark mode a dark red
 * heading or black text would otherwise vanish.
 */
export function readableOn(
  color: string,
  background: string,
  minRatio = MIN_TEXT_CONTRAST,
): string {
  if (getContrastRatio(color, background) >= minRatio) return color;
  const towardWhite = getLuminance(background) < 0.5;
  for (let step = 1; step <= 10; step++) {
    const candidate = towardWhite ? lighten(color, step / 10) : darken(color, step / 10);
    if (getContrastRatio(candidate, background) >= minRatio) return candidate;
  }
  return towardWhite ? '#ffffff' : '#000000';
}

/** White text where it reaches 3:1 (MUI's own contrast threshold), black otherwise. */
function textOn(background: string): string {
  return getContrastRatio('#ffffff', background) >= 3 ? '#ffffff' : '#000000';
}

function brandPalette(org: OrgThemeColors, mode: ColorMode): BrandPalette {
  const paper = BACKGROUND[mode].paper;
  // In light mode the organisation's choice is shown exactly as configured.
  const adapt = (color: string, minRatio = MIN_TEXT_CONTRAST) =>
    mode === 'dark' ? readableOn(color, paper, minRatio) : color;
  // A bright head colour would glare on a dark page; a deep shade of it keeps the hue.
  const tableHead = mode === 'dark' ? darken(org.table_head_color, 0.55) : org.table_head_color;
  return {
    heading: adapt(org.heading_color),
    // Links are small text on both backgrounds in either mode: they always get AA contrast.
    // (The default #1295EE reaches only 3.3:1 on white.)
    link: readableOn(readableOn(org.link_color, paper), BACKGROUND[mode].default),
    // Body text needs more than the AA minimum: a mid-grey passes 4.5:1 yet reads as disabled.
    text: adapt(org.text_color, BODY_TEXT_CONTRAST_DARK),
    button: org.button_color,
    buttonText: textOn(org.button_color),
    tableHead,
    tableHeadText: textOn(tableHead),
    accentText: readableOn(org.theme_color, paper),
  };
}

/**
 * Builds the MUI theme for an organisation's colours in light or dark mode. Pure: the same input
 * always gives an equivalent theme, so it can be memoised on (colours, mode).
 */
export function buildTheme(input: OrgThemeInput | null | undefined, mode: ColorMode): Theme {
  const org = resolveOrgTheme(input);
  const brand = brandPalette(org, mode);
  const headingStyle = { color: brand.heading, fontWeight: 700 };

  return createTheme({
    palette: {
      mode,
      brand,
      primary: { main: org.theme_color },
      secondary: { main: mode === 'dark' ? brand.heading : org.heading_color },
      background: BACKGROUND[mode],
      text: {
        primary: brand.text,
        secondary: alpha(brand.text, mode === 'dark' ? 0.72 : 0.66),
      },
    },
    shape: { borderRadius: 10 },
    typography: {
      fontFamily: FONT_FAMILY,
      h1: { ...headingStyle, fontSize: '2.5rem', letterSpacing: '-0.02em' },
      h2: { ...headingStyle, fontSize: '2rem', letterSpacing: '-0.01em' },
      h3: { ...headingStyle, fontSize: '1.6rem' },
      h4: { ...headingStyle, fontSize: '1.35rem' },
      h5: { ...headingStyle, fontSize: '1.15rem' },
      h6: { ...headingStyle, fontSize: '1rem' },
      button: { textTransform: 'none', fontWeight: 600 },
    },
    components: {
      MuiButton: {
        styleOverrides: {
          root: {
            variants: [
              {
                props: { variant: 'contained', color: 'primary' },
                style: {
                  backgroundColor: brand.button,
                  color: brand.buttonText,
                  '&:hover': { backgroundColor: darken(brand.button, 0.08) },
                },
              },
              // Text and outlined buttons are words on paper: the theme colour as text (a light
              // theme colour such as the default orange is unreadable as is).
              {
                props: { variant: 'text', color: 'primary' },
                style: { color: brand.accentText },
              },
              {
                props: { variant: 'outlined', color: 'primary' },
                style: { color: brand.accentText, borderColor: alpha(brand.accentText, 0.5) },
              },
            ],
          },
        },
      },
      MuiLink: {
        defaultProps: { color: brand.link, underline: 'hover' },
      },
      // Helper text under a disabled field often says why it is disabled: it stays readable.
      MuiFormHelperText: {
        styleOverrides: {
          root: ({ theme }) => ({ '&.Mui-disabled': { color: theme.palette.text.secondary } }),
        },
      },
      MuiTab: {
        styleOverrides: { root: { '&.Mui-selected': { color: brand.accentText } } },
      },
      MuiTabs: {
        styleOverrides: { indicator: { backgroundColor: brand.accentText } },
      },
      // A focused field's label and outline use the theme colour shaded to read on paper: a light
      // theme colour (the default orange) is too faint for text.
      MuiInputLabel: {
        styleOverrides: { root: { '&.Mui-focused': { color: brand.accentText } } },
      },
      MuiOutlinedInput: {
        styleOverrides: {
          root: {
            '&.Mui-focused .MuiOutlinedInput-notchedOutline': { borderColor: brand.accentText },
          },
        },
      },
      // A clear keyboard focus ring everywhere: MUI's ripple alone is easy to miss.
      MuiButtonBase: {
        styleOverrides: {
          root: {
            '&.Mui-focusVisible': { outline: `2px solid ${brand.link}`, outlineOffset: 2 },
          },
        },
      },
      MuiCard: {
        defaultProps: { elevation: 0 },
        styleOverrides: {
          root: ({ theme }) => ({
            border: `1px solid ${theme.palette.divider}`,
            boxShadow:
              mode === 'dark'
                ? 'none'
                : '0 1px 2px rgba(16, 24, 40, 0.04), 0 4px 16px rgba(16, 24, 40, 0.06)',
          }),
        },
      },
      MuiTableHead: {
        styleOverrides: { root: { backgroundColor: brand.tableHead } },
      },
      // The scrolling box of a wide table holds what is positioned inside it (a visually hidden
      // column name): otherwise that escapes the scroll and widens the page on a phone.
      MuiTableContainer: {
        styleOverrides: { root: { position: 'relative' } },
      },
      MuiTableCell: {
        styleOverrides: { head: { color: brand.tableHeadText, fontWeight: 600 } },
      },
    },
  });
}
