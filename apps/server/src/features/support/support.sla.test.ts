import { describe, expect, it } from 'vitest';
import { dueTimes, nextDue, SLA_TARGETS, slaOf } from './support.sla.ts';

const opened = new Date('2026-03-02T09:00:00Z');
const at = (iso: string) => new Date(iso);

describe('support SLA', () => {
  it('computes due times per priority from the opening time', () => {
    expect(dueTimes('urgent', opened)).toEqual({
      firstResponseDueAt: at('2026-03-02T10:00:00Z'),
      resolutionDueAt: at('2026-03-02T17:00:00Z'),
    });
    expect(dueTimes('low', opened)).toEqual({
      firstResponseDueAt: at('2026-03-03T09:00:00Z'),
      resolutionDueAt: at('2026-03-07T09:00:00Z'),
    });
    // Every priority answers before it must resolve.
    for (const t of Object.values(SLA_TARGETS))
      expect(t.firstResponseMs).toBeLessThan(t.resolutionMs);
  });

  const urgent = {
    status: 'open',
    ...dueTimes('urgent', opened),
    firstRespondedAt: null,
    resolvedAt: null,
  };

  it('is due for a first response, then for resolution, then nothing', () => {
    expect(nextDue(urgent)).toEqual(at('2026-03-02T10:00:00Z'));
    expect(nextDue({ ...urgent, firstRespondedAt: at('2026-03-02T09:30:00Z') })).toEqual(
      at('2026-03-02T17:00:00Z'),
    );
    expect(
      nextDue({ ...urgent, status: 'resolved', resolvedAt: at('2026-03-02T12:00:00Z') }),
    ).toBeNull();
  });

  it('warns within two hours, then breaches once past due', () => {
    const early = slaOf(urgent, at('2026-03-02T09:05:00Z'));
    expect(early).toMatchObject({
      breached: false,
      breaching_soon: true,
      due_at: '2026-03-02T10:00:00.000Z',
    });
    const low = { ...urgent, ...dueTimes('low', opened) };
    expect(slaOf(low, at('2026-03-02T09:05:00Z'))).toMatchObject({
      breached: false,
      breaching_soon: false,
    });
    expect(slaOf(urgent, at('2026-03-02T10:00:01Z'))).toMatchObject({
      breached: true,
      breaching_soon: false,
    });
  });

  it('keeps a late first response as a breach once answered', () => {
    const late = { ...urgent, firstRespondedAt: at('2026-03-02T11:00:00Z') };
    expect(slaOf(late, at('2026-03-02T11:05:00Z')).breached).toBe(true);
    const inTime = { ...urgent, firstRespondedAt: at('2026-03-02T09:59:00Z') };
    expect(slaOf(inTime, at('2026-03-02T11:05:00Z'))).toMatchObject({
      breached: false,
      due_at: '2026-03-02T17:00:00.000Z',
    });
  });

  it('a ticket resolved in time is neither breached nor due', () => {
    const resolved = {
      ...urgent,
      status: 'resolved',
      firstRespondedAt: at('2026-03-02T09:10:00Z'),
      resolvedAt: at('2026-03-02T12:00:00Z'),
    };
    expect(slaOf(resolved, at('2026-03-05T00:00:00Z'))).toMatchObject({
      breached: false,
      breaching_soon: false,
      due_at: null,
    });
  });
});
