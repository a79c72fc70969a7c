import { type TLtiTool, type TLtiToolInput, ZLtiToolInput } from '@atrium/contract';
import Alert from '@mui/material/Alert';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { fieldProps } from '../../../shared/forms/form-fields.tsx';
import { FooterButton, FormFooter } from '../../../shared/forms/form-footer.tsx';
import { applyServerErrors } from '../../../shared/forms/server-errors.ts';
import { FormDialog } from '../../../shared/ui/form-dialog.tsx';
import { useCreateTool, useUpdateTool } from '../api/lti.api.ts';

interface Values {
  name: string;
  deployment_id: string;
  login_url: string;
  launch_url: string;
  deep_linking_url: string;
  key_kind: 'jwks' | 'key';
  jwks_url: string;
  public_key: string;
  share_name: boolean;
  share_email: boolean;
  custom: string;
}
const FIELDS = [
  'name',
  'deployment_id',
  'login_url',
  'launch_url',
  'deep_linking_url',
  'jwks_url',
  'public_key',
  'custom',
] as const;

/** `key=value` lines ⇄ the custom parameters object. */
export function parseCustom(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const at = line.indexOf('=');
    if (line.trim() === '') continue;
    if (at < 1) out[line.trim()] = '';
    else out[line.slice(0, at).trim()] = line.slice(at + 1).trim();
  }
  return out;
}
const customText = (custom: Record<string, string>) =>
  Object.entries(custom)
    .map(([k, v]) => `${k}=${v}`)
    .join('\n');

function toBody(v: Values): TLtiToolInput {
  return {
    name: v.name,
    deployment_id: v.deployment_id,
    login_url: v.login_url,
    launch_url: v.launch_url,
    deep_linking_url: v.deep_linking_url.trim() || null,
    jwks_url: v.key_kind === 'jwks' ? v.jwks_url.trim() || null : null,
    public_key: v.key_kind === 'key' ? v.public_key.trim() || null : null,
    share_name: v.share_name,
    share_email: v.share_email,
    custom: parseCustom(v.custom),
  };
}

/** Registering a tool (Atrium then gives it a client id) or changing a registered one. */
export function ToolDialog({
  tool,
  onClose,
  onSaved,
}: {
  /** The tool to change; undefined to register one. */
  tool?: TLtiTool;
  onClose: () => void;
  onSaved: (tool: TLtiTool) => void;
}) {
  const create = useCreateTool();
  const update = useUpdateTool();
  const [formError, setFormError] = useState<string | null>(null);
  const { register, handleSubmit, formState, setError, control, watch } = useForm<Values>({
    defaultValues: {
      name: tool?.name ?? '',
      deployment_id: tool?.deployment_id ?? '1',
      login_url: tool?.login_url ?? '',
      launch_url: tool?.launch_url ?? '',
      deep_linking_url: tool?.deep_linking_url ?? '',
      key_kind: tool?.public_key ? 'key' : 'jwks',
      jwks_url: tool?.jwks_url ?? '',
      public_key: tool?.public_key ?? '',
      share_name: tool?.share_name ?? true,
      share_email: tool?.share_email ?? false,
      custom: customText(tool?.custom ?? {}),
    },
  });
  const keyKind = watch('key_kind');

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    const body = toBody(values);
    // The contract's own rules first, so mistakes show under their fields without a round trip.
    const checked = ZLtiToolInput.safeParse(body);
    if (!checked.success) {
      for (const issue of checked.error.issues) {
        const field = String(issue.path[0] ?? '');
        const known = FIELDS.find((f) => f === field);
        if (known) setError(known, { type: 'client', message: issue.message });
        else setFormError(issue.message);
      }
      return;
    }
    try {
      onSaved(
        tool ? await update.mutateAsync({ id: tool.id, body }) : await create.mutateAsync(body),
      );
    } catch (error) {
      setFormError(applyServerErrors(error, setError, FIELDS));
    }
  });

  const e = formState.errors;
  return (
    <FormDialog open title={tool ? `Edit ${tool.name}` : 'Register an LTI tool'} onClose={onClose}>
      <Stack component="form" noValidate onSubmit={onSubmit} spacing={2} aria-label="LTI tool">
        {formError && <Alert severity="error">{formError}</Alert>}
        <TextField label="Name" required fullWidth {...fieldProps(register('name'), e.name)} />
        <TextField
          label="Deployment id"
          required
          fullWidth
          {...fieldProps(register('deployment_id'), e.deployment_id)}
          helperText={e.deployment_id?.message ?? 'The deployment id you give the tool.'}
        />
        <TextField
          label="OIDC login initiation URL"
          required
          fullWidth
          placeholder="https://tool.example.com/login"
          {...fieldProps(register('login_url'), e.login_url)}
        />
        <TextField
          label="Target launch URL"
          required
          fullWidth
          placeholder="https://tool.example.com/launch"
          {...fieldProps(register('launch_url'), e.launch_url)}
        />
        <TextField
          label="Deep linking URL"
          fullWidth
          {...fieldProps(register('deep_linking_url'), e.deep_linking_url)}
          helperText={
            e.deep_linking_url?.message ??
            'Optional: lets course authors pick the tool’s content for a module.'
          }
        />
        <Controller
          control={control}
          name="key_kind"
          render={({ field }) => (
            <FormControl>
              <FormLabel id="lti-key-kind">The tool’s public key</FormLabel>
              <RadioGroup row aria-labelledby="lti-key-kind" {...field}>
                <FormControlLabel value="jwks" control={<Radio />} label="JWKS URL" />
                <FormControlLabel value="key" control={<Radio />} label="Public key (PEM or JWK)" />
              </RadioGroup>
            </FormControl>
          )}
        />
        {keyKind === 'jwks' ? (
          <TextField
            label="JWKS URL"
            fullWidth
            placeholder="https://tool.example.com/keys"
            {...fieldProps(register('jwks_url'), e.jwks_url)}
          />
        ) : (
          <TextField
            label="Public key"
            fullWidth
            multiline
            minRows={4}
            slotProps={{ htmlInput: { style: { fontFamily: 'monospace' } } }}
            {...fieldProps(register('public_key'), e.public_key)}
          />
        )}
        <Stack>
          <FormLabel component="span">Privacy: what launches tell the tool</FormLabel>
          <Controller
            control={control}
            name="share_name"
            render={({ field }) => (
              <FormControlLabel
                control={<Switch checked={field.value} onChange={(_e, v) => field.onChange(v)} />}
                label="The person’s name"
              />
            )}
          />
          <Controller
            control={control}
            name="share_email"
            render={({ field }) => (
              <FormControlLabel
                control={<Switch checked={field.value} onChange={(_e, v) => field.onChange(v)} />}
                label="The person’s e-mail address"
              />
            )}
          />
        </Stack>
        <TextField
          label="Custom parameters"
          fullWidth
          multiline
          minRows={2}
          placeholder="course_code=ABC"
          {...fieldProps(register('custom'), e.custom)}
          helperText={e.custom?.message ?? 'One key=value per line, sent with every launch.'}
        />
        <FormFooter
          submitLabel={tool ? 'Save' : 'Register tool'}
          busy={create.isPending || update.isPending}
          secondary={<FooterButton onClick={onClose}>Cancel</FooterButton>}
        />
      </Stack>
    </FormDialog>
  );
}
