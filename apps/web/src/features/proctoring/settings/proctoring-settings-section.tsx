import { IDENTITY_CHECKS, PROCTORING_MODES, PROCTORING_SIGNALS } from '@atrium/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type Ref, useId, useImperativeHandle, useState } from 'react';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { isAdmin } from '../../../shared/session/roles.ts';
import { useSession } from '../../../shared/session/session-context.ts';
import { useProctoringSettings, useSaveProctoringSettings } from '../api/proctoring.api.ts';
import { type FieldMessages, serverFieldErrors } from '../components/field-errors.ts';
import { IDENTITY_CHECK, MODE, SIGNAL } from '../labels.tsx';
import {
  type ProctoringForm,
  proctoringChanged,
  proctoringPayload,
  proctoringToForm,
} from './proctoring-settings-model.ts';
import { AutoSubmitField, ChoiceGroup, NumberField, SignalChecklist } from './settings-fields.tsx';

/** What the host form calls: check before it saves its own fields, save after they are saved. */
export interface ProctoringSettingsHandle {
  /** Validates and shows the errors; false when the host should not save. */
  check(): boolean;
  /** Saves when something changed (each save is audited). */
  save(): void;
}

/**
 * The proctoring part of an assessment's settings form: mode, which signals count, thresholds,
 * identity check, violation budget, auto-submit (admins only) and retention. It renders no
 * <form> of its own (forms do not nest): the host's submit checks and saves it through `ref`.
 */
export function ProctoringSettingsSection({
  assessment,
  editable,
  saved,
  ref,
}: {
  assessment: number;
  editable: boolean;
  /** Whether proctoring is on in the saved settings (the switch may be ahead of them). */
  saved: boolean;
  ref?: Ref<ProctoringSettingsHandle>;
}) {
  const settings = useProctoringSettings(assessment);
  const loaded = settings.data;
  const [form, setForm] = useState<ProctoringForm | null>(null);
  const [errors, setErrors] = useState<FieldMessages>({});
  const save = useSaveProctoringSettings(assessment);
  const { user } = useSession();
  const admin = user ? isAdmin(user.role.id) : false;
  // The form starts from the saved settings once they arrive.
  const current = form ?? (loaded ? proctoringToForm(loaded) : null);

  useImperativeHandle(ref, () => ({
    check: () => {
      if (!current || !loaded || !proctoringChanged(loaded, current)) return true;
      const parsed = proctoringPayload(assessment, current);
      setErrors(parsed.ok ? {} : parsed.errors);
      return parsed.ok;
    },
    save: () => {
      if (!current || !loaded || !proctoringChanged(loaded, current)) return;
      const parsed = proctoringPayload(assessment, current);
      if (!parsed.ok) return;
      save.mutate(parsed.payload, {
        onSuccess: (next) => {
          setForm(proctoringToForm(next));
          setErrors({});
        },
        onError: (error) => setErrors(serverFieldErrors(error)),
      });
    },
  }));

  const set = <K extends keyof ProctoringForm>(key: K, value: ProctoringForm[K]) =>
    setForm((old) => ({ ...(old ?? current!), [key]: value }));
  const disabled = !editable || save.isPending;
  const titleId = useId();

  return (
    <section aria-labelledby={titleId}>
      <Typography id={titleId} variant="h3" sx={{ fontSize: '1rem', fontWeight: 600, mb: 1.5 }}>
        Proctoring
      </Typography>
      {!saved && (
        <Alert severity="info" sx={{ mb: 2 }}>
          Proctoring starts for new attempts once these settings are saved.
        </Alert>
      )}
      {settings.isError && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void settings.refetch()}>
              Retry
            </Button>
          }
        >
          {errorMessage(settings.error)}
        </Alert>
      )}
      {!current && !settings.isError && (
        <Skeleton variant="rounded" height={240} aria-label="Loading the proctoring settings" />
      )}
      {current && (
        <Stack spacing={3}>
          {save.isError && Object.keys(errors).length === 0 && (
            <Alert severity="error" role="alert">
              {errorMessage(save.error)}
            </Alert>
          )}
          <ChoiceGroup
            label="Mode"
            value={current.mode}
            options={PROCTORING_MODES.map((m) => ({ value: m, ...MODE[m] }))}
            onChange={(mode) => set('mode', mode)}
            disabled={disabled}
            error={errors.mode}
          />
          <SignalChecklist
            value={current.signals}
            options={PROCTORING_SIGNALS.map((s) => ({ value: s, ...SIGNAL[s] }))}
            onChange={(signals) => set('signals', signals)}
            disabled={disabled}
            error={errors.signals}
          />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <NumberField
              label="Looking away allowed (seconds)"
              value={current.look_away_seconds}
              onChange={(v) => set('look_away_seconds', v)}
              helper="Before a look away is flagged. 2 to 120."
              error={errors.look_away_seconds}
              disabled={disabled}
            />
            <NumberField
              label="No face allowed (seconds)"
              value={current.no_face_seconds}
              onChange={(v) => set('no_face_seconds', v)}
              helper="Before an empty camera picture is flagged. 2 to 120."
              error={errors.no_face_seconds}
              disabled={disabled}
            />
          </Stack>
          <ChoiceGroup
            label="Identity check"
            value={current.identity_check}
            options={IDENTITY_CHECKS.map((c) => ({ value: c, ...IDENTITY_CHECK[c] }))}
            onChange={(check) => set('identity_check', check)}
            disabled={disabled}
            error={errors.identity_check}
          />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <NumberField
              label="Violation budget (flags)"
              value={current.violation_budget}
              onChange={(v) => set('violation_budget', v)}
              helper="Flags not dismissed before proctors are alerted. Empty: never."
              error={errors.violation_budget}
              disabled={disabled}
            />
            <NumberField
              label="Keep evidence (days)"
              value={current.retention_days}
              onChange={(v) => set('retention_days', v)}
              helper="Pictures and clips are deleted after this. 1 to 365."
              error={errors.retention_days}
              disabled={disabled}
            />
          </Stack>
          <AutoSubmitField
            checked={current.auto_submit}
            onChange={(on) => set('auto_submit', on)}
            admin={admin}
            disabled={disabled}
            error={errors.auto_submit}
          />
        </Stack>
      )}
    </section>
  );
}
