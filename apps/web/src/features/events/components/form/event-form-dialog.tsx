import type { TEventDetail } from '@atrium/contract';
import Alert from '@mui/material/Alert';
import Divider from '@mui/material/Divider';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { controlledProps, fieldProps } from '../../../../shared/forms/form-fields.tsx';
import { FooterButton, FormFooter } from '../../../../shared/forms/form-footer.tsx';
import { applyServerErrors } from '../../../../shared/forms/server-errors.ts';
import { useSession } from '../../../../shared/session/session-context.ts';
import { FormDialog } from '../../../../shared/ui/form-dialog.tsx';
import { RichTextField } from '../../../../shared/ui/rich-text/rich-text-field.tsx';
import { useEventTypes } from '../../api/event-types.api.ts';
import { useCreateEvent, useUpdateEvent } from '../../api/events.api.ts';
import { browserTimeZone } from '../../model/zoned-time.ts';
import { AudienceFields } from './audience-fields.tsx';
import {
  EVENT_FORM_FIELDS,
  type EventFormValues,
  eventBodyOf,
  formValuesOf,
} from './event-form-model.ts';
import { CpdAndStatusFields, PlaceFields } from './other-fields.tsx';
import { RecurrenceFields } from './recurrence-fields.tsx';
import { ScheduleFields } from './schedule-fields.tsx';

/**
 * Creates an event or edits one (pre-filled, its rule back in the builder). Local times are sent
 * as instants of the chosen zone; the server's field errors land under the fields.
 */
export function EventFormDialog({
  event,
  onClose,
  onSaved,
}: {
  event: TEventDetail | null;
  onClose: () => void;
  onSaved: (event: TEventDetail) => void;
}) {
  const { user } = useSession();
  const form = useForm<EventFormValues>({
    defaultValues: formValuesOf(event, browserTimeZone()),
  });
  const { register, control, handleSubmit, setError, formState } = form;
  const { errors, isSubmitting } = formState;
  const [alert, setAlert] = useState<string | null>(null);
  const types = useEventTypes();
  const create = useCreateEvent();
  const update = useUpdateEvent();
  const organisationId = event?.organisation ?? user?.membership?.organization.id ?? 0;
  const knownStarts = event ? [...event.occurrences.map((o) => o.starts_at), ...event.exdates] : [];

  const submit = handleSubmit(async (values) => {
    setAlert(null);
    const built = eventBodyOf(values);
    if ('problems' in built) {
      for (const [field, message] of Object.entries(built.problems)) {
        setError(field as keyof EventFormValues, { type: 'client', message });
      }
      return;
    }
    try {
      const saved = event
        ? await update.mutateAsync({ id: event.id, body: built.body })
        : await create.mutateAsync(built.body);
      onSaved(saved);
    } catch (error) {
      setAlert(applyServerErrors(error, setError, EVENT_FORM_FIELDS));
    }
  });

  return (
    <FormDialog open title={event ? 'Edit event' : 'New event'} onClose={onClose} maxWidth="md">
      <Stack component="form" noValidate onSubmit={submit} spacing={2.5} aria-label="Event">
        {alert && (
          <Alert severity="error" role="alert">
            {alert}
          </Alert>
        )}
        <TextField
          label="Title"
          required
          slotProps={{ htmlInput: { maxLength: 200 } }}
          {...fieldProps(
            register('title', {
              validate: (v) => v.trim() !== '' || 'This field may not be blank.',
            }),
            errors.title,
          )}
        />
        <Controller
          control={control}
          name="type"
          render={({ field }) => (
            <TextField
              select
              label="Type"
              {...controlledProps(field)}
              error={errors.type !== undefined}
              helperText={errors.type?.message}
              slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
              sx={{ maxWidth: { sm: 320 } }}
            >
              <MenuItem value="">No type</MenuItem>
              {types.data?.map((t) => (
                <MenuItem key={t.id} value={t.id}>
                  {t.name}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        <Controller
          control={control}
          name="description"
          render={({ field }) => (
            <RichTextField
              label="Description"
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={errors.description?.message}
            />
          )}
        />
        <Divider />
        <ScheduleFields form={form} />
        <RecurrenceFields form={form} knownStarts={knownStarts} />
        <Divider />
        <PlaceFields form={form} />
        <AudienceFields form={form} organisationId={organisationId} />
        <Divider />
        <CpdAndStatusFields form={form} />
        <FormFooter
          submitLabel={event ? 'Save' : 'Create event'}
          busy={isSubmitting}
          secondary={<FooterButton onClick={onClose}>Cancel</FooterButton>}
        />
      </Stack>
    </FormDialog>
  );
}
