import type { TReportSource } from '@atrium/contract';
import type { AuthContext } from '../../core/auth/access.ts';
import type { AppContext } from '../../core/context.ts';
import { openDefinitionReport, openSavedReport } from './reports.builder.open.ts';
import type { TabularReport } from './reports.tabular.ts';
import { openWidgetReport } from './reports.widget-tables.ts';

/**
 * Opens any report (a §6 widget, a saved custom report, a definition) as a table for `auth`: the
 * one entry point of exports and scheduled e-mails. Each kind checks, as its own route does,
 * that `auth` may see it, and scopes the figures to what `auth` may see (never to the person who
 * saved or scheduled it).
 */
export function openReport(
  ctx: AppContext,
  auth: AuthContext,
  source: TReportSource,
): Promise<TabularReport> {
  switch (source.kind) {
    case 'widget':
      return openWidgetReport(ctx, auth, source.widget, source.query);
    case 'saved':
      return openSavedReport(ctx, auth, source.id);
    case 'definition':
      return openDefinitionReport(ctx, auth, source.definition);
  }
}
