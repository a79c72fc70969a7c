import { POINT_RULES, type TPointRule, type TPointRuleInput } from '@atrium/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import { useEffect, useState } from 'react';
import { ApiError, errorMessage } from '../../../../shared/api/api-error.ts';
import { SectionCard } from '../../../../shared/ui/section-card.tsx';
import { usePointRules, useSavePointRules } from '../../api/admin.api.ts';
import { RULE_LABEL } from '../../labels.ts';

/** A rule as the form edits it: numbers as typed, the cap blank for none. */
interface Draft {
  rule: TPointRule['rule'];
  points: string;
  enabled: boolean;
  cooldown: string;
  cap: string;
}

const toDraft = (r: TPointRule): Draft => ({
  rule: r.rule,
  points: String(r.points),
  enabled: r.enabled,
  cooldown: String(r.cooldown_minutes),
  cap: r.daily_cap === null ? '' : String(r.daily_cap),
});

const toInput = (d: Draft): TPointRuleInput => ({
  rule: d.rule,
  points: Number(d.points),
  enabled: d.enabled,
  cooldown_minutes: Number(d.cooldown),
  daily_cap: d.cap.trim() === '' ? null : Number(d.cap),
});

/**
 * The organisation's point rules, all saved at once: points, on or off, the cool-down between
 * two awards of a rule and its daily cap (the anti-farming limits). Each achievement counts once
 * whatever the rules say.
 */
export function RulesCard() {
  const rules = usePointRules(true);
  const save = useSavePointRules();
  const [drafts, setDrafts] = useState<Draft[] | null>(null);
  useEffect(() => {
    if (rules.data) setDrafts(rules.data.results.map(toDraft));
  }, [rules.data]);
  const fieldErrors = save.error instanceof ApiError ? save.error.fieldErrors : {};
  const errorOf = (index: number, field: string) => fieldErrors[`rules.${index}.${field}`]?.[0];
  const set = (index: number, change: Partial<Draft>) =>
    setDrafts((all) => (all ? all.map((d, i) => (i === index ? { ...d, ...change } : d)) : all));
  const number = (
    index: number,
    field: 'points' | 'cooldown' | 'cap',
    api: string,
    label: string,
  ) => (
    <TextField
      size="small"
      type="number"
      value={drafts![index]![field]}
      onChange={(e) => set(index, { [field]: e.target.value })}
      slotProps={{
        htmlInput: { min: 0, 'aria-label': `${label}: ${RULE_LABEL[drafts![index]!.rule]}` },
      }}
      error={Boolean(errorOf(index, api))}
      helperText={errorOf(index, api)}
      placeholder={field === 'cap' ? 'None' : undefined}
      sx={{ width: 110 }}
    />
  );

  return (
    <SectionCard
      title="Point rules"
      subtitle="Each lesson, course, assessment, path, session or answer counts once per person. A cool-down spaces two awards of a rule; a daily cap limits them per day (UTC)."
      busy={rules.isPending}
    >
      {rules.isError ? (
        <Alert severity="error">
          {errorMessage(rules.error, 'The point rules could not be loaded.')}
        </Alert>
      ) : !drafts ? (
        <Skeleton variant="rounded" height={280} />
      ) : (
        <Stack
          component="form"
          spacing={2}
          onSubmit={(e) => {
            e.preventDefault();
            save.mutate({ rules: drafts.map(toInput) });
          }}
        >
          {save.isError && Object.keys(fieldErrors).length === 0 && (
            <Alert severity="error">
              {errorMessage(save.error, 'The point rules could not be saved.')}
            </Alert>
          )}
          <TableContainer>
            <Table size="small" aria-label="Point rules" sx={{ minWidth: 620 }}>
              <TableHead>
                <TableRow>
                  <TableCell>Rule</TableCell>
                  <TableCell>On</TableCell>
                  <TableCell>Points</TableCell>
                  <TableCell>Cool-down (minutes)</TableCell>
                  <TableCell>Daily cap</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {POINT_RULES.map((rule) => {
                  const index = drafts.findIndex((d) => d.rule === rule);
                  if (index < 0) return null;
                  const d = drafts[index]!;
                  return (
                    <TableRow key={rule}>
                      <TableCell component="th" scope="row">
                        {RULE_LABEL[rule]}
                        {rule === 'assessment_passed' && ' (× score %)'}
                      </TableCell>
                      <TableCell>
                        <Switch
                          checked={d.enabled}
                          onChange={(e) => set(index, { enabled: e.target.checked })}
                          slotProps={{
                            input: { 'aria-label': `Award points for ${RULE_LABEL[rule]}` },
                          }}
                        />
                      </TableCell>
                      <TableCell>{number(index, 'points', 'points', 'Points')}</TableCell>
                      <TableCell>
                        {number(index, 'cooldown', 'cooldown_minutes', 'Cool-down')}
                      </TableCell>
                      <TableCell>{number(index, 'cap', 'daily_cap', 'Daily cap')}</TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          </TableContainer>
          <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
            <Button type="submit" variant="contained" loading={save.isPending}>
              Save rules
            </Button>
          </Stack>
        </Stack>
      )}
    </SectionCard>
  );
}
