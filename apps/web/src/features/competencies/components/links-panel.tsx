import type { TCompetencyLink } from '@atrium/contract';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import LinkOutlined from '@mui/icons-material/LinkOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Pagination from '@mui/material/Pagination';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useState } from 'react';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { notifyError } from '../../../shared/notify/notify.ts';
import { EmptyState, SectionCard } from '../../../shared/ui/section-card.tsx';
import {
  LINK_PAGE_SIZE,
  useFramework,
  useFrameworks,
  useLinks,
  useRemoveLink,
} from '../api/competencies.api.ts';
import { levelLabel, OUTCOME_LABELS } from '../labels.ts';
import { chosen, FrameworkPicker } from './framework-picker.tsx';
import { LinkEditDialog } from './link-edit-dialog.tsx';
import { LinkForm } from './link-form.tsx';
import { targetLabel } from './link-target-label.ts';

/**
 * Links (`competency_course`): what finishing a course, passing an assessment or attending a
 * classroom topic gives. The server names each target (`target_name`, null once it is deleted);
 * targets are picked by title, and a link's outcome and level can be changed in place.
 */
export function LinksPanel() {
  const frameworks = useFrameworks();
  const [picked, setPicked] = useState<number | null>(null);
  const id = chosen(frameworks.data?.results, picked);
  const detail = useFramework(id);
  const [page, setPage] = useState(1);
  const links = useLinks(id, page);
  const remove = useRemoveLink();
  const [editing, setEditing] = useState<TCompetencyLink | null>(null);

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
  const nameOf = (l: TCompetencyLink) => names.get(l.competency_id) ?? `#${l.competency_id}`;

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
            {/* Scrolls sideways on a phone rather than squeezing the names to a letter a line. */}
            <Box sx={{ overflowX: 'auto' }}>
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
                      <TableCell sx={{ overflowWrap: 'anywhere', minWidth: 120 }}>
                        {nameOf(l)}
                      </TableCell>
                      <TableCell
                        sx={{
                          overflowWrap: 'anywhere',
                          minWidth: 140,
                          color: l.target_name === null ? 'text.secondary' : undefined,
                        }}
                      >
                        {targetLabel(l)}
                      </TableCell>
                      <TableCell sx={{ minWidth: 120 }}>
                        {OUTCOME_LABELS[l.outcome]} · {levelLabel(fw.scale, l.level)}
                      </TableCell>
                      {manage && (
                        <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                          <IconButton
                            aria-label={`Edit link of ${nameOf(l)} to ${targetLabel(l)}`}
                            onClick={() => setEditing(l)}
                          >
                            <EditOutlined />
                          </IconButton>
                          <IconButton
                            aria-label={`Delete link of ${nameOf(l)} to ${targetLabel(l)}`}
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
            </Box>
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
        <LinkForm key={fw.id} competencies={fw.competencies} scale={fw.scale} />
      )}
      {fw && (
        <LinkEditDialog
          link={editing}
          competencyName={editing ? nameOf(editing) : ''}
          scale={fw.scale}
          onClose={() => setEditing(null)}
        />
      )}
    </Stack>
  );
}
