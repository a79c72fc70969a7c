import type { TMeetingProvider, TMeetingSettings } from '@atrium/contract';
import KeyOutlined from '@mui/icons-material/KeyOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { ApiError, errorMessage } from '../../../shared/api/api-error.ts';
import { FooterButton, FormFooter } from '../../../shared/forms/form-footer.tsx';
import { FormDialog } from '../../../shared/ui/form-dialog.tsx';
import { useMeetingSettings, useSaveMeetingSettings } from '../api/meetings.api.ts';
import { CLASSROOM_MESSAGES } from '../labels.ts';

const PROVIDERS: Record<TMeetingProvider, { label: string; help: string; url: string }> = {
  jitsi: {
    label: 'Jitsi Meet',
    help: 'The Jitsi server’s address, e.g. https://meet.jit.si. For a server with JWT authentication, add its app id and the secret its tokens are signed with.',
    url: 'Server address',
  },
  bbb: {
    label: 'BigBlueButton',
    help: 'The API endpoint of the server (ending in /bigbluebutton/api) and its shared secret (bbb-conf --secret prints both).',
    url: 'API endpoint',
  },
};

const FIELDS = ['provider', 'base_url', 'app_id', 'secret'];

/** What happens to the stored secret on save: kept, replaced by what is typed, or removed. */
type SecretChange = 'keep' | 'replace' | 'remove';

/**
 * The organisation's meeting provider, for its admins: Jitsi Meet or BigBlueButton, the server's
 * address, Jitsi's app id, and the secret. The secret is write-only: the server only says
 * whether one is set, and it is replaced or removed, never shown.
 */
export function MeetingSettingsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <FormDialog open={open} onClose={onClose} title="Meeting settings">
      {open && <SettingsLoader onClose={onClose} />}
    </FormDialog>
  );
}

function SettingsLoader({ onClose }: { onClose: () => void }) {
  const settings = useMeetingSettings();
  if (settings.isError) {
    return (
      <Stack spacing={2}>
        <Alert severity="error">
          {errorMessage(settings.error, CLASSROOM_MESSAGES.detailFailed)}
        </Alert>
        <Stack direction="row" sx={{ justifyContent: 'flex-end', pb: 1 }}>
          <FooterButton onClick={onClose}>Close</FooterButton>
        </Stack>
      </Stack>
    );
  }
  if (!settings.data) {
    return (
      <Stack spacing={2} aria-busy>
        <Skeleton variant="rounded" height={40} />
        <Skeleton variant="rounded" height={56} />
        <Skeleton variant="rounded" height={56} />
      </Stack>
    );
  }
  return <SettingsForm settings={settings.data} onClose={onClose} />;
}

