import {
  FREQUENCIES,
  type TChannel,
  type TFrequency,
  type TNotificationType,
  type TOrganisationDefaults,
  type TPolicyState,
} from '@atrium/contract';

export const CHANNEL_LABELS: Record<TChannel, string> = { in_app: 'In-app', email: 'E-mail' };

export const FREQUENCY_LABELS: Record<TFrequency, string> = {
  immediately: 'Immediately',
  daily: 'Daily digest',
  weekly: 'Weekly digest',
  off: 'Off',
};

export const POLICY_LABELS: Record<TPolicyState, string> = {
  forced: 'Forced',
  optional: 'Optional',
  disabled: 'Disabled',
};

/** Digests are e-mail only: an in-app notification shows at once or not at all. */
export function frequenciesFor(channel: TChannel): readonly TFrequency[] {
  return channel === 'in_app' ? ['immediately', 'off'] : FREQUENCIES;
}

/** Why a user cannot change a channel, or null when they can. */
export function lockedReason(state: TPolicyState, frequency: TFrequency): string | null {
  if (state === 'forced') {
    return `Set by your organisation: ${FREQUENCY_LABELS[frequency].toLowerCase()}`;
  }
  if (state === 'disabled') return 'Turned off by your organisation';
  return null;
}

export type DefaultsSetting = { frequency: TFrequency; state: TPolicyState };
export type DefaultsKey = `${TNotificationType}:${TChannel}`;

/** The settings the admin changed and has not saved, in the shape the update takes. */
export function changedDefaults(
  saved: TOrganisationDefaults['defaults'],
  edits: Partial<Record<DefaultsKey, DefaultsSetting>>,
) {
  return saved.flatMap((d) => {
    const edit = edits[`${d.type}:${d.channel}`];
    if (!edit || (edit.frequency === d.frequency && edit.state === d.state)) return [];
    return [{ type: d.type, channel: d.channel, ...edit }];
  });
}
