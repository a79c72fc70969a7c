import ChevronLeftOutlined from '@mui/icons-material/ChevronLeftOutlined';
import ChevronRightOutlined from '@mui/icons-material/ChevronRightOutlined';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { ToolbarProps } from 'react-big-calendar';
import {
  CALENDAR_VIEWS,
  type CalendarEvent,
  type CalendarView,
  isCalendarView,
  VIEW_LABELS,
} from '../calendar-model.ts';

/** What one step of Previous/Next moves in each view, for the buttons' names. */
const STEP: Record<CalendarView, string> = {
  month: 'month',
  week: 'week',
  day: 'day',
  agenda: 'period',
};

/**
 * The calendar's toolbar in the app's own controls: today, back, next, the period shown and
 * the view (a menu on phones, where four toggle buttons do not fit beside the rest).
 */
export function CalendarToolbar({ label, onNavigate, onView, view }: ToolbarProps<CalendarEvent>) {
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true });
  const current: CalendarView = isCalendarView(view) ? view : 'month';
  const choose = (next: unknown) => {
    if (isCalendarView(next)) onView(next);
  };
  return (
    <Stack
      direction="row"
      useFlexGap
      spacing={1}
      sx={{ p: { xs: 1, sm: 1.5 }, alignItems: 'center', flexWrap: 'wrap' }}
    >
      <Button variant="outlined" size="small" onClick={() => onNavigate('TODAY')}>
        Today
      </Button>
      <Stack direction="row">
        <IconButton aria-label={`Previous ${STEP[current]}`} onClick={() => onNavigate('PREV')}>
          <ChevronLeftOutlined />
        </IconButton>
        <IconButton aria-label={`Next ${STEP[current]}`} onClick={() => onNavigate('NEXT')}>
          <ChevronRightOutlined />
        </IconButton>
      </Stack>
      <Typography
        component="h2"
        aria-live="polite"
        sx={{
          flex: 1,
          // On phones the period takes a line of its own, above the buttons.
          flexBasis: { xs: '100%', sm: 0 },
          order: { xs: -1, sm: 0 },
          minWidth: 0,
          px: { xs: 0.5, sm: 0 },
          fontSize: { xs: '1rem', sm: '1.15rem' },
          fontWeight: 600,
        }}
      >
        {label}
      </Typography>
      {phone ? (
        <TextField
          select
          size="small"
          label="View"
          value={current}
          onChange={(event) => choose(event.target.value)}
          sx={{ minWidth: 120, ml: 'auto' }}
        >
          {CALENDAR_VIEWS.map((v) => (
            <MenuItem key={v} value={v}>
              {VIEW_LABELS[v]}
            </MenuItem>
          ))}
        </TextField>
      ) : (
        <ToggleButtonGroup
          exclusive
          size="small"
          value={current}
          onChange={(_event, next) => choose(next)}
          aria-label="Calendar view"
        >
          {CALENDAR_VIEWS.map((v) => (
            <ToggleButton key={v} value={v}>
              {VIEW_LABELS[v]}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      )}
    </Stack>
  );
}
