import {
  CONTACT_HONEYPOT,
  CONTACT_MESSAGE_MAX,
  type TContactCreate,
  ZContactCreate,
} from '@atrium/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { fieldProps } from '../../../shared/forms/form-fields.tsx';
import { applyServerErrors } from '../../../shared/forms/server-errors.ts';
import { useSession } from '../../../shared/session/session-context.ts';
import { visuallyHiddenSx } from '../../../shared/ui/visually-hidden.tsx';
import { useSendContact } from '../api/support.api.ts';

const FIELDS = ['name', 'email', 'subject', 'message'] as const;

/**
 * The contact form, for signed-out visitors too; prefilled with a signed-in person's name and
 * address. The honeypot field is hidden from people (and screen readers) but not from bots.
 */
export function ContactForm() {
  const { user } = useSession();
  const send = useSendContact();
  const [sent, setSent] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<TContactCreate>({
    resolver: zodResolver(ZContactCreate),
    defaultValues: {
      name: user?.fullname ?? '',
      email: user?.email ?? '',
      subject: '',
      message: '',
      [CONTACT_HONEYPOT]: '',
    },
  });
  const { register, handleSubmit, formState, setError, reset, getValues } = form;

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const receipt = await send.mutateAsync(values);
      setSent(receipt.detail);
      reset({ ...getValues(), subject: '', message: '' });
    } catch (error) {
      setFormError(applyServerErrors(error, setError, FIELDS));
    }
  });

  return (
    <Stack component="form" noValidate onSubmit={onSubmit} spacing={2} aria-label="Contact us">
      {sent && (
        <Alert severity="success" onClose={() => setSent(null)}>
          {sent}
        </Alert>
      )}
      {formError && <Alert severity="error">{formError}</Alert>}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          label="Name"
          required
          fullWidth
          autoComplete="name"
          {...fieldProps(register('name'), formState.errors.name)}
        />
        <TextField
          label="E-mail"
          type="email"
          required
          fullWidth
          autoComplete="email"
          {...fieldProps(register('email'), formState.errors.email)}
        />
      </Stack>
      <TextField
        label="Subject"
        required
        fullWidth
        {...fieldProps(register('subject'), formState.errors.subject)}
      />
      <TextField
        label="Message"
        required
        fullWidth
        multiline
        minRows={5}
        slotProps={{ htmlInput: { maxLength: CONTACT_MESSAGE_MAX } }}
        {...fieldProps(register('message'), formState.errors.message)}
      />
      {/* Off-screen and out of the tab order; people leave it empty, form-filling bots do not. */}
      <Box aria-hidden sx={visuallyHiddenSx}>
        <label>
          Leave this field empty
          <input tabIndex={-1} autoComplete="off" {...register(CONTACT_HONEYPOT)} />
        </label>
      </Box>
      <div>
        <Button type="submit" variant="contained" disabled={formState.isSubmitting}>
          Send message
        </Button>
      </div>
    </Stack>
  );
}
