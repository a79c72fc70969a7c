/* The public surface of this feature: app/ and other features import nothing else (biome.json). */

/** The Export menu (CSV / XLSX / PDF) for any report source, e.g. the saved-report view. */
export { ExportMenu } from './components/export-menu.tsx';

/** The route '/reports'. */
export const reportsPages = {
  reports: () => import('./pages/reports.page.tsx'),
  downloadReport: () => import('./pages/download-report.page.tsx'),
  downloads: () => import('./pages/downloads.page.tsx'),
  schedules: () => import('./pages/schedules.page.tsx'),
  customReports: () => import('./pages/custom-reports.page.tsx'),
  customReport: () => import('./pages/custom-report.page.tsx'),
};

/** The report-section switches of a user, for the users slice's permission screen (issue 22 §6). */
export { ReportSectionsSwitches } from './components/builder/report-sections-switches.tsx';
