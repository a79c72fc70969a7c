import { describe, expect, it } from 'vitest';
import { makeAnnouncement } from '../../test-announcements.ts';
import { announcementBodyOf, formValuesOf } from './announcement-form-model.ts';

const NOW = new Date(2026, 5, 1, 12, 0).getTime();
const fresh = () => ({ ...formValuesOf(null), title: ' Drill ', body: '<p>Go</p>' });

describe('announcementBodyOf', () => {
  it('sends a new one to everyone now, by e-mail too', () => {
    expect(announcementBodyOf(fresh(), { now: NOW })).toEqual({
      body: {
        title: 'Drill',
        body: '<p>Go</p>',
        audience: null,
        publish_at: null,
        expires_at: null,
        pinned: false,
        must_acknowledge: false,
        send_email: true,
      },
    });
  });

  it.each([
    [
      '2026-06-02T09:00',
      { body: expect.objectContaining({ publish_at: new Date(2026, 5, 2, 9).toISOString() }) },
    ],
    [
      '2026-05-30T09:00',
      { problems: { publish_at: 'Choose a time in the future, or publish it now.' } },
    ],
    ['', { problems: { publish_at: 'Enter when it goes out.' } }],
  ])('schedules at %j', (local, expected) => {
    const v = { ...fresh(), when: 'schedule' as const, publish_at: local };
    expect(announcementBodyOf(v, { now: NOW })).toEqual(expected);
  });

  it('sends the chosen groups, the course and the class as ids', () => {
    const v = {
      ...fresh(),
      audienceMode: 'groups' as const,
      audience: {
        departments: [1],
        designations: [],
        roles: [4],
        course: { id: 5, title: 'Safe lifting' },
        class: null,
      },
    };
    const built = announcementBodyOf(v, { now: NOW });
    expect('body' in built && built.body.audience).toEqual({
      departments: [1],
      designations: [],
      roles: [4],
      course: 5,
      class: null,
    });
  });

  it('asks for an audience when groups are chosen but none picked', () => {
    const v = { ...fresh(), audienceMode: 'groups' as const };
    expect(announcementBodyOf(v, { now: NOW })).toEqual({
      problems: { audience: 'Choose who it is for, or send it to the whole organisation.' },
    });
  });

  it('leaves the audience and publish time out once it has gone out', () => {
    const values = formValuesOf(makeAnnouncement({ audience: null, pinned: true }));
    const built = announcementBodyOf({ ...values, title: 'Changed' }, { fixed: true, now: NOW });
    expect('body' in built && built.body).toEqual({
      title: 'Changed',
      body: values.body,
      expires_at: null,
      pinned: true,
      must_acknowledge: false,
      send_email: true,
    });
  });
});
