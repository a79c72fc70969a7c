import {
  COMPETENCY_LINK_TARGETS,
  type TCompetencyLinkTarget,
  type TCompetencyOutcome,
} from '@atrium/contract';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import LinkOutlined from '@mui/icons-material/LinkOutlined';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Pagination from '@mui/material/Pagination';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { notifyError, notifySuccess } from '../../../shared/notify/notify.ts';
import { EmptyState, SectionCard } from '../../../shared/ui/section-card.tsx';
import {
  LINK_PAGE_SIZE,
  useCourseOptions,
  useCreateLink,
  useFramework,
  useFrameworks,
  useLinks,
  useRemoveLink,
} from '../api/competencies.api.ts';
import { levelLabel, OUTCOME_LABELS, TARGET_LABELS } from '../labels.ts';
import { chosen, FrameworkPicker } from './framework-picker.tsx';

/**
 * Links (`competency_course`): what finishing a course, passing an assessment or attending a
 * classroom topic gives. Course names come from the catalogue's list; assessments and topics are
 * named by id (their lists belong to their own screens).
 */
export function LinksPanel() {
  const frameworks = useFrameworks();
  const [picked, setPicked] = useState<number | null>(null);
  const id = chosen(frameworks.data?.results, picked);
  const detail = useFramework(id);
  const [page, setPage] = useState(1);
  const links = useLinks(id, page);
  const courses = useCourseOptions('');
  const remove = useRemoveLink();
  const create = useCreateLink();
  const [competency, setCompetency] = useState('');
  const [targetType, setTargetType] = useState<TCompetencyLinkTarget>('course');
  const [course, setCourse] = useState<{ id: number; title: string } | null>(null);
  const [targetId, setTargetId] = useState('');
  const [outcome, setOutcome] = useState<TCompetencyOutcome>('evidence');
  const [level, setLevel] = useState('');

  if (frameworks.isLoading) return <Skeleton variant="rounded" height={160} />;
  if (frameworks.isError) return <Alert severity="error">{errorMessage(frameworks.error)}</Alert>;
  const list = frameworks.data?.results ?? [];
  if (list.length === 0)
    return (
      <SectionCard title="Links">
        <EmptyState icon={<LinkOutlined />}>
          Create a framework before linking competencies.
        </EmptyState>
      </SectionCard>
    );
  const fw = detail.data;
  const manage = fw?.abilities.edit ?? false;
  const names = new Map((fw?.competencies ?? []).map((c) => [c.id, `${c.code} — ${c.name}`]));
  const courseNames = new Map((courses.data ?? []).map((c) => [c.id, c.title]));
  const target = targetType === 'course' ? (course?.id ?? null) : Number(targetId) || null;

  async function add(e: React.FormEvent) {
    e.preventDefault();
    if (target === null) return;
    try {
      await create.mutateAsync({
        competency_id: Number(competency),
        target_type: targetType,
        target_id: target,
        outcome,
        level: Number(level),
      });
      notifySuccess('Link added.');
    } catch (err) {
      notifyError(errorMessage(err));
    }
  }
  const targetName = (type: TCompetencyLinkTarget, tid: number) =>
    type === 'course' && courseNames.has(tid)
      ? `Course: ${courseNames.get(tid)}`
      : `${TARGET_LABELS[type]} #${tid}`;

  return (
    <Stack spacing={2.5}>
      <FrameworkPicker
        frameworks={list}
        value={id}
        onChange={(v) => {
          setPicked(v);
          setPage(1);
        }}
      />
      <SectionCard title="Links" busy={links.isLoading}>
        {links.isLoading && <Skeleton variant="rounded" height={80} />}
        {links.isError && <Alert severity="error">{errorMessage(links.error)}</Alert>}
        {links.data && links.data.count === 0 && (
          <EmptyState icon={<LinkOutlined />}>No links in this framework yet.</EmptyState>
        )}
        {links.data && links.data.count > 0 && fw && (
          <>
            <Table size="small" aria-label="Links">
              <TableHead>
                <TableRow>
                  <TableCell>Competency</TableCell>
                  <TableCell>Linked to</TableCell>
                  <TableCell>Outcome</TableCell>
                  {manage && <TableCell align="right">Actions</TableCell>}
                </TableRow>
              </TableHead>
              <TableBody>
                {links.data.results.map((l) => (
                  <TableRow key={l.id}>
                    <TableCell sx={{ overflowWrap: 'anywhere' }}>
                      {names.get(l.competency_id)}
                    </TableCell>
                    <TableCell sx={{ overflowWrap: 'anywhere' }}>
                      {targetName(l.target_type, l.target_id)}
                    </TableCell>
                    <TableCell>
                      {OUTCOME_LABELS[l.outcome]} · {levelLabel(fw.scale, l.level)}
                    </TableCell>
                    {manage && (
                      <TableCell align="right">
                        <IconButton
                          aria-label={`Delete link of ${names.get(l.competency_id)}`}
                          onClick={() =>
                            remove.mutate(l.id, {
                              onError: (err) => notifyError(errorMessage(err)),
                            })
                          }
                        >
                          <DeleteOutlined />
                        </IconButton>
                      </TableCell>
                    )}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
            {links.data.count > LINK_PAGE_SIZE && (
              <Pagination
                sx={{ mt: 2 }}
                page={page}
                count={Math.ceil(links.data.count / LINK_PAGE_SIZE)}
                onChange={(_e, p) => setPage(p)}
              />
            )}
          </>
        )}
      </SectionCard>
      {manage && fw && fw.competencies.length > 0 && (
        <SectionCard title="Add a link">
          <Stack component="form" onSubmit={add} aria-label="Add link" spacing={1.5}>
            <TextField
              select
              size="small"
              label="Competency"
              value={competency}
              onChange={(e) => setCompetency(e.target.value)}
            >
              {fw.competencies.map((c) => (
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
                onChange={(e) => setTargetType(e.target.value as TCompetencyLinkTarget)}
                sx={{ minWidth: 180 }}
              >
                {COMPETENCY_LINK_TARGETS.map((t) => (
                  <MenuItem key={t} value={t}>
                    {TARGET_LABELS[t]}
                  </MenuItem>
                ))}
              </TextField>
              {targetType === 'course' ? (
                <Autocomplete
                  size="small"
                  sx={{ flex: 1 }}
                  options={courses.data ?? []}
                  loading={courses.isLoading}
                  value={course}
                  onChange={(_e, v) => setCourse(v)}
                  getOptionLabel={(o) => o.title}
                  isOptionEqualToValue={(a, b) => a.id === b.id}
                  renderInput={(params) => <TextField {...params} label="Course" />}
                />
              ) : (
                <TextField
                  size="small"
                  label={`${TARGET_LABELS[targetType]} id`}
                  value={targetId}
                  onChange={(e) => setTargetId(e.target.value.replace(/\D/g, ''))}
                  slotProps={{ htmlInput: { inputMode: 'numeric' } }}
                />
              )}
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
                <MenuItem value="evidence">{OUTCOME_LABELS.evidence}</MenuItem>
                <MenuItem value="complete">{OUTCOME_LABELS.complete}</MenuItem>
              </TextField>
              <TextField
                select
                size="small"
                label="Level"
                value={level}
                onChange={(e) => setLevel(e.target.value)}
                sx={{ minWidth: 160 }}
              >
                {fw.scale.map((l) => (
                  <MenuItem key={l.level} value={String(l.level)}>
                    {levelLabel(fw.scale, l.level)}
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
      )}
    </Stack>
  );
}
