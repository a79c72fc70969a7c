import {
  COMPETENCY_LINK_TARGETS,
  COMPETENCY_OUTCOMES,
  type TCompetency,
  type TCompetencyLinkTarget,
  type TCompetencyOutcome,
  type TCompetencyScaleLevel,
} from '@atrium/contract';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { ApiError, errorMessage } from '../../../shared/api/api-error.ts';
import type { Pick } from '../../../shared/api/pick-search.ts';
import { notifyError, notifySuccess } from '../../../shared/notify/notify.ts';
import { SectionCard } from '../../../shared/ui/section-card.tsx';
import { useCreateLink } from '../api/competencies.api.ts';
import { levelLabel, OUTCOME_LABELS, TARGET_LABELS } from '../labels.ts';
import { LinkTargetField } from './link-target-field.tsx';

/** Add a link: a competency of the framework, a target found by title, what it gives. */
export function LinkForm({
  competencies,
  scale,
}: {
  competencies: TCompetency[];
  scale: TCompetencyScaleLevel[];
}) {
  const create = useCreateLink();
  const [competency, setCompetency] = useState('');
  const [targetType, setTargetType] = useState<TCompetencyLinkTarget>('course');
  const [target, setTarget] = useState<Pick | null>(null);
  const [outcome, setOutcome] = useState<TCompetencyOutcome>('evidence');
  const [level, setLevel] = useState('');
  const [errors, setErrors] = useState<Record<string, string[]>>({});

  async function add(e: React.FormEvent) {
    e.preventDefault();
    if (target === null) return;
    try {
      await create.mutateAsync({
        competency_id: Number(competency),
        target_type: targetType,
        target_id: target.id,
        outcome,
        level: Number(level),
      });
      notifySuccess('Link added.');
      setTarget(null);
      setErrors({});
    } catch (err) {
      setErrors(err instanceof ApiError ? err.fieldErrors : {});
      notifyError(errorMessage(err));
    }
  }
  const fieldError = (f: string) => errors[f]?.join(' ');

  return (
    <SectionCard title="Add a link">
      <Stack component="form" onSubmit={add} aria-label="Add link" spacing={1.5}>
        <TextField
          select
          size="small"
          label="Competency"
          value={competency}
          onChange={(e) => setCompetency(e.target.value)}
          error={Boolean(fieldError('competency_id'))}
          helperText={fieldError('competency_id')}
        >
          {competencies.map((c) => (
            <MenuItem key={c.id} value={String(c.id)}>
              {c.code} — {c.name}
            </MenuItem>
          ))}
        </TextField>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
          <TextField
            select
            size="small"
            label="Linked to"
            value={targetType}
            onChange={(e) => {
              // A pick of one type means nothing for another.
              setTargetType(e.target.value as TCompetencyLinkTarget);
              setTarget(null);
            }}
            sx={{ minWidth: 180 }}
          >
            {COMPETENCY_LINK_TARGETS.map((t) => (
              <MenuItem key={t} value={t}>
                {TARGET_LABELS[t]}
              </MenuItem>
            ))}
          </TextField>
          {/* Keyed by type: the typed text and options of one type do not carry to the next. */}
          <LinkTargetField
            key={targetType}
            type={targetType}
            value={target}
            onChange={setTarget}
            error={fieldError('target_id')}
          />
        </Stack>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
          <TextField
            select
            size="small"
            label="Outcome"
            value={outcome}
            onChange={(e) => setOutcome(e.target.value as TCompetencyOutcome)}
            sx={{ minWidth: 180 }}
          >
            {COMPETENCY_OUTCOMES.map((o) => (
              <MenuItem key={o} value={o}>
                {OUTCOME_LABELS[o]}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            size="small"
            label="Level"
            value={level}
            onChange={(e) => setLevel(e.target.value)}
            error={Boolean(fieldError('level'))}
            helperText={fieldError('level')}
            sx={{ minWidth: 160 }}
          >
            {scale.map((l) => (
              <MenuItem key={l.level} value={String(l.level)}>
                {levelLabel(scale, l.level)}
              </MenuItem>
            ))}
          </TextField>
          <Button
            type="submit"
            variant="contained"
            disabled={!competency || !level || target === null || create.isPending}
          >
            Add link
          </Button>
        </Stack>
      </Stack>
    </SectionCard>
  );
}
