import type { TAnnouncement } from '@atrium/contract';
import Alert from '@mui/material/Alert';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { fieldProps } from '../../../../shared/forms/form-fields.tsx';
import { FooterButton, FormFooter } from '../../../../shared/forms/form-footer.tsx';
import { applyServerErrors } from '../../../../shared/forms/server-errors.ts';
import { notifySuccess } from '../../../../shared/notify/notify.ts';
import { useSession } from '../../../../shared/session/session-context.ts';
import { FormDialog } from '../../../../shared/ui/form-dialog.tsx';
import { RichTextField } from '../../../../shared/ui/rich-text/rich-text-field.tsx';
import { useCreateAnnouncement, useUpdateAnnouncement } from '../../api/announcements.api.ts';
import {
  ANNOUNCEMENT_FORM_FIELDS,
  type AnnouncementFormValues,
  announcementBodyOf,
  formValuesOf,
} from './announcement-form-model.ts';
import { AudienceFields } from './audience-fields.tsx';
import { OptionFields, ScheduleFields } from './schedule-fields.tsx';

/**
 * Writes an announcement or changes one. Once it has gone out its audience and publish time are
 * fixed (the server refuses a change): those fields are disabled and say why.
 */
export function AnnouncementFormDialog({
  announcement,
  onClose,
  onSaved,
}: {
  announcement: TAnnouncement | null;
  onClose: () => void;
  onSaved: (announcement: TAnnouncement) => void;
}) {
  const { user } = useSession();
  const form = useForm<AnnouncementFormValues>({ defaultValues: formValuesOf(announcement) });
  const { register, control, handleSubmit, setError, formState } = form;
  const { errors, isSubmitting } = formState;
  const [alert, setAlert] = useState<string | null>(null);
  const create = useCreateAnnouncement();
  const update = useUpdateAnnouncement();
  const fixed = announcement !== null && announcement.state !== 'scheduled';
  const organisationId = announcement?.organisation ?? user?.membership?.organization.id ?? 0;

  const submit = handleSubmit(async (values) => {
    setAlert(null);
    const built = announcementBodyOf(values, { fixed });
    if ('problems' in built) {
      for (const [field, message] of Object.entries(built.problems)) {
        setError(field as keyof AnnouncementFormValues, { type: 'client', message });
      }
      return;
    }
    try {
      if (announcement) {
        onSaved(await update.mutateAsync({ id: announcement.id, body: built.body }));
      } else {
        const saved = await create.mutateAsync(built.body);
        notifySuccess(
          saved.state === 'scheduled' ? 'Announcement scheduled.' : 'Announcement published.',
        );
        onSaved(saved);
      }
    } catch (error) {
      setAlert(applyServerErrors(error, setError, ANNOUNCEMENT_FORM_FIELDS));
    }
  });

  return (
    <FormDialog
      open
      title={announcement ? 'Edit announcement' : 'New announcement'}
      onClose={onClose}
      maxWidth="md"
    >
      <Stack component="form" noValidate onSubmit={submit} spacing={2.5} aria-label="Announcement">
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
          name="body"
          rules={{
            validate: (v) =>
              v.replace(/<[^>]*>/g, '').trim() !== '' || 'This field may not be blank.',
          }}
          render={({ field }) => (
            <RichTextField
              label="Text"
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={errors.body?.message}
            />
          )}
        />
        <Divider />
        {fixed && (
          <Alert severity="info">
            It has gone out, so its audience and publish time stay as they are. The text, expiry and
            options can still change.
          </Alert>
        )}
        <AudienceFields form={form} organisationId={organisationId} disabled={fixed} />
        <Divider />
        <ScheduleFields form={form} fixed={fixed} />
        <OptionFields form={form} />
        <FormFooter
          submitLabel={announcement ? 'Save' : 'Send announcement'}
          busy={isSubmitting}
          secondary={<FooterButton onClick={onClose}>Cancel</FooterButton>}
        />
      </Stack>
    </FormDialog>
  );
}
