import type { TCompetency } from '@atrium/contract';
import { ROLE } from '@atrium/contract';
import AccountTreeOutlined from '@mui/icons-material/AccountTreeOutlined';
import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import FactCheckOutlined from '@mui/icons-material/FactCheckOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { notifyError, notifySuccess } from '../../../shared/notify/notify.ts';
import { isAdmin } from '../../../shared/session/roles.ts';
import { useSession } from '../../../shared/session/session-context.ts';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog.tsx';
import { EmptyState, SectionCard } from '../../../shared/ui/section-card.tsx';
import {
  useFramework,
  useFrameworks,
  useRemoveCompetency,
  useRemoveFramework,
} from '../api/competencies.api.ts';
import { depths, levelLabel } from '../labels.ts';
import { CompetencyDialog } from './competency-dialog.tsx';
import { EvidenceDialog } from './evidence-dialog.tsx';
import { FrameworkDialog } from './framework-dialog.tsx';
import { chosen, FrameworkPicker } from './framework-picker.tsx';
import { ImportDialog } from './import-dialog.tsx';
import { ThresholdsSection } from './thresholds-section.tsx';

type Editing = { open: boolean; editing: TCompetency | null; parentId: number | null };
/** The framework dialog: creating or editing the shown framework (kept while it closes). */
type FrameworkForm = { open: boolean; editing: boolean };
/** The evidence dialog, with the competency it was opened from (null: none chosen). */
type Recording = { competencyId: number | null } | null;
type Removing = { kind: 'framework' } | { kind: 'competency'; item: TCompetency } | null;

/**
 * Frameworks: pick one, see its scale and tree; admins create, import, edit, move and delete;
 * admins and trainers record evidence for a member against a competency.
 */
