import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';

/* The proctoring settings' fields: each choice with the one line that says what it does. */

function Described({ label, explanation }: { label: string; explanation: string }) {
  return (
    <Box sx={{ py: 0.75 }}>
      <Typography variant="body2" sx={{ fontWeight: 500 }}>
        {label}
      </Typography>
      <Typography variant="caption" sx={{ color: 'text.secondary', display: 'block' }}>
        {explanation}
      </Typography>
    </Box>
  );
}

const describedControl = { alignItems: 'flex-start', mr: 0, '& .MuiButtonBase-root': { mt: 0.25 } };

export function ChoiceGroup<V extends string>({
  label,
  value,
  options,
  onChange,
  disabled,
  error,
}: {
  label: string;
  value: V;
  options: { value: V; label: string; explanation: string }[];
  onChange: (value: V) => void;
  disabled: boolean;
  error?: string;
}) {
  return (
    <FormControl component="fieldset" error={Boolean(error)} disabled={disabled}>
      <FormLabel component="legend">{label}</FormLabel>
      <RadioGroup value={value} onChange={(event) => onChange(event.target.value as V)}>
        {options.map((o) => (
          <FormControlLabel
            key={o.value}
            value={o.value}
            control={<Radio />}
            label={<Described label={o.label} explanation={o.explanation} />}
            sx={describedControl}
          />
        ))}
      </RadioGroup>
      {error && <FormHelperText>{error}</FormHelperText>}
    </FormControl>
  );
}

export function SignalChecklist<V extends string>({
  value,
  options,
  onChange,
  disabled,
  error,
}: {
  value: V[];
  options: { value: V; label: string; explanation: string }[];
  onChange: (value: V[]) => void;
  disabled: boolean;
  error?: string;
}) {
  return (
    <FormControl component="fieldset" error={Boolean(error)} disabled={disabled}>
      <FormLabel component="legend">What raises a flag</FormLabel>
      <FormHelperText sx={{ mx: 0 }}>
        A flag is only a question for a proctor: nothing is penalised without their decision.
      </FormHelperText>
      <FormGroup
        sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, columnGap: 3 }}
      >
        {options.map((o) => (
          <FormControlLabel
            key={o.value}
            control={
              <Checkbox
                checked={value.includes(o.value)}
                onChange={(event) =>
                  onChange(
                    event.target.checked ? [...value, o.value] : value.filter((v) => v !== o.value),
                  )
                }
              />
            }
            label={<Described label={o.label} explanation={o.explanation} />}
            sx={describedControl}
          />
        ))}
      </FormGroup>
      {error && <FormHelperText>{error}</FormHelperText>}
    </FormControl>
  );
}

export function NumberField({
  label,
  value,
  onChange,
  helper,
  error,
  disabled,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  helper: string;
  error?: string;
  disabled: boolean;
}) {
  return (
    <TextField
      type="number"
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={Boolean(error)}
      helperText={error ?? helper}
      disabled={disabled}
      fullWidth
      slotProps={{ htmlInput: { inputMode: 'numeric', min: 0 } }}
    />
  );
}

/** Auto-submit acts without a person: only admins may switch it, and it says so plainly. */
export function AutoSubmitField({
  checked,
  onChange,
  admin,
  disabled,
  error,
}: {
  checked: boolean;
  onChange: (on: boolean) => void;
  admin: boolean;
  disabled: boolean;
  error?: string;
}) {
  return (
    <FormControl error={Boolean(error)}>
      <FormControlLabel
        control={
          <Switch
            checked={checked}
            disabled={disabled || !admin}
            onChange={(event) => onChange(event.target.checked)}
          />
        }
        label="Submit the attempt when the violation budget is exceeded"
      />
      <FormHelperText sx={{ mx: 0 }}>
        {error ??
          (admin
            ? 'Off by default. Proctors still decide the outcome afterwards.'
            : 'Only an administrator can change this.')}
      </FormHelperText>
      {checked && (
        <Alert severity="warning" sx={{ mt: 1 }}>
          Auto-submit ends a learner’s attempt before any person has looked at the flags. Detection
          makes mistakes (see the false-flag rates on the live grid): use it only where ending an
          attempt early is acceptable.
        </Alert>
      )}
    </FormControl>
  );
}
