import {
  CHANNELS,
  type TChannel,
  type TFrequency,
  type TNotificationType,
  type TPreferences,
} from '@atrium/contract';
import LockOutlined from '@mui/icons-material/LockOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import ListSubheader from '@mui/material/ListSubheader';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { SectionCard } from '../../../shared/ui/section-card.tsx';
import { usePreferences, useUpdatePreferences } from '../api/preferences.api.ts';
import { CHANNEL_LABELS, FREQUENCY_LABELS, frequenciesFor, lockedReason } from '../preferences.ts';

const DEFAULT = 'default';

/**
 * The caller's delivery choices: one row per type, a frequency per channel. Channels the
 * organisation forces or turned off are shown disabled with the reason; each change saves at once.
 */
export function NotificationPreferencesCard() {
  const preferences = usePreferences();
  const update = useUpdatePreferences();

  return (
    <SectionCard
      title="Notification preferences"
      subtitle="How you hear about each kind of notification, in the app and by e-mail."
      busy={preferences.isPending}
    >
      {preferences.isPending ? (
        <Stack spacing={1}>
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} variant="rounded" height={44} />
          ))}
        </Stack>
      ) : preferences.isError ? (
        <Alert severity="error">{errorMessage(preferences.error)}</Alert>
      ) : (
        <Stack divider={<Box sx={{ borderTop: 1, borderColor: 'divider' }} />}>
          {preferences.data.types.map((row) => (
            <PreferenceRow
              key={row.type}
              row={row}
              onChange={(channel, frequency) =>
                update.mutate([{ type: row.type, channel, frequency }])
              }
            />
          ))}
        </Stack>
      )}
    </SectionCard>
  );
}

function PreferenceRow({
  row,
  onChange,
}: {
  row: TPreferences['types'][number];
  onChange: (channel: TChannel, frequency: TFrequency | null) => void;
}) {
  const labelId = useId();
  return (
    <Box
      role="group"
      aria-labelledby={labelId}
      sx={{
        display: 'grid',
        // Two selects side by side cut 'Default (weekly digest)' on a phone: they stack there.
        gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'minmax(0, 1.4fr) 1fr 1fr' },
        gap: { xs: 1.5, md: 2 },
        alignItems: 'start',
        py: 1.5,
      }}
    >
      <Typography
        id={labelId}
        variant="body2"
        sx={{ gridColumn: { xs: '1 / -1', md: 'auto' }, fontWeight: 500, pt: { md: 1 } }}
      >
        {row.label}
      </Typography>
      {CHANNELS.map((channel) => (
        <ChannelSelect
          key={channel}
          type={row.type}
          channel={channel}
          preference={row.channels[channel]}
          onChange={(frequency) => onChange(channel, frequency)}
        />
      ))}
    </Box>
  );
}

function ChannelSelect({
  type,
  channel,
  preference,
  onChange,
}: {
  type: TNotificationType;
  channel: TChannel;
  preference: TPreferences['types'][number]['channels'][TChannel];
  onChange: (frequency: TFrequency | null) => void;
}) {
  const reason = lockedReason(preference.state, preference.frequency);
  const value = preference.customised ? preference.frequency : DEFAULT;
  return (
    <TextField
      select
      size="small"
      fullWidth
      label={CHANNEL_LABELS[channel]}
      value={reason ? preference.frequency : value}
      disabled={reason !== null}
      onChange={(event) =>
        onChange(event.target.value === DEFAULT ? null : (event.target.value as TFrequency))
      }
      helperText={
        reason ? (
          <Stack component="span" direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
            <LockOutlined sx={{ fontSize: 14 }} aria-hidden />
            <span>{reason}</span>
          </Stack>
        ) : undefined
      }
      slotProps={{ htmlInput: { 'data-type': type, 'data-channel': channel } }}
    >
      {reason ? (
        <MenuItem value={preference.frequency}>{FREQUENCY_LABELS[preference.frequency]}</MenuItem>
      ) : (
        [
          <MenuItem key={DEFAULT} value={DEFAULT}>
            Default ({FREQUENCY_LABELS[preference.default].toLowerCase()})
          </MenuItem>,
          <ListSubheader key="choose" sx={{ lineHeight: 2.5 }}>
            Your choice
          </ListSubheader>,
          ...frequenciesFor(channel).map((frequency) => (
            <MenuItem key={frequency} value={frequency}>
              {FREQUENCY_LABELS[frequency]}
            </MenuItem>
          )),
        ]
      )}
    </TextField>
  );
}
