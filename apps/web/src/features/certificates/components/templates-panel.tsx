import {
  CERTIFICATE_ASSIGNMENT_KINDS,
  type TCertificateAssignmentKind,
  type TCertificateTemplate,
} from '@atrium/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { errorMessage } from '../../../shared/api/api-error.ts';
import type { Pick } from '../../../shared/api/pick-search.ts';
import { notifyError, notifySuccess } from '../../../shared/notify/notify.ts';
import { SectionCard } from '../../../shared/ui/section-card.tsx';
import {
  useAssign,
  useAssignments,
  useDeleteTemplate,
  useTemplates,
  useUnassign,
} from '../api/certificates.api.ts';
import { KIND_LABEL } from '../labels.ts';
import { AchievementField } from './achievement-field.tsx';
import { TemplateDesigner } from './template-designer.tsx';

const kindLabel = (k: TCertificateAssignmentKind) =>
  k === 'default' ? 'Organisation default' : KIND_LABEL[k];

function AssignForm({ templates }: { templates: TCertificateTemplate[] }) {
  const [kind, setKind] = useState<TCertificateAssignmentKind>('default');
  const [achievement, setAchievement] = useState<Pick | null>(null);
  const [templateId, setTemplateId] = useState<number | ''>('');
  const [hours, setHours] = useState('');
  const assign = useAssign();
  const submit = async () => {
    try {
      await assign.mutateAsync({
        kind,
        achievement_id: kind === 'default' ? null : (achievement?.id ?? null),
        achievement_name: kind === 'default' ? '' : (achievement?.title ?? ''),
        template_id: Number(templateId),
        hours: hours === '' ? null : Number(hours),
      });
      notifySuccess('Template attached.');
    } catch (err) {
      notifyError(errorMessage(err));
    }
  };
  return (
    <Stack
      direction={{ xs: 'column', md: 'row' }}
      spacing={2}
      sx={{ alignItems: { md: 'flex-start' } }}
    >
      <TextField
        select
        label="For"
        value={kind}
        onChange={(e) => {
          setKind(e.target.value as TCertificateAssignmentKind);
          setAchievement(null);
        }}
        sx={{ minWidth: 180 }}
      >
        {CERTIFICATE_ASSIGNMENT_KINDS.map((k) => (
          <MenuItem key={k} value={k}>
            {kindLabel(k)}
          </MenuItem>
        ))}
      </TextField>
      {kind !== 'default' && (
        <AchievementField key={kind} kind={kind} value={achievement} onChange={setAchievement} />
      )}
      <TextField
        select
        label="Template"
        value={templateId}
        onChange={(e) => setTemplateId(Number(e.target.value))}
        sx={{ minWidth: 180 }}
      >
        {templates.map((t) => (
          <MenuItem key={t.id} value={t.id}>
            {t.name}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        label="Hours"
        value={hours}
        onChange={(e) => setHours(e.target.value)}
        slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        sx={{ width: 100 }}
      />
      <Button
        variant="contained"
        onClick={submit}
        disabled={
          templateId === '' || (kind !== 'default' && achievement === null) || assign.isPending
        }
      >
        Attach
      </Button>
    </Stack>
  );
}

/** Templates (designer) and which template each achievement uses. */
export function TemplatesPanel() {
  const templates = useTemplates();
  const assignments = useAssignments();
  const [editing, setEditing] = useState<TCertificateTemplate | null | 'new'>(null);
  const remove = useDeleteTemplate();
  const unassign = useUnassign();
  const act = async (p: Promise<unknown>, done: string) => {
    try {
      await p;
      notifySuccess(done);
    } catch (err) {
      notifyError(errorMessage(err));
    }
  };
  return (
    <Stack spacing={3}>
      <SectionCard
        title="Templates"
        action={
          <Button variant="contained" onClick={() => setEditing('new')}>
            New template
          </Button>
        }
      >
        {templates.isPending && (
          <Skeleton variant="rounded" height={80} aria-label="Loading templates" />
        )}
        {templates.isError && <Alert severity="error">{errorMessage(templates.error)}</Alert>}
        {templates.data?.length === 0 && (
          <Alert severity="info">No templates yet: design one.</Alert>
        )}
        <List>
          {templates.data?.map((t) => (
            <ListItem
              key={t.id}
              secondaryAction={
                <Stack direction="row" spacing={1}>
                  <Button size="small" onClick={() => setEditing(t)} aria-label={`Edit ${t.name}`}>
                    Edit
                  </Button>
                  <Button
                    size="small"
                    color="error"
                    onClick={() => act(remove.mutateAsync(t.id), 'Template deleted.')}
                    aria-label={`Delete ${t.name}`}
                  >
                    Delete
                  </Button>
                </Stack>
              }
            >
              <ListItemText
                primary={t.name}
                secondary={`${t.assignment_count} use(s) · ${t.validity_months ? `${t.validity_months} months` : 'never expires'}`}
              />
            </ListItem>
          ))}
        </List>
      </SectionCard>
      <SectionCard title="Where templates are used">
        {templates.data && templates.data.length > 0 && <AssignForm templates={templates.data} />}
        <List>
          {assignments.data?.map((a) => (
            <ListItem
              key={a.id}
              secondaryAction={
                <Button
                  size="small"
                  onClick={() => act(unassign.mutateAsync(a.id), 'Template detached.')}
                  aria-label={`Detach ${a.template_name} from ${a.achievement_name || kindLabel(a.kind)}`}
                >
                  Detach
                </Button>
              }
            >
              <ListItemText
                primary={
                  a.kind === 'default'
                    ? 'Organisation default'
                    : `${KIND_LABEL[a.kind]}: ${a.achievement_name || `#${a.achievement_id}`}`
                }
                secondary={`Template: ${a.template_name}${a.hours !== null ? ` · ${a.hours} h` : ''}`}
              />
            </ListItem>
          ))}
        </List>
      </SectionCard>
      {editing !== null && (
        <TemplateDesigner
          template={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
    </Stack>
  );
}
