import { type TOrganisationContent, type TThemeUpdate, ZThemeUpdate } from '@atrium/contract';
import { z } from 'zod';
import type { OrgThemeColors } from '../../shared/theme/org-theme.ts';

const field = ZThemeUpdate.shape;

export const COLOUR_FIELDS = [
  { name: 'heading_color', label: 'Headings' },
  { name: 'theme_color', label: 'Theme' },
  { name: 'link_color', label: 'Links' },
  { name: 'text_color', label: 'Text' },
  { name: 'button_color', label: 'Buttons' },
  { name: 'table_head_color', label: 'Table heads' },
] as const satisfies readonly { name: keyof OrgThemeColors; label: string }[];

/** Blank optional text is stored as null. */
const optionalText = <T extends z.ZodType<unknown, string | null>>(rule: T) =>
  z
    .string()
    .trim()
    .transform((value) => (value === '' ? null : value))
    .pipe(rule);

/** The theme form: the contract's rules (colours as #RRGGBB, lengths), blanks as null. */
export const ZThemeForm = z.object({
  title: field.title.unwrap(),
  welcome_message: optionalText(field.welcome_message.unwrap()),
  custom_field: optionalText(field.custom_field.unwrap()),
  heading_color: field.heading_color.unwrap(),
  theme_color: field.theme_color.unwrap(),
  link_color: field.link_color.unwrap(),
  text_color: field.text_color.unwrap(),
  button_color: field.button_color.unwrap(),
  table_head_color: field.table_head_color.unwrap(),
});
export type ThemeFormValues = z.input<typeof ZThemeForm>;
export type ThemePayload = z.output<typeof ZThemeForm>;
export const THEME_FIELDS = Object.keys(ZThemeForm.shape) as (keyof ThemeFormValues)[];

const HEX = /^#[0-9a-f]{6}$/i;

/** Stored colours may predate the #RRGGBB rule ('red', '#abc'): those start from the default. */
function hexOr(value: string, fallback: string): string {
  return HEX.test(value) ? value.toLowerCase() : fallback;
}

export function themeFormValues(
  content: TOrganisationContent,
  defaults: OrgThemeColors,
): ThemeFormValues {
  return {
    title: content.title,
    welcome_message: content.welcome_message ?? '',
    custom_field: content.custom_field ?? '',
    heading_color: hexOr(content.heading_color, defaults.heading_color),
    theme_color: hexOr(content.theme_color, defaults.theme_color),
    link_color: hexOr(content.link_color, defaults.link_color),
    text_color: hexOr(content.text_color, defaults.text_color),
    button_color: hexOr(content.button_color, defaults.button_color),
    table_head_color: hexOr(content.table_head_color, defaults.table_head_color),
  };
}

/** The colours to preview while editing: a colour still being typed keeps the last valid one. */
export function previewColours(values: ThemeFormValues, fallback: OrgThemeColors): OrgThemeColors {
  const colours = { ...fallback };
  for (const { name } of COLOUR_FIELDS) {
    if (HEX.test(values[name])) colours[name] = values[name];
  }
  return colours;
}

/** What a save sends: the fields that differ from the stored theme (colours compared as hex). */
export function changedThemeFields(payload: ThemePayload, content: TOrganisationContent) {
  const changes: Record<string, unknown> = {};
  for (const key of THEME_FIELDS) {
    const stored = content[key];
    const value = payload[key];
    const same =
      key.endsWith('_color') && stored !== null && value !== null
        ? stored.toLowerCase() === value.toLowerCase()
        : stored === value;
    if (!same) changes[key] = payload[key];
  }
  return changes as TThemeUpdate;
}
