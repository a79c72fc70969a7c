import type { AppModule } from '../../core/module.ts';
import { calendarMatrix } from './calendar.matrix.ts';
import { registerCalendarRoutes } from './calendar.routes.ts';

/**
 * The calendar (issue 19): one calendar of the dated items every slice provides through its
 * module's `calendar` (core/calendar-provider.ts), filtered by kind, counted for dashboards, and
 * a private iCalendar feed that Outlook and Google subscribe to.
 */
export const calendarModule: AppModule = {
  name: 'calendar',
  routes: registerCalendarRoutes,
  matrix: calendarMatrix,
};
