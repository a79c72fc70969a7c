import { reportOps } from '@atrium/contract';

/**
 * The report journeys measure what an organisation of a million enrolments gets: dashboards
 * from summaries (apps/server reports.summary.ts). The server's own refresh job builds them
 * after start-up, as in production; the bench waits for it (GET /api/report/freshness/) rather
 * than building them itself, and says how long the first build took to land.
 */
export async function awaitReportSummaries(
  baseUrl: string,
  adminToken: string,
  timeoutMs = 300_000,
): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    const res = await fetch(new URL(reportOps.freshness.path, baseUrl), {
      headers: { authorization: `Token ${adminToken}` },
    });
    if (!res.ok) throw new Error(`${reportOps.freshness.path} answered ${res.status}`);
    const body = (await res.json()) as { summarised: boolean };
    if (body.summarised) return (Date.now() - started) / 1000;
    await new Promise((resolve) => setTimeout(resolve, 2000));
  }
  throw new Error(`The report summaries were not built within ${timeoutMs / 1000} s`);
}
