import {
  COMPETENCY_EVIDENCE_NOTE_MAX,
  COMPETENCY_OUTCOMES,
  type TCompetencyFrameworkDetail,
  type TCompetencyOutcome,
  ZCompetencyEvidenceCreate,
} from '@atrium/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useEffect, useState } from 'react';
import type { FieldErrors } from '../../../shared/api/api-error.ts';
import { notifySuccess } from '../../../shared/notify/notify.ts';
import { FormDialog } from '../../../shared/ui/form-dialog.tsx';
import { useAddEvidence } from '../api/competencies.api.ts';
import { levelLabel, OUTCOME_LABELS } from '../labels.ts';
import { failure, issuesToFieldErrors, messagesAt } from './form-errors.ts';
import { type Person, PersonField } from './person-field.tsx';

const OUTCOME_HELP: Record<TCompetencyOutcome, string> = {
  evidence: 'Recorded on the profile; the proficiency stays as it is.',
  complete: 'Also rates the member at this level (their proficiency is the highest such level).',
};

/**
 * Evidence by hand (admins and trainers): a member found by name or email, a competency of the
 * framework, a level of its scale, the outcome and a note. The server checks the member is of
 * the organisation and not the caller; its refusals show on the fields they concern.
 */
export function EvidenceDialog({
  open,
  framework,
  competencyId,
  person: fixedPerson = null,
  onClose,
}: {
  open: boolean;
  /** Where the competencies and the levels come from (a framework, or one profile entry). */
  framework: Pick<TCompetencyFrameworkDetail, 'competencies' | 'scale'>;
  /** The competency to preselect (the row the dialog was opened from). */
  competencyId: number | null;
  /** The member, when the dialog is opened from their profile (not to be changed). */
  person?: Person | null;
  onClose: () => void;
}) {
  const [person, setPerson] = useState<Person | null>(null);
  const [competency, setCompetency] = useState('');
  const [level, setLevel] = useState('');
  const [outcome, setOutcome] = useState<TCompetencyOutcome>('evidence');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState<string | null>(null);
  const add = useAddEvidence();

  useEffect(() => {
    if (!open) return;
    setPerson(fixedPerson);
    setCompetency(competencyId === null ? '' : String(competencyId));
    setLevel('');
    setOutcome('evidence');
    setNote('');
    setErrors({});
    setMessage(null);
  }, [open, competencyId, fixedPerson]);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const found: FieldErrors = {};
    if (!person) found.user_id = ['Choose a member.'];
    if (!competency) found.competency_id = ['Choose a competency.'];
    if (!level) found.level = ['Choose a level.'];
    const parsed = ZCompetencyEvidenceCreate.safeParse({
      user_id: person?.id ?? 1,
      competency_id: Number(competency) || 1,
      level: Number(level) || 1,
      outcome,
      note,
    });
    const all = parsed.success ? found : { ...issuesToFieldErrors(parsed.error.issues), ...found };
    if (!parsed.success || Object.keys(found).length > 0) {
      setErrors(all);
      setMessage(null);
      return;
    }
    try {
      await add.mutateAsync(parsed.data);
      notifySuccess(`Evidence recorded for ${person!.title}.`);
      onClose();
    } catch (err) {
      const { fields, message: shown } = failure(err);
      setErrors(fields);
      setMessage(shown);
    }
  }

  const at = (field: string) => messagesAt(errors, field);
  const busy = add.isPending;
  return (
    <FormDialog open={open} title="Record evidence" onClose={busy ? () => {} : onClose}>
      <Stack component="form" spacing={2} onSubmit={submit} aria-label="Evidence" noValidate>
        {message && <Alert severity="error">{message}</Alert>}
        {fixedPerson ? (
          <TextField
            label="Member"
            value={fixedPerson.title}
            error={Boolean(at('user_id'))}
            helperText={at('user_id')}
            slotProps={{ htmlInput: { readOnly: true } }}
          />
        ) : (
          <PersonField
            label="Member"
            value={person}
            onChange={setPerson}
            required
            disabled={busy}
            error={at('user_id')}
            helperText="Search by name or email."
          />
        )}
        <TextField
          select
          label="Competency"
          value={competency}
          onChange={(e) => setCompetency(e.target.value)}
          required
          disabled={busy}
          error={Boolean(at('competency_id'))}
          helperText={at('competency_id')}
        >
          {framework.competencies.map((c) => (
            <MenuItem key={c.id} value={String(c.id)}>
              {c.code} — {c.name}
            </MenuItem>
          ))}
        </TextField>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField
            select
            fullWidth
            label="Level"
            value={level}
            onChange={(e) => setLevel(e.target.value)}
            required
            disabled={busy}
            error={Boolean(at('level'))}
            helperText={at('level')}
          >
            {framework.scale.map((l) => (
              <MenuItem key={l.level} value={String(l.level)}>
                {levelLabel(framework.scale, l.level)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            fullWidth
            label="Outcome"
            value={outcome}
            onChange={(e) => setOutcome(e.target.value as TCompetencyOutcome)}
            disabled={busy}
            error={Boolean(at('outcome'))}
            helperText={at('outcome') ?? OUTCOME_HELP[outcome]}
          >
            {COMPETENCY_OUTCOMES.map((o) => (
              <MenuItem key={o} value={o}>
                {OUTCOME_LABELS[o]}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
        <TextField
          label="Note"
          value={note}
          onChange={(e) => setNote(e.target.value)}
          multiline
          minRows={3}
          required
          disabled={busy}
          error={Boolean(at('note'))}
          helperText={at('note') ?? 'What the member showed, and how it was assessed.'}
          slotProps={{ htmlInput: { maxLength: COMPETENCY_EVIDENCE_NOTE_MAX } }}
        />
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          <Button onClick={onClose} disabled={busy} color="inherit">
            Cancel
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={busy}
            startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            Record
          </Button>
        </Stack>
      </Stack>
    </FormDialog>
  );
}