export function FrameworksPanel() {
  const { user } = useSession();
  const frameworks = useFrameworks();
  const [picked, setPicked] = useState<number | null>(null);
  const id = chosen(frameworks.data?.results, picked);
  const detail = useFramework(id);
  const [form, setForm] = useState<FrameworkForm>({ open: false, editing: false });
  const [recording, setRecording] = useState<Recording>(null);
  const [importing, setImporting] = useState<'csv' | 'case' | null>(null);
  const [editor, setEditor] = useState<Editing>({ open: false, editing: null, parentId: null });
  const [removing, setRemoving] = useState<Removing>(null);
  const removeFramework = useRemoveFramework();
  const removeCompetency = useRemoveCompetency();
  const canCreate = frameworks.data?.abilities.create ?? false;

  if (frameworks.isLoading) return <Skeleton variant="rounded" height={160} />;
  if (frameworks.isError) return <Alert severity="error">{errorMessage(frameworks.error)}</Alert>;
  const list = frameworks.data?.results ?? [];
  const fw = detail.data;
  const manage = fw?.abilities.edit ?? false;
  // The framework says nothing about evidence: the server's rule is by role (admins, trainers).
  const record =
    (fw?.competencies.length ?? 0) > 0 &&
    user !== null &&
    (isAdmin(user.role.id) || user.role.id === ROLE.TRAINER);
  const actions = (manage ? 3 : 0) + (record ? 1 : 0);
  const depth = depths(fw?.competencies ?? []);

  async function confirmRemove() {
    try {
      if (removing?.kind === 'framework' && fw) {
        await removeFramework.mutateAsync(fw.id);
        setPicked(null);
      } else if (removing?.kind === 'competency') {
        await removeCompetency.mutateAsync(removing.item.id);
      }
      notifySuccess('Deleted.');
    } catch (err) {
      notifyError(errorMessage(err));
    }
    setRemoving(null);
  }

  return (
    <Stack spacing={2.5}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ alignItems: { sm: 'center' } }}
      >
        {list.length > 0 && <FrameworkPicker frameworks={list} value={id} onChange={setPicked} />}
        <Box sx={{ flex: 1 }} />
        {canCreate && (
          <>
            <Button
              variant="contained"
              startIcon={<AddOutlined />}
              onClick={() => setForm({ open: true, editing: false })}
            >
              New framework
            </Button>
            <Button variant="outlined" onClick={() => setImporting('case')}>
              Import CASE
            </Button>
          </>
        )}
      </Stack>

      {list.length === 0 && (
        <SectionCard title="Frameworks">
          <EmptyState icon={<AccountTreeOutlined />}>
            No competency frameworks yet.
            {canCreate && ' Create one, or import a CASE package.'}
          </EmptyState>
        </SectionCard>
      )}

      {id !== null && detail.isLoading && <Skeleton variant="rounded" height={200} />}
      {detail.isError && <Alert severity="error">{errorMessage(detail.error)}</Alert>}
      {fw && (
        <SectionCard title={fw.name} subtitle={fw.description || undefined}>
          {/* In the body, not the card's header: four buttons beside the title do not fit 360 px. */}
          {(manage || record || fw.abilities.delete) && (
            <Stack
              direction="row"
              sx={{ flexWrap: 'wrap', gap: 0.5, mt: -1, mb: 1.5 }}
              aria-label="Framework actions"
            >
              {record && (
                <Button size="small" onClick={() => setRecording({ competencyId: null })}>
                  Record evidence
                </Button>
              )}
              {manage && (
                <>
                  <Button size="small" onClick={() => setForm({ open: true, editing: true })}>
                    Edit framework
                  </Button>
                  <Button size="small" onClick={() => setImporting('csv')}>
                    Import CSV
                  </Button>
                </>
              )}
              {fw.abilities.delete && (
                <Button
                  size="small"
                  color="error"
                  onClick={() => setRemoving({ kind: 'framework' })}
                >
                  Delete
                </Button>
              )}
            </Stack>
          )}
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.75, mb: 2 }} aria-label="Scale">
            {fw.scale.map((l) => (
              <Chip key={l.level} size="small" label={levelLabel(fw.scale, l.level)} />
            ))}
          </Stack>
          {fw.competencies.length === 0 ? (
            <EmptyState icon={<AccountTreeOutlined />}>
              This framework has no competencies yet.
            </EmptyState>
          ) : (
            <List dense aria-label="Competencies">
              {fw.competencies.map((c) => (
                <ListItem
                  key={c.id}
                  sx={{ pl: 1 + Math.min(depth.get(c.id) ?? 0, 6) * 2.5, pr: 1 + actions * 5 }}
                  secondaryAction={
                    actions > 0 && (
                      <Stack direction="row">
                        {record && (
                          <IconButton
                            aria-label={`Record evidence for ${c.code}`}
                            onClick={() => setRecording({ competencyId: c.id })}
                          >
                            <FactCheckOutlined />
                          </IconButton>
                        )}
                        {manage && (
                          <>
                            <IconButton
                              aria-label={`Add under ${c.code}`}
                              onClick={() =>
                                setEditor({ open: true, editing: null, parentId: c.id })
                              }
                            >
                              <AddOutlined />
                            </IconButton>
                            <IconButton
                              aria-label={`Edit ${c.code}`}
                              onClick={() => setEditor({ open: true, editing: c, parentId: null })}
                            >
                              <EditOutlined />
                            </IconButton>
                            <IconButton
                              aria-label={`Delete ${c.code}`}
                              onClick={() => setRemoving({ kind: 'competency', item: c })}
                            >
                              <DeleteOutlined />
                            </IconButton>
                          </>
                        )}
                      </Stack>
                    )
                  }
                >
                  <ListItemText
                    primary={`${c.code} — ${c.name}`}
                    secondary={c.description || undefined}
                    slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
                  />
                </ListItem>
              ))}
            </List>
          )}
          {manage && (
            <Button
              startIcon={<AddOutlined />}
              onClick={() => setEditor({ open: true, editing: null, parentId: null })}
            >
              Add competency
            </Button>
          )}
        </SectionCard>
      )}
      {fw && <ThresholdsSection framework={fw} />}

      <FrameworkDialog
        open={form.open}
        framework={form.editing ? (fw ?? null) : null}
        onClose={() => setForm((f) => ({ ...f, open: false }))}
        onSaved={setPicked}
      />
      <ImportDialog
        open={importing !== null}
        format={importing ?? 'csv'}
        frameworkId={id}
        onClose={() => setImporting(null)}
        onImported={setPicked}
      />
      {fw && (
        <CompetencyDialog
          open={editor.open}
          frameworkId={fw.id}
          all={fw.competencies}
          editing={editor.editing}
          parentId={editor.parentId}
          onClose={() => setEditor({ open: false, editing: null, parentId: null })}
        />
      )}
      {fw && (
        <EvidenceDialog
          open={recording !== null}
          framework={fw}
          competencyId={recording?.competencyId ?? null}
          onClose={() => setRecording(null)}
        />
      )}
      <ConfirmDialog
        open={removing !== null}
        title={removing?.kind === 'framework' ? 'Delete framework?' : 'Delete competency?'}
        confirmLabel="Delete"
        destructive
        busy={removeFramework.isPending || removeCompetency.isPending}
        onConfirm={() => void confirmRemove()}
        onClose={() => setRemoving(null)}
      >
        {removing?.kind === 'framework'
          ? 'The framework, its competencies and thresholds are deleted. A framework with links or evidence cannot be.'
          : 'The competency and its children are deleted, unless links or evidence hang on them.'}
      </ConfirmDialog>
    </Stack>
  );
}
