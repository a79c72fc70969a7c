import Box from '@mui/material/Box';
import { alpha, type Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { KIND_TONES, type KindTone } from '../calendar-model.ts';

/*
 * react-big-calendar's stylesheet hard-codes a light theme (#ddd borders, a pale blue today,
 * grey off-range days, white popups): these rules put the app's theme tokens in their place so
 * that the calendar reads right in light and dark mode and in the organisation's colours.
 */

const borders = [
  '.rbc-month-view',
  '.rbc-time-view',
  '.rbc-header',
  '.rbc-header + .rbc-header',
  '.rbc-month-row + .rbc-month-row',
  '.rbc-day-bg + .rbc-day-bg',
  '.rbc-time-header-content',
  '.rbc-time-header > .rbc-row:first-of-type',
  '.rbc-time-header.rbc-overflowing',
  '.rbc-time-content',
  '.rbc-time-content > * + * > *',
  '.rbc-time-view .rbc-allday-cell + .rbc-allday-cell',
  '.rbc-timeslot-group',
  '.rbc-day-slot .rbc-time-slot',
  '.rbc-agenda-view table.rbc-agenda-table',
  '.rbc-agenda-view table.rbc-agenda-table thead > tr > th',
  '.rbc-agenda-view table.rbc-agenda-table tbody > tr > td + td',
  '.rbc-agenda-view table.rbc-agenda-table tbody > tr + tr',
  '.rbc-overlay-header',
]
  .map((selector) => `& ${selector}`)
  .join(', ');

/** The class of a kind's colour on its items (eventPropGetter). */
export const kindClass = (tone: KindTone, outlined: boolean) =>
  `atrium-kind-${tone}${outlined ? '-outlined' : ''}`;

/** Filled items in the colour, outlined ones tinted with their text in it; agenda rows an edge. */
function kindRules(theme: Theme) {
  const dark = theme.palette.mode === 'dark';
  return Object.fromEntries(
    KIND_TONES.flatMap((tone) => {
      const colour = theme.palette[tone];
      return [
        [
          `& .rbc-event.${kindClass(tone, false)}`,
          { backgroundColor: colour.main, borderColor: colour.main, color: colour.contrastText },
        ],
        [
          `& .rbc-event.${kindClass(tone, true)}`,
          {
            backgroundColor: alpha(colour.main, dark ? 0.24 : 0.12),
            borderColor: colour.main,
            color: dark ? colour.light : colour.dark,
          },
        ],
        [
          `& .rbc-agenda-view tr.${kindClass(tone, false)} .rbc-agenda-event-cell`,
          { borderLeft: `4px solid ${colour.main}` },
        ],
        [
          `& .rbc-agenda-view tr.${kindClass(tone, true)} .rbc-agenda-event-cell`,
          { borderLeft: `4px double ${colour.main}` },
        ],
      ];
    }),
  );
}

const frameSx = (theme: Theme) => ({
  position: 'relative' as const,
  color: 'text.primary',
  '& .rbc-calendar': { fontFamily: theme.typography.fontFamily, minHeight: 0 },
  [borders]: { borderColor: theme.palette.divider },
  '& .rbc-day-slot .rbc-time-slot': { borderTopColor: alpha(theme.palette.divider, 0.5) },
  '& .rbc-header': { py: 0.75, fontWeight: 600, fontSize: '0.8rem', color: 'text.secondary' },
  '& .rbc-off-range-bg': { bgcolor: 'action.hover' },
  '& .rbc-off-range': { color: 'text.disabled' },
  '& .rbc-today': {
    bgcolor: alpha(theme.palette.primary.main, theme.palette.mode === 'dark' ? 0.18 : 0.08),
  },
  '& .rbc-now .rbc-button-link': { color: 'primary.main', fontWeight: 700 },
  '& .rbc-button-link': { color: 'inherit', font: 'inherit' },
  '& .rbc-date-cell': { px: 0.75, py: 0.25, fontSize: '0.85rem' },
  '& .rbc-label, & .rbc-time-gutter': { color: 'text.secondary', fontSize: '0.8rem' },
  '& .rbc-current-time-indicator': { bgcolor: 'error.main', height: 2 },
  '& .rbc-selected-cell, & .rbc-slot-selection': { bgcolor: 'action.selected' },
  '& .rbc-show-more': {
    bgcolor: 'transparent',
    color: 'primary.main',
    fontWeight: 600,
    '&:hover, &:focus': { color: 'primary.dark' },
  },
  '& .rbc-overlay': {
    bgcolor: 'background.paper',
    border: 1,
    borderColor: 'divider',
    boxShadow: theme.shadows[8],
    borderRadius: 1,
    zIndex: theme.zIndex.modal - 1,
  },
  '& .rbc-event, & .rbc-day-slot .rbc-background-event': {
    border: '1px solid',
    borderRadius: 1,
    px: 0.5,
    fontSize: '0.8rem',
    boxShadow: 'none',
  },
  '& .rbc-event:focus-within, & .rbc-event:focus': {
    outline: `2px solid ${theme.palette.text.primary}`,
    outlineOffset: 1,
  },
  // The agenda grows with its rows (the page scrolls): its flex: 1 0 0 with overflow: auto
  // would collapse to nothing in a box of no set height.
  '& .rbc-agenda-view': { flex: 'none', overflow: 'visible' },
  '& .rbc-agenda-view table.rbc-agenda-table': { fontSize: '0.9rem' },
  '& .rbc-agenda-view table.rbc-agenda-table thead > tr > th': { color: 'text.secondary', py: 1 },
  '& .rbc-agenda-view table.rbc-agenda-table tbody > tr > td': { py: 1, verticalAlign: 'top' },
  '& .rbc-agenda-date-cell, & .rbc-agenda-time-cell': { whiteSpace: 'nowrap', fontSize: '0.85rem' },
  '& .rbc-agenda-event-cell': { cursor: 'pointer', width: '100%' },
  '& .rbc-agenda-empty': { p: 3, color: 'text.secondary', textAlign: 'center' },
  // The event's own button: keyboard reachable in every view, drawn as the event's text.
  '& .atrium-event-button': {
    all: 'unset',
    display: 'block',
    width: '100%',
    cursor: 'pointer',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
    '&:focus-visible': { outline: `2px solid ${theme.palette.text.primary}`, outlineOffset: 1 },
  },
  // A table cell grows to unbroken text: the agenda's titles wrap so a phone never scrolls sideways.
  '& .rbc-day-slot .atrium-event-button, & .rbc-agenda-view .atrium-event-button': {
    whiteSpace: 'normal',
    overflowWrap: 'anywhere',
  },
  ...kindRules(theme),
  [theme.breakpoints.down('sm')]: {
    '& .rbc-header': { fontSize: '0.7rem', px: 0 },
    '& .rbc-event': { fontSize: '0.7rem' },
    '& .rbc-agenda-view table.rbc-agenda-table': { fontSize: '0.85rem' },
    '& .rbc-agenda-date-cell, & .rbc-agenda-time-cell': { whiteSpace: 'normal', px: 0.5 },
  },
});

/** The themed box the calendar sits in. */
export function CalendarFrame({
  height,
  children,
}: {
  height: number | string | Record<string, number | string>;
  children: ReactNode;
}) {
  return <Box sx={(theme) => ({ ...frameSx(theme), height })}>{children}</Box>;
}