function SettingsForm({ settings, onClose }: { settings: TMeetingSettings; onClose: () => void }) {
  const [provider, setProvider] = useState<TMeetingProvider>(settings.provider);
  const [baseUrl, setBaseUrl] = useState(settings.base_url);
  const [appId, setAppId] = useState(settings.app_id);
  const [change, setChange] = useState<SecretChange>(settings.has_secret ? 'keep' : 'replace');
  const [secret, setSecret] = useState('');
  const save = useSaveMeetingSettings();
  const providerLabel = useId();
  const error = save.error;
  const fieldError = (name: string) =>
    error instanceof ApiError ? error.fieldErrors[name]?.join(' ') : undefined;
  const jitsi = provider === 'jitsi';
  // The server's message repeats a lone field error: say it once, under its field.
  const onFields = FIELDS.flatMap((name) => fieldError(name) ?? []);
  const message = error ? errorMessage(error) : null;

  // Left out keeps the stored secret; null removes it; an empty replacement keeps it too.
  const secretBody = (): string | null | undefined => {
    if (change === 'remove') return null;
    if (change === 'replace' && secret !== '') return secret;
    return undefined;
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(
          { provider, base_url: baseUrl, app_id: jitsi ? appId : '', secret: secretBody() },
          { onSuccess: onClose },
        );
      }}
    >
      <Stack spacing={2.5}>
        {message && !onFields.includes(message) && <Alert severity="error">{message}</Alert>}
        {!settings.configured && (
          <Alert severity="info">
            Not set up yet: sessions meet on the public Jitsi server, without tokens.
          </Alert>
        )}
        <FormControl error={Boolean(fieldError('provider'))}>
          <FormLabel id={providerLabel}>Provider</FormLabel>
          <RadioGroup
            row
            aria-labelledby={providerLabel}
            value={provider}
            onChange={(event) => setProvider(event.target.value as TMeetingProvider)}
          >
            {(Object.keys(PROVIDERS) as TMeetingProvider[]).map((p) => (
              <FormControlLabel key={p} value={p} control={<Radio />} label={PROVIDERS[p].label} />
            ))}
          </RadioGroup>
          <FormHelperText sx={{ mx: 0 }}>
            {fieldError('provider') ?? PROVIDERS[provider].help}
          </FormHelperText>
        </FormControl>
        <TextField
          label={PROVIDERS[provider].url}
          required
          type="url"
          value={baseUrl}
          onChange={(event) => setBaseUrl(event.target.value)}
          placeholder={
            jitsi ? 'https://meet.example.org' : 'https://bbb.example.org/bigbluebutton/api'
          }
          error={Boolean(fieldError('base_url'))}
          helperText={fieldError('base_url')}
          slotProps={{ htmlInput: { spellCheck: false, autoComplete: 'off' } }}
        />
        {jitsi && (
          <TextField
            label="App id"
            value={appId}
            onChange={(event) => setAppId(event.target.value)}
            error={Boolean(fieldError('app_id'))}
            helperText={fieldError('app_id') ?? 'Only for a server with JWT authentication.'}
            slotProps={{ htmlInput: { spellCheck: false, autoComplete: 'off' } }}
          />
        )}
        <SecretField
          hasSecret={settings.has_secret}
          required={!jitsi}
          change={change}
          secret={secret}
          error={fieldError('secret')}
          onChange={(next, value = '') => {
            setChange(next);
            setSecret(value);
          }}
        />
        <FormFooter
          submitLabel="Save"
          busy={save.isPending}
          secondary={<FooterButton onClick={onClose}>Cancel</FooterButton>}
        />
      </Stack>
    </form>
  );
}

/** The write-only secret: "A secret is set" with Replace and Remove, or a field for a new one. */
function SecretField({
  hasSecret,
  required,
  change,
  secret,
  error,
  onChange,
}: {
  hasSecret: boolean;
  required: boolean;
  change: SecretChange;
  secret: string;
  error: string | undefined;
  onChange: (change: SecretChange, value?: string) => void;
}) {
  const label = required ? 'Shared secret' : 'Secret';
  if (hasSecret && change !== 'replace') {
    const removing = change === 'remove';
    return (
      <Box>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          sx={{
            alignItems: { sm: 'center' },
            p: 1.5,
            border: 1,
            borderColor: error ? 'error.main' : 'divider',
            borderRadius: 1,
          }}
        >
          <Stack direction="row" spacing={1} sx={{ flex: 1, alignItems: 'center' }}>
            <KeyOutlined fontSize="small" color={removing ? 'disabled' : 'action'} />
            <Typography role="status">
              {removing ? 'The secret is removed when you save.' : 'A secret is set.'}
            </Typography>
          </Stack>
          <Stack direction="row" spacing={1}>
            {removing ? (
              <Button size="small" onClick={() => onChange('keep')}>
                Keep it
              </Button>
            ) : (
              <>
                <Button size="small" variant="outlined" onClick={() => onChange('replace')}>
                  Replace
                </Button>
                <Button size="small" color="error" onClick={() => onChange('remove')}>
                  Remove
                </Button>
              </>
            )}
          </Stack>
        </Stack>
        {error && (
          <Typography variant="caption" role="alert" sx={{ color: 'error.main', ml: 1.75 }}>
            {error}
          </Typography>
        )}
      </Box>
    );
  }
  return (
    <Stack spacing={0.5}>
      <TextField
        label={hasSecret ? `New ${label.toLowerCase()}` : label}
        type="password"
        required={required}
        value={secret}
        onChange={(event) => onChange('replace', event.target.value)}
        error={Boolean(error)}
        helperText={error ?? 'Stored sealed; it is never shown again.'}
        autoFocus={hasSecret}
        slotProps={{ htmlInput: { autoComplete: 'new-password' } }}
      />
      {hasSecret && (
        <Button size="small" onClick={() => onChange('keep')} sx={{ alignSelf: 'flex-start' }}>
          Keep the current secret
        </Button>
      )}
    </Stack>
  );
}
