import { CPD_UNITS, type TCpdUnit } from '@atrium/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import AttachFileOutlined from '@mui/icons-material/AttachFileOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import { Controller, type Resolver, useForm } from 'react-hook-form';
import { ApiError, errorMessage } from '../../../shared/api/api-error.ts';
import type { UploadProgress } from '../../../shared/api/upload.ts';
import { formatBytes } from '../../../shared/files/file-rules.ts';
import { controlledProps, fieldProps } from '../../../shared/forms/form-fields.tsx';
import { FooterButton, FormFooter } from '../../../shared/forms/form-footer.tsx';
import { applyServerErrors } from '../../../shared/forms/server-errors.ts';
import { FileDropZone } from '../../../shared/ui/file-drop-zone.tsx';
import { FormDialog } from '../../../shared/ui/form-dialog.tsx';
import { UploadProgressBar } from '../../../shared/ui/upload-progress.tsx';
import { useAddExternal, useCpdCategories } from '../api/cpd.api.ts';
import { EVIDENCE_RULE, evidenceProblem, localToday } from '../cpd-format.ts';
import {
  EXTERNAL_FIELDS,
  type ExternalFormValues,
  type ExternalValues,
  emptyExternal,
  toExternalFormData,
  ZExternalForm,
} from '../external-form.ts';
import { UNIT_LABEL } from '../labels.ts';

/** Said when the evidence is required and missing (the server's words for the same). */
export const EVIDENCE_MISSING =
  'Attach the evidence: a certificate or record (PDF, PNG, JPG or DOCX).';

/**
 * CPD done elsewhere, added by the learner to their own ledger with a reflection and evidence.
 * It waits for an admin's approval before it counts; the server's field errors land under the
 * fields, the evidence's under the file.
 */
export function AddExternalDialog({
  open,
  unit,
  evidenceRequired,
  onClose,
}: {
  open: boolean;
  /** The scheme's unit, preselected. */
  unit: TCpdUnit;
  /** The scheme asks for evidence (the server asks for it too when there is no scheme). */
  evidenceRequired: boolean;
  onClose: () => void;
}) {
  return (
    <FormDialog open={open} onClose={onClose} title="Add external CPD">
      {open && <ExternalForm unit={unit} evidenceRequired={evidenceRequired} onClose={onClose} />}
    </FormDialog>
  );
}

