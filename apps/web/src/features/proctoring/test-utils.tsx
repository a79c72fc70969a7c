import {
  DEFAULT_PROCTORING_SETTINGS,
  ROLE,
  type TProctorDetail,
  type TProctorGridRow,
  type TProctoringFlag,
  type TProctoringSettings,
  ZProctorDetail,
  ZProctorGridRow,
  ZProctoringFlag,
  ZProctoringSettings,
} from '@atrium/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { RealtimeContext, type RealtimeHandler } from '../../shared/realtime/index.ts';
import { SessionContext, type SessionValue } from '../../shared/session/session-context.ts';

/* Test helpers of the proctoring screens (tests only): render with a fake stream, contract data. */

export function renderProctoring(
  routes: { path: string; element: ReactNode }[],
  { url, roleId = ROLE.TRAINER }: { url: string; roleId?: number },
) {
  const handlers = new Map<string, Set<RealtimeHandler>>();
  const realtime = {
    subscribe(type: string, handler: RealtimeHandler) {
      const set = handlers.get(type) ?? new Set();
      set.add(handler);
      handlers.set(type, set);
      return () => set.delete(handler);
    },
  };
  /** Delivers a realtime message as the stream would. */
  const emit = (type: string, data: unknown) => {
    for (const handler of handlers.get(type) ?? []) handler(data, { type, data });
  };
  const session = {
    token: 't',
    approved: true,
    permittedPaths: ['/assessment'],
    user: {
      id: 5,
      fullname: 'Tia Trainer',
      role: { id: roleId, name: 'Role' },
      membership: { organization: { id: 7, title: 'Org', acronym: 'O' } },
    },
    menu: [],
  } as unknown as SessionValue;
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([...routes, { path: '*', element: <p>Elsewhere</p> }], {
    initialEntries: [url],
  });
  return {
    router,
    emit,
    client,
    ...render(
      <QueryClientProvider client={client}>
        <SessionContext value={session}>
          <RealtimeContext value={realtime}>
            <RouterProvider router={router} />
          </RealtimeContext>
        </SessionContext>
      </QueryClientProvider>,
    ),
  };
}

export const page = <T,>(results: T[], count = results.length) => ({
  count,
  next: null,
  previous: null,
  results,
});

const RECENT = new Date(Date.now() - 5_000).toISOString();

export function makeRow(over: Partial<TProctorGridRow> = {}): TProctorGridRow {
  return ZProctorGridRow.parse({
    session: 9,
    attempt: 90,
    learner: { id: 31, name: 'Ann Able', email: 'ann@example.com' },
    group: { id: 3, name: 'Sales' },
    status: 'monitoring',
    last_seen_at: RECENT,
    thumbnail_url: '/api/proctor/evidence/500/',
    flags: { total: 3, pending: 2, confirmed: 1, dismissed: 0 },
    over_budget: false,
    outcome: null,
    ...over,
  });
}

export const evidence = (
  id: number,
  kind: 'frame' | 'clip' | 'identity' | 'id_document' = 'frame',
  over: object = {},
) => ({
  id,
  kind,
  size: 20_480,
  content_type: kind === 'clip' ? 'video/webm' : 'image/jpeg',
  url: `/api/proctor/evidence/${id}/`,
  created_at: '2026-03-01T10:05:00.000Z',
  ...over,
});

export function makeFlag(over: Partial<TProctoringFlag> = {}): TProctoringFlag {
  return ZProctoringFlag.parse({
    id: 71,
    type: 'looking_away',
    occurred_at: '2026-03-01T10:05:00.000Z',
    confidence: 0.82,
    detail: 'Looked left for 7 s',
    decision: 'pending',
    comment: '',
    decided_by: null,
    decided_at: null,
    evidence: [evidence(201), evidence(202, 'clip')],
    ...over,
  });
}

export function makeDetail(over: Partial<TProctorDetail> = {}): TProctorDetail {
  return ZProctorDetail.parse({
    session: 9,
    attempt: 90,
    assessment: { id: 1, uuid: 'a1', title: 'Fire safety' },
    learner: { id: 31, name: 'Ann Able', email: 'ann@example.com' },
    status: 'monitoring',
    mode: 'live',
    started_at: '2026-03-01T10:00:00.000Z',
    last_seen_at: RECENT,
    identity: {
      check: 'photo_match',
      similarity: 0.91,
      profile_photo_url: null,
      evidence: [evidence(101, 'identity')],
    },
    flags: [
      makeFlag(),
      makeFlag({
        id: 72,
        type: 'phone',
        occurred_at: '2026-03-01T10:09:00.000Z',
        confidence: 0.64,
        detail: '',
        evidence: [evidence(203)],
      }),
    ],
    timeline: [
      { at: '2026-03-01T10:00:00.000Z', kind: 'started', text: '', flag: null },
      { at: '2026-03-01T10:01:00.000Z', kind: 'identity', text: 'Similarity 91 %', flag: null },
      { at: '2026-03-01T10:05:00.000Z', kind: 'flag', text: 'Looking away', flag: 71 },
      { at: '2026-03-01T10:07:00.000Z', kind: 'lost', text: 'No heartbeat for 45 s', flag: null },
    ],
    outcome: null,
    outcome_comment: '',
    decided_by: null,
    decided_at: null,
    abilities: { decide: true, message: true },
    ...over,
  });
}

export function makeSettings(over: Partial<TProctoringSettings> = {}): TProctoringSettings {
  return ZProctoringSettings.parse({
    assessment: 1,
    proctored: true,
    ...DEFAULT_PROCTORING_SETTINGS,
    signals: [...DEFAULT_PROCTORING_SETTINGS.signals],
    ...over,
  });
}
