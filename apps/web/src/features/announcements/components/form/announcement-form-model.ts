import type { announcementOps, TAnnouncement } from '@atrium/contract';
import type { BodyOf } from '../../../../shared/api/call.ts';
import { instantToLocal, localToInstant } from '../../announcement-format.ts';

/** The compose form's values: times as datetime-local values on the browser's clock. */
export interface AnnouncementFormValues {
  title: string;
  body: string;
  audienceMode: 'all' | 'groups';
  audience: {
    departments: number[];
    designations: number[];
    roles: number[];
    course: { id: number; title: string } | null;
    class: { id: number; name: string } | null;
  };
  when: 'now' | 'schedule';
  publish_at: string;
  /** '' : it never expires. */
  expires_at: string;
  pinned: boolean;
  must_acknowledge: boolean;
  send_email: boolean;
}

/** The fields the server's errors may name, as the form names them. */
export const ANNOUNCEMENT_FORM_FIELDS = [
  'title',
  'body',
  'audience',
  'audience.departments',
  'audience.designations',
  'audience.roles',
  'audience.course',
  'audience.class',
  'publish_at',
  'expires_at',
  'pinned',
  'must_acknowledge',
  'send_email',
] as const;

export const NO_AUDIENCE: AnnouncementFormValues['audience'] = {
  departments: [],
  designations: [],
  roles: [],
  course: null,
  class: null,
};

/** The form's starting values: the announcement's own, or a new one's defaults. */
export function formValuesOf(a: TAnnouncement | null): AnnouncementFormValues {
  if (!a) {
    return {
      title: '',
      body: '',
      audienceMode: 'all',
      audience: { ...NO_AUDIENCE },
      when: 'now',
      publish_at: '',
      expires_at: '',
      pinned: false,
      must_acknowledge: false,
      send_email: true,
    };
  }
  return {
    title: a.title,
    body: a.body,
    audienceMode: a.audience ? 'groups' : 'all',
    audience: a.audience
      ? {
          departments: [...a.audience.departments],
          designations: [...a.audience.designations],
          roles: [...a.audience.roles],
          course: a.audience.course,
          class: a.audience.class,
        }
      : { ...NO_AUDIENCE },
    when: a.state === 'scheduled' ? 'schedule' : 'now',
    publish_at: instantToLocal(a.publish_at),
    expires_at: instantToLocal(a.expires_at),
    pinned: a.pinned,
    must_acknowledge: a.must_acknowledge,
    send_email: a.send_email,
  };
}

/** What create takes; with the audience and publish time left out, what a change takes too. */
export type AnnouncementBody = BodyOf<typeof announcementOps.create>;

type Problems = Partial<Record<'publish_at' | 'expires_at' | 'audience', string>>;

/**
 * The API body of the form's values, or the problems found before sending. Local times become
 * instants of the browser's zone. Once it has gone out (`fixed`), the audience and publish time
 * are left out: the server refuses a change to them.
 */
export function announcementBodyOf(
  v: AnnouncementFormValues,
  { fixed = false, now = Date.now() }: { fixed?: boolean; now?: number } = {},
): { body: AnnouncementBody } | { problems: Problems } {
  const problems: Problems = {};
  const publishAt = v.when === 'schedule' ? localToInstant(v.publish_at) : null;
  const expiresAt = v.expires_at.trim() === '' ? null : localToInstant(v.expires_at);
  if (!fixed && v.when === 'schedule' && !publishAt) {
    problems.publish_at = 'Enter when it goes out.';
  } else if (!fixed && publishAt && Date.parse(publishAt) <= now) {
    problems.publish_at = 'Choose a time in the future, or publish it now.';
  }
  if (v.expires_at.trim() !== '' && !expiresAt)
    problems.expires_at = 'Enter a valid date and time.';
  const a = v.audience;
  const groups = a.departments.length + a.designations.length + a.roles.length;
  if (!fixed && v.audienceMode === 'groups' && groups === 0 && !a.course && !a.class) {
    problems.audience = 'Choose who it is for, or send it to the whole organisation.';
  }
  if (Object.keys(problems).length > 0) return { problems };
  const body: AnnouncementBody = {
    title: v.title.trim(),
    body: v.body,
    expires_at: expiresAt,
    pinned: v.pinned,
    must_acknowledge: v.must_acknowledge,
    send_email: v.send_email,
  };
  if (!fixed) {
    body.publish_at = publishAt;
    body.audience =
      v.audienceMode === 'all'
        ? null
        : {
            departments: a.departments,
            designations: a.designations,
            roles: a.roles,
            course: a.course?.id ?? null,
            class: a.class?.id ?? null,
          };
  }
  return { body };
}