function ExternalForm({
  unit,
  evidenceRequired,
  onClose,
}: {
  unit: TCpdUnit;
  evidenceRequired: boolean;
  onClose: () => void;
}) {
  const form = useForm<ExternalFormValues, unknown, ExternalValues>({
    // The value is typed as text and read as a number: the schema's input type says `unknown`.
    resolver: zodResolver(ZExternalForm) as unknown as Resolver<
      ExternalFormValues,
      unknown,
      ExternalValues
    >,
    defaultValues: emptyExternal(unit),
  });
  const { register, control, formState } = form;
  const categories = useCpdCategories();
  const add = useAddExternal();
  const [evidence, setEvidence] = useState<File | null>(null);
  const [evidenceError, setEvidenceError] = useState<string>();
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const errors = formState.errors;

  const missing = evidenceRequired && !evidence;
  const validate = form.handleSubmit((values) => {
    if (missing) return;
    setProgress(null);
    setEvidenceError(undefined);
    add.mutate(
      { form: toExternalFormData(values, evidence), onProgress: setProgress },
      {
        onSuccess: onClose,
        onError: (error) => {
          applyServerErrors(error, form.setError, EXTERNAL_FIELDS);
          // The evidence has no form field of its own: its problem shows under the file.
          if (error instanceof ApiError) {
            setEvidenceError(error.fieldErrors.evidence?.join(' '));
          }
        },
      },
    );
  });
  // The missing evidence is said together with the fields' problems, not after them.
  const submit = (event: FormEvent) => {
    if (missing) setEvidenceError(EVIDENCE_MISSING);
    return validate(event);
  };

  return (
    <form noValidate onSubmit={submit}>
      <Stack spacing={2}>
        <Alert severity="info">
          External CPD counts toward your target once an admin of your organisation approves it.
        </Alert>
        {add.isError && <Alert severity="error">{errorMessage(add.error)}</Alert>}
        <TextField
          label="Title"
          required
          autoFocus
          {...fieldProps(register('title'), errors.title)}
        />
        <Controller
          control={control}
          name="category"
          render={({ field, fieldState }) => (
            <TextField
              select
              label="Category"
              {...controlledProps(field)}
              onChange={(event) =>
                field.onChange(event.target.value === '' ? '' : Number(event.target.value))
              }
              disabled={!categories.data}
              error={Boolean(fieldState.error) || categories.isError}
              helperText={
                fieldState.error?.message ??
                (categories.isError ? errorMessage(categories.error) : undefined)
              }
            >
              <MenuItem value="">No category</MenuItem>
              {(categories.data ?? []).map((c) => (
                <MenuItem key={c.id} value={c.id}>
                  {c.name}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField
            label="Value"
            required
            fullWidth
            type="number"
            slotProps={{ htmlInput: { min: 0.01, step: 0.25, inputMode: 'decimal' } }}
            {...fieldProps(register('value'), errors.value)}
          />
          <Controller
            control={control}
            name="unit"
            render={({ field, fieldState }) => (
              <TextField
                select
                label="Unit"
                fullWidth
                {...controlledProps(field)}
                error={Boolean(fieldState.error)}
                helperText={fieldState.error?.message}
              >
                {CPD_UNITS.map((u) => (
                  <MenuItem key={u} value={u}>
                    {UNIT_LABEL[u]}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
        </Stack>
        <TextField
          label="Completed on"
          required
          type="date"
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: localToday() } }}
          {...fieldProps(register('completed_at'), errors.completed_at)}
        />
        <TextField
          label="Reflection"
          multiline
          minRows={4}
          {...fieldProps(register('reflection'), errors.reflection)}
          helperText={
            errors.reflection?.message ?? 'What you learnt and how you will use it in your work.'
          }
        />
        <Stack spacing={1}>
          <Typography variant="subtitle2" component="h3">
            {evidenceRequired
              ? 'Evidence (required)'
              : 'Evidence (optional, it helps the approver)'}
          </Typography>
          {evidenceRequired && (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              Your organisation asks for a certificate or record of this CPD.
            </Typography>
          )}
          {evidence ? (
            <Stack
              direction="row"
              spacing={1}
              sx={{
                alignItems: 'center',
                p: 1.5,
                border: 1,
                borderColor: evidenceError ? 'error.main' : 'divider',
                borderRadius: 1,
              }}
            >
              <AttachFileOutlined fontSize="small" color="action" aria-hidden />
              <Typography sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
                {evidence.name}{' '}
                <Typography component="span" variant="body2" sx={{ color: 'text.secondary' }}>
                  ({formatBytes(evidence.size)})
                </Typography>
              </Typography>
              <Button
                size="small"
                color="inherit"
                disabled={add.isPending}
                onClick={() => {
                  setEvidence(null);
                  setEvidenceError(undefined);
                }}
              >
                Remove
              </Button>
            </Stack>
          ) : (
            <FileDropZone
              rule={EVIDENCE_RULE}
              disabled={add.isPending}
              buttonLabel="Choose the evidence"
              onFile={(file) => {
                const problem = evidenceProblem(file);
                setEvidenceError(problem ?? undefined);
                if (!problem) setEvidence(file);
              }}
            />
          )}
          {evidenceError && (
            <Typography variant="caption" role="alert" sx={{ color: 'error.main' }}>
              {evidenceError}
            </Typography>
          )}
        </Stack>
        {add.isPending && evidence && (
          <UploadProgressBar progress={progress} label="Uploading the evidence" />
        )}
        <FormFooter
          submitLabel="Add entry"
          busy={add.isPending}
          secondary={<FooterButton onClick={onClose}>Cancel</FooterButton>}
        />
      </Stack>
    </form>
  );
}
