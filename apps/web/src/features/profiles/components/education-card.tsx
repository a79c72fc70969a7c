import type { TEducation, TProfileDetails } from '@atrium/contract';
import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import SchoolOutlined from '@mui/icons-material/SchoolOutlined';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { FooterButton } from '../../../shared/forms/form-footer.tsx';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog.tsx';
import { FormDialog } from '../../../shared/ui/form-dialog.tsx';
import { EmptyState, SectionCard } from '../../../shared/ui/section-card.tsx';
import { useDeleteEducation } from '../api/profiles.api.ts';
import { EducationBulkForm } from './education-bulk-form.tsx';
import { EducationForm } from './education-form.tsx';

export function educationYears(entry: Pick<TEducation, 'start_year' | 'end_year'>): string {
  if (entry.start_year && entry.end_year) return `${entry.start_year}–${entry.end_year}`;
  if (entry.start_year) return `Since ${entry.start_year}`;
  return entry.end_year ? `Until ${entry.end_year}` : '';
}

/** The education entries, newest first as stored, each editable; several can be added at once. */
export function EducationList({
  profile,
  own,
  editable,
}: {
  profile: TProfileDetails;
  own: boolean;
  editable: boolean;
}) {
  const [editing, setEditing] = useState<TEducation | null>(null);
  const [deleting, setDeleting] = useState<TEducation | null>(null);
  const remove = useDeleteEducation(profile.id);
  if (profile.education.length === 0) {
    return <EmptyState icon={<SchoolOutlined />}>No education added yet.</EmptyState>;
  }
  return (
    <>
      <List disablePadding aria-label="Education">
        {profile.education.map((entry) => (
          <ListItem
            key={entry.id}
            divider
            disableGutters
            sx={{ pr: editable ? 10 : 0 }}
            secondaryAction={
              editable && (
                <>
                  <IconButton
                    aria-label={`Edit ${entry.degree} at ${entry.institution}`}
                    onClick={() => setEditing(entry)}
                  >
                    <EditOutlined fontSize="small" />
                  </IconButton>
                  <IconButton
                    edge="end"
                    aria-label={`Delete ${entry.degree} at ${entry.institution}`}
                    onClick={() => setDeleting(entry)}
                  >
                    <DeleteOutlined fontSize="small" />
                  </IconButton>
                </>
              )
            }
          >
            <ListItemText
              primary={[entry.degree, entry.field_of_study].filter(Boolean).join(', ')}
              secondary={[
                entry.institution,
                educationYears(entry),
                entry.grade && `Grade ${entry.grade}`,
              ]
                .filter(Boolean)
                .join(' · ')}
              slotProps={{ primary: { sx: { fontWeight: 600, overflowWrap: 'anywhere' } } }}
            />
          </ListItem>
        ))}
      </List>
      <FormDialog open={editing !== null} title="Edit education" onClose={() => setEditing(null)}>
        {editing && (
          <EducationForm
            userId={profile.id}
            own={own}
            entry={editing}
            onDone={() => setEditing(null)}
            secondary={<FooterButton onClick={() => setEditing(null)}>Cancel</FooterButton>}
          />
        )}
      </FormDialog>
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this education entry?"
        confirmLabel="Delete"
        destructive
        busy={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() =>
          deleting && remove.mutate(deleting.id, { onSuccess: () => setDeleting(null) })
        }
      >
        {deleting &&
          `${deleting.degree} at ${deleting.institution} will be removed from the profile.`}
      </ConfirmDialog>
    </>
  );
}

export function EducationCard({ profile, own }: { profile: TProfileDetails; own: boolean }) {
  const [adding, setAdding] = useState<'one' | 'many' | null>(null);
  const close = () => setAdding(null);
  return (
    <SectionCard
      title="Education"
      action={
        profile.abilities.edit && (
          <Stack direction="row" spacing={0.5}>
            <Button size="small" startIcon={<AddOutlined />} onClick={() => setAdding('one')}>
              Add
            </Button>
            <Button size="small" onClick={() => setAdding('many')}>
              Add several
            </Button>
          </Stack>
        )
      }
    >
      <EducationList profile={profile} own={own} editable={profile.abilities.edit} />
      <FormDialog open={adding === 'one'} title="Add education" onClose={close}>
        <EducationForm
          userId={profile.id}
          own={own}
          onDone={close}
          secondary={<FooterButton onClick={close}>Cancel</FooterButton>}
        />
      </FormDialog>
      <FormDialog
        open={adding === 'many'}
        title="Add several education entries"
        onClose={close}
        maxWidth="md"
      >
        <EducationBulkForm
          userId={profile.id}
          own={own}
          onDone={close}
          secondary={<FooterButton onClick={close}>Cancel</FooterButton>}
        />
      </FormDialog>
    </SectionCard>
  );
}
