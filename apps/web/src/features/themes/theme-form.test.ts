import type { TOrganisationContent } from '@atrium/contract';
import { describe, expect, it } from 'vitest';
import { DEFAULT_ORG_THEME } from '../../shared/theme/org-theme.ts';
import { changedThemeFields, previewColours, themeFormValues, ZThemeForm } from './theme-form.ts';

const content: TOrganisationContent = {
  id: 26,
  domain_url: null,
  title: 'Atrium Demo',
  welcome_message: 'Welcome',
  logo: null,
  header_login_logo1: null,
  header_login_logo2: null,
  login_banner_image: null,
  site_logo: null,
  heading_color: '#BD2518',
  theme_color: 'orange',
  link_color: '#1295EE',
  text_color: '#000000',
  button_color: '#ffd464',
  table_head_color: '#f9a72f',
  custom_field: null,
  organization: [],
  allow_signup: false,
  idle: { mode: 'prompt', minutes: 10 },
  sso: null,
};

describe('themeFormValues', () => {
  it('starts from the stored theme, lower-case hex, a non-hex colour replaced by the default', () => {
    const values = themeFormValues(content, DEFAULT_ORG_THEME);
    expect(values.heading_color).toBe('#bd2518');
    expect(values.theme_color).toBe(DEFAULT_ORG_THEME.theme_color);
    expect(values.custom_field).toBe('');
  });
});

describe('previewColours', () => {
  it('uses each valid colour and keeps the fallback for one still being typed', () => {
    const values = { ...themeFormValues(content, DEFAULT_ORG_THEME), button_color: '#12' };
    const colours = previewColours(values, DEFAULT_ORG_THEME);
    expect(colours.heading_color).toBe('#bd2518');
    expect(colours.button_color).toBe(DEFAULT_ORG_THEME.button_color);
  });
});

describe('ZThemeForm and changedThemeFields', () => {
  it('refuses colours that are not #RRGGBB', () => {
    const result = ZThemeForm.safeParse({
      ...themeFormValues(content, DEFAULT_ORG_THEME),
      link_color: 'blue',
    });
    expect(result.error?.issues[0]?.message).toBe('Use a colour such as #1295EE.');
  });

  it('sends only what changed; a colour differing only in case is unchanged, blank text is null', () => {
    const payload = ZThemeForm.parse({
      ...themeFormValues(content, DEFAULT_ORG_THEME),
      welcome_message: '  ',
      button_color: '#009035',
    });
    expect(changedThemeFields(payload, content)).toEqual({
      welcome_message: null,
      theme_color: DEFAULT_ORG_THEME.theme_color,
      button_color: '#009035',
    });
  });
});
