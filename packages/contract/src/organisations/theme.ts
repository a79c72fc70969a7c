/** The built-in theme of spec §9, used when a domain has no organisation or a colour is unset. */
export const DEFAULT_THEME = {
  heading_color: '#bd2518',
  theme_color: '#f9a72f',
  link_color: '#1295EE',
  text_color: '#000000',
  button_color: '#ffd464',
  table_head_color: '#f9a72f',
} as const;

/** The other reading of spec §9, selectable per organisation. */
export const ALTERNATE_THEME = {
  heading_color: '#68000E',
  theme_color: '#009035',
  link_color: '#1295EE',
  text_color: '#FFFFFF',
  button_color: '#009035',
  table_head_color: '#009035',
} as const;

/** Spec §9: the default organisation's id. */
export const DEFAULT_ORGANISATION_ID = 26;
