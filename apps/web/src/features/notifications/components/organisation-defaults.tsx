import {
  CHANNELS,
  POLICY_STATES,
  type TChannel,
  type TFrequency,
  type TNotificationType,
  type TPolicyState,
} from '@atrium/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type ReactNode, useId, useState } from 'react';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { SectionCard } from '../../../shared/ui/section-card.tsx';
import { useOrganisationDefaults, useUpdateOrganisationDefaults } from '../api/preferences.api.ts';
import {
  CHANNEL_LABELS,
  changedDefaults,
  type DefaultsKey,
  type DefaultsSetting,
  FREQUENCY_LABELS,
  frequenciesFor,
  POLICY_LABELS,
} from '../preferences.ts';

/**
 * The organisation's defaults per type and channel (Moodle's rules): forced delivers at this
 * frequency whatever users chose, optional lets them choose, disabled never delivers.
 */
export function OrganisationNotificationDefaults({ organisation }: { organisation?: number }) {
  const defaults = useOrganisationDefaults(organisation);
  const update = useUpdateOrganisationDefaults(organisation);
  const [edits, setEdits] = useState<Partial<Record<DefaultsKey, DefaultsSetting>>>({});
  const saved = defaults.data?.defaults ?? [];
  const changes = changedDefaults(saved, edits);
  const types = [...new Map(saved.map((d) => [d.type, d.label])).entries()];

  const setting = (type: TNotificationType, channel: TChannel): DefaultsSetting | undefined => {
    const d = saved.find((s) => s.type === type && s.channel === channel);
    return edits[`${type}:${channel}`] ?? (d && { frequency: d.frequency, state: d.state });
  };
  const edit = (type: TNotificationType, channel: TChannel, next: Partial<DefaultsSetting>) => {
    const current = setting(type, channel);
    if (current) setEdits((all) => ({ ...all, [`${type}:${channel}`]: { ...current, ...next } }));
  };

  return (
    <SectionCard
      title="Notification defaults"
      subtitle="What members receive unless they choose otherwise. Forced settings cannot be changed by members; disabled ones are never sent."
      busy={defaults.isPending}
      action={
        <Button
          variant="contained"
          disabled={changes.length === 0}
          loading={update.isPending}
          onClick={() => update.mutate(changes, { onSuccess: () => setEdits({}) })}
        >
          Save
        </Button>
      }
    >
      {defaults.isPending ? (
        <Stack spacing={1}>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} variant="rounded" height={56} />
          ))}
        </Stack>
      ) : defaults.isError ? (
        <Alert severity="error">{errorMessage(defaults.error)}</Alert>
      ) : (
        <Stack divider={<Box sx={{ borderTop: 1, borderColor: 'divider' }} />}>
          {types.map(([type, label]) => (
            <DefaultsRow key={type} label={label}>
              {CHANNELS.map((channel) => {
                const current = setting(type, channel);
                return current ? (
                  <ChannelDefaults
                    key={channel}
                    channel={channel}
                    setting={current}
                    onChange={(next) => edit(type, channel, next)}
                  />
                ) : null;
              })}
            </DefaultsRow>
          ))}
        </Stack>
      )}
    </SectionCard>
  );
}

function DefaultsRow({ label, children }: { label: string; children: ReactNode }) {
  const labelId = useId();
  return (
    <Box
      role="group"
      aria-labelledby={labelId}
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) minmax(0, 1.3fr) minmax(0, 1.3fr)' },
        gap: { xs: 1.5, md: 2 },
        py: 1.5,
      }}
    >
      <Typography id={labelId} variant="body2" sx={{ fontWeight: 500, pt: { md: 1 } }}>
        {label}
      </Typography>
      {children}
    </Box>
  );
}

function ChannelDefaults({
  channel,
  setting,
  onChange,
}: {
  channel: TChannel;
  setting: DefaultsSetting;
  onChange: (next: Partial<DefaultsSetting>) => void;
}) {
  const name = CHANNEL_LABELS[channel];
  return (
    <Stack direction="row" spacing={1}>
      <TextField
        select
        size="small"
        fullWidth
        label={name}
        value={setting.frequency}
        onChange={(event) => onChange({ frequency: event.target.value as TFrequency })}
      >
        {frequenciesFor(channel).map((f) => (
          <MenuItem key={f} value={f}>
            {FREQUENCY_LABELS[f]}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label={`${name} rule`}
        value={setting.state}
        onChange={(event) => onChange({ state: event.target.value as TPolicyState })}
        sx={{ minWidth: 124 }}
      >
        {POLICY_STATES.map((s) => (
          <MenuItem key={s} value={s}>
            {POLICY_LABELS[s]}
          </MenuItem>
        ))}
      </TextField>
    </Stack>
  );
}
