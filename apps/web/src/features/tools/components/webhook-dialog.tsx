import {
  type TWebhook,
  type TWebhookWithSecret,
  WEBHOOK_EVENT_NAMES,
  WEBHOOK_EVENTS,
  ZWebhookCreate,
} from '@atrium/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { fieldProps } from '../../../shared/forms/form-fields.tsx';
import { FooterButton, FormFooter } from '../../../shared/forms/form-footer.tsx';
import { applyServerErrors } from '../../../shared/forms/server-errors.ts';
import { FormDialog } from '../../../shared/ui/form-dialog.tsx';
import { useCreateWebhook, useUpdateWebhook } from '../api/webhooks.api.ts';

type Values = z.input<typeof ZWebhookCreate>;
const FIELDS = ['url', 'description', 'events'] as const;

/** Adding a webhook (then its secret is shown once) or changing one's URL, description, events. */
export function WebhookDialog({
  webhook,
  onClose,
  onCreated,
}: {
  /** The webhook to change; undefined to add one. */
  webhook?: TWebhook;
  onClose: () => void;
  onCreated: (created: TWebhookWithSecret) => void;
}) {
  const create = useCreateWebhook();
  const update = useUpdateWebhook();
  const [formError, setFormError] = useState<string | null>(null);
  const { register, handleSubmit, formState, setError, control } = useForm<Values>({
    resolver: zodResolver(ZWebhookCreate),
    defaultValues: {
      url: webhook?.url ?? '',
      description: webhook?.description ?? '',
      events: (webhook?.events ?? []) as Values['events'],
    },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      if (webhook) {
        await update.mutateAsync({ id: webhook.id, body: values as never });
        onClose();
      } else {
        onCreated(await create.mutateAsync(values));
      }
    } catch (error) {
      setFormError(applyServerErrors(error, setError, FIELDS));
    }
  });

  return (
    <FormDialog open title={webhook ? 'Edit webhook' : 'Add webhook'} onClose={onClose}>
      <Stack component="form" noValidate onSubmit={onSubmit} spacing={2} aria-label="Webhook">
        {formError && <Alert severity="error">{formError}</Alert>}
        <TextField
          label="Payload URL"
          required
          fullWidth
          placeholder="https://example.com/atrium-events"
          {...fieldProps(register('url'), formState.errors.url)}
          helperText={
            formState.errors.url?.message ??
            'Must be https and reach a public address. Deliveries are signed JSON POSTs.'
          }
        />
        <TextField
          label="Description"
          fullWidth
          {...fieldProps(register('description'), formState.errors.description)}
        />
        <Controller
          control={control}
          name="events"
          render={({ field, fieldState }) => (
            <FormControl component="fieldset" error={fieldState.error !== undefined}>
              <FormLabel component="legend">Events</FormLabel>
              <FormGroup>
                {WEBHOOK_EVENT_NAMES.map((name) => {
                  const [what, data] = WEBHOOK_EVENTS[name].split(' data: ');
                  const checked = field.value.includes(name);
                  return (
                    <FormControlLabel
                      key={name}
                      control={
                        <Checkbox
                          checked={checked}
                          onChange={() =>
                            field.onChange(
                              checked
                                ? field.value.filter((e) => e !== name)
                                : [...field.value, name],
                            )
                          }
                        />
                      }
                      label={
                        <span>
                          <Typography component="span" sx={{ fontFamily: 'monospace' }}>
                            {name}
                          </Typography>
                          <Typography
                            component="span"
                            variant="body2"
                            color="text.secondary"
                            sx={{ display: 'block', overflowWrap: 'anywhere' }}
                          >
                            {what} Data: {data}
                          </Typography>
                        </span>
                      }
                      sx={{ alignItems: 'flex-start', my: 0.5, '& .MuiCheckbox-root': { pt: 0 } }}
                    />
                  );
                })}
              </FormGroup>
              {fieldState.error && <FormHelperText>{fieldState.error.message}</FormHelperText>}
            </FormControl>
          )}
        />
        <FormFooter
          submitLabel={webhook ? 'Save' : 'Add webhook'}
          busy={create.isPending || update.isPending}
          secondary={<FooterButton onClick={onClose}>Cancel</FooterButton>}
        />
      </Stack>
    </FormDialog>
  );
}
