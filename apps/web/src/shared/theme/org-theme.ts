/**
 * The colours an organisation may set for its look (spec §1, §9). Field names follow the
 * organisation theme payload so a fetched theme can be passed through unchanged.
 */
export interface OrgThemeColors {
  heading_color: string;
  theme_color: string;
  link_color: string;
  text_color: string;
  button_color: string;
  table_head_color: string;
}

/** Anything the server sends may be missing, empty or null; the defaults fill the gaps. */
export type OrgThemeInput = Partial<Record<keyof OrgThemeColors, string | null | undefined>>;

/** Built-in default theme (spec §9). The spec names no table-head colour: the theme colour is used. */
export const DEFAULT_ORG_THEME: Readonly<OrgThemeColors> = Object.freeze({
  heading_color: '#bd2518',
  theme_color: '#f9a72f',
  link_color: '#1295EE',
  text_color: '#000000',
  button_color: '#ffd464',
  table_head_color: '#f9a72f',
});

export type ColorMode = 'light' | 'dark';
