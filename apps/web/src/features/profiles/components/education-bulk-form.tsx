import { EDUCATION_BULK_MAX } from '@atrium/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { z } from 'zod';
import { ApiError, errorMessage } from '../../../shared/api/api-error.ts';
import { fieldProps } from '../../../shared/forms/form-fields.tsx';
import { FormFooter } from '../../../shared/forms/form-footer.tsx';
import { useBulkEducation } from '../api/profiles.api.ts';
import { educationFormValues, ZEducationForm } from '../profile-forms.ts';

const ZBulkForm = z.object({ entries: z.array(ZEducationForm).min(1).max(EDUCATION_BULK_MAX) });
type BulkFormValues = z.input<typeof ZBulkForm>;
type BulkValues = z.output<typeof ZBulkForm>;

const ROW_FIELD = /^(\d+)\.([a-z_]+)$/;

/** Several education entries at once (bulk-edu-create/): all are saved, or none. */
export function EducationBulkForm({
  userId,
  own,
  onDone,
  secondary,
}: {
  userId: number;
  own: boolean;
  onDone: () => void;
  secondary?: ReactNode;
}) {
  const save = useBulkEducation(userId, own);
  const form = useForm<BulkFormValues, unknown, BulkValues>({
    resolver: zodResolver(ZBulkForm),
    defaultValues: { entries: [educationFormValues(), educationFormValues()] },
  });
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'entries' });
  const errors = form.formState.errors.entries;

  const submit = form.handleSubmit(({ entries }) =>
    save.mutate(entries, {
      onSuccess: onDone,
      onError: (error) => {
        // The server names problems by entry and field: '1.degree'.
        if (!(error instanceof ApiError)) return;
        for (const [key, messages] of Object.entries(error.fieldErrors)) {
          const match = ROW_FIELD.exec(key);
          if (!match) continue;
          const name = `entries.${Number(match[1])}.${match[2]}` as `entries.${number}.institution`;
          form.setError(name, { type: 'server', message: messages.join(' ') });
        }
      },
    }),
  );

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label="Add several education entries">
      <Stack spacing={2}>
        {save.isError && <Alert severity="error">{errorMessage(save.error)}</Alert>}
        {fields.map((field, index) => {
          const rowErrors = errors?.[index];
          const reg = (name: 'institution' | 'degree' | 'start_year' | 'end_year') =>
            fieldProps(form.register(`entries.${index}.${name}`), rowErrors?.[name]);
          return (
            <Box
              key={field.id}
              component="fieldset"
              sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: 2, m: 0 }}
            >
              <Stack direction="row" sx={{ alignItems: 'center', mb: 1 }}>
                <Typography component="legend" sx={{ fontWeight: 600, flex: 1, p: 0 }}>
                  Entry {index + 1}
                </Typography>
                {fields.length > 1 && (
                  <IconButton
                    size="small"
                    aria-label={`Remove entry ${index + 1}`}
                    onClick={() => remove(index)}
                  >
                    <DeleteOutlined fontSize="small" />
                  </IconButton>
                )}
              </Stack>
              <Stack spacing={1.5}>
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
                  <TextField
                    label="Institution"
                    required
                    size="small"
                    fullWidth
                    {...reg('institution')}
                  />
                  <TextField label="Degree" required size="small" fullWidth {...reg('degree')} />
                </Stack>
                <Stack direction="row" spacing={1.5}>
                  <TextField label="Start year" size="small" fullWidth {...reg('start_year')} />
                  <TextField label="End year" size="small" fullWidth {...reg('end_year')} />
                </Stack>
              </Stack>
            </Box>
          );
        })}
        <Button
          startIcon={<AddOutlined />}
          onClick={() => append(educationFormValues())}
          disabled={fields.length >= EDUCATION_BULK_MAX}
          sx={{ alignSelf: 'flex-start' }}
        >
          Another entry
        </Button>
        <FormFooter
          submitLabel={`Add ${fields.length} entries`}
          busy={save.isPending}
          secondary={secondary}
        />
      </Stack>
    </Box>
  );
}
