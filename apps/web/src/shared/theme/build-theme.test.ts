import { getContrastRatio } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';
import { buildTheme, readableOn, resolveOrgTheme } from './build-theme.ts';
import { DEFAULT_ORG_THEME } from './org-theme.ts';

describe('resolveOrgTheme', () => {
  it('uses the spec §9 defaults when the organisation sets nothing', () => {
    expect(resolveOrgTheme(undefined)).toEqual({
      heading_color: '#bd2518',
      theme_color: '#f9a72f',
      link_color: '#1295EE',
      text_color: '#000000',
      button_color: '#ffd464',
      table_head_color: '#f9a72f',
    });
  });

  it('keeps the colours an organisation sets and fills the rest from the defaults', () => {
    const resolved = resolveOrgTheme({ button_color: '#009035', heading_color: '#68000E' });
    expect(resolved.button_color).toBe('#009035');
    expect(resolved.heading_color).toBe('#68000E');
    expect(resolved.link_color).toBe(DEFAULT_ORG_THEME.link_color);
  });

  it('ignores blank, null and unparsable colours', () => {
    const resolved = resolveOrgTheme({
      link_color: '',
      text_color: null,
      theme_color: 'not-a-colour',
    });
    expect(resolved.link_color).toBe(DEFAULT_ORG_THEME.link_color);
    expect(resolved.text_color).toBe(DEFAULT_ORG_THEME.text_color);
    expect(resolved.theme_color).toBe(DEFAULT_ORG_THEME.theme_color);
  });
});

describe('readableOn', () => {
  it('returns a colour unchanged when it already reads on the background', () => {
    expect(readableOn('#000000', '#ffffff')).toBe('#000000');
  });

  it('lightens a dark colour until it reads on a dark background', () => {
    const adjusted = readableOn('#bd2518', '#181b22');
    expect(adjusted).not.toBe('#bd2518');
    expect(getContrastRatio(adjusted, '#181b22')).toBeGreaterThanOrEqual(4.5);
  });
});

describe('buildTheme', () => {
  it('builds the light theme from the default colours exactly as configured', () => {
    const theme = buildTheme(undefined, 'light');
    expect(theme.palette.mode).toBe('light');
    expect(theme.palette.primary.main).toBe('#f9a72f');
    expect(theme.palette.text.primary).toBe('#000000');
    expect(theme.palette.brand).toMatchObject({
      heading: '#bd2518',
      button: '#ffd464',
      tableHead: '#f9a72f',
    });
    expect(theme.typography.h1.color).toBe('#bd2518');
  });

  it('darkens a link colour that does not reach AA contrast on the light backgrounds', () => {
    const theme = buildTheme(undefined, 'light');
    for (const background of [theme.palette.background.paper, theme.palette.background.default]) {
      expect(getContrastRatio(theme.palette.brand.link, background)).toBeGreaterThanOrEqual(4.5);
    }
    expect(buildTheme({ link_color: '#0b5394' }, 'light').palette.brand.link).toBe('#0b5394');
  });

  it('gives buttons the button colour with readable text', () => {
    const theme = buildTheme({ button_color: '#009035' }, 'light');
    expect(theme.palette.brand.button).toBe('#009035');
    expect(theme.palette.brand.buttonText).toBe('#ffffff');
    expect(buildTheme(undefined, 'light').palette.brand.buttonText).toBe('#000000');
    const root = theme.components?.MuiButton?.styleOverrides?.root as {
      variants: { props: object; style: object }[];
    };
    expect(root.variants).toContainEqual({
      props: { variant: 'contained', color: 'primary' },
      style: expect.objectContaining({ backgroundColor: '#009035', color: '#ffffff' }),
    });
  });

  it('builds a dark theme whose text, headings and links read on dark paper', () => {
    const theme = buildTheme(undefined, 'dark');
    const paper = theme.palette.background.paper;
    expect(theme.palette.mode).toBe('dark');
    expect(getContrastRatio(paper, '#000000')).toBeLessThan(2);
    expect(getContrastRatio(theme.palette.text.primary, paper)).toBeGreaterThanOrEqual(12);
    for (const color of [
      theme.palette.text.primary,
      theme.palette.brand.heading,
      theme.palette.brand.link,
    ]) {
      expect(getContrastRatio(color, paper)).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('is pure: the same input gives the same palette', () => {
    const a = buildTheme({ theme_color: '#123456' }, 'dark');
    const b = buildTheme({ theme_color: '#123456' }, 'dark');
    expect(JSON.stringify(a.palette)).toBe(JSON.stringify(b.palette));
  });
});

describe('accentText', () => {
  it('shades the theme colour until it reads as text on paper in both modes', () => {
    for (const mode of ['light', 'dark'] as const) {
      const theme = buildTheme(undefined, mode);
      expect(
        getContrastRatio(theme.palette.brand.accentText, theme.palette.background.paper),
      ).toBeGreaterThanOrEqual(4.5);
    }
  });
});

describe('words in the theme colour', () => {
  it('gives text and outlined buttons the readable shade of the theme colour', () => {
    const theme = buildTheme(undefined, 'light');
    const root = theme.components?.MuiButton?.styleOverrides?.root as {
      variants: { props: { variant: string }; style: { color?: string } }[];
    };
    for (const variant of ['text', 'outlined']) {
      const style = root.variants.find((entry) => entry.props.variant === variant)?.style;
      expect(style?.color).toBe(theme.palette.brand.accentText);
      expect(
        getContrastRatio(style?.color ?? '', theme.palette.background.paper),
      ).toBeGreaterThanOrEqual(4.5);
    }
  });
});
