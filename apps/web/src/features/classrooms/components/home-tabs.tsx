import type { ComponentType } from 'react';
import { ClassroomCalendar } from './classroom-calendar.tsx';
import { ClassroomDashboard } from './dashboard/classroom-dashboard.tsx';
import { MySessions } from './my-sessions.tsx';
import { MyAttendance } from './reports/learner-report.tsx';

/** The home page's tabs beyond the classroom lists: who sees each, and what it shows. */
export interface HomeTab {
  key: 'sessions' | 'attendance' | 'dashboard' | 'calendar';
  staff: boolean;
  learner: boolean;
  Panel: ComponentType;
}

export const HOME_EXTRA_TABS: HomeTab[] = [
  { key: 'sessions', staff: false, learner: true, Panel: MySessions },
  { key: 'attendance', staff: false, learner: true, Panel: MyAttendance },
  { key: 'dashboard', staff: true, learner: false, Panel: ClassroomDashboard },
  { key: 'calendar', staff: true, learner: true, Panel: ClassroomCalendar },
];
