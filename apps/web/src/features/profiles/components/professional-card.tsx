import type { TProfessionalInfo, TProfileDetails } from '@atrium/contract';
import AddOutlined from '@mui/icons-material/AddOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import WorkOutlineOutlined from '@mui/icons-material/WorkOutlineOutlined';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import { useState } from 'react';
import { FooterButton } from '../../../shared/forms/form-footer.tsx';
import { FormDialog } from '../../../shared/ui/form-dialog.tsx';
import { EmptyState, SectionCard } from '../../../shared/ui/section-card.tsx';
import { ProfessionalForm } from './professional-form.tsx';

const month = (date: string) =>
  new Date(`${date}T00:00:00`).toLocaleDateString(undefined, { month: 'short', year: 'numeric' });

function period(entry: TProfessionalInfo): string {
  const start = entry.start_date ? month(entry.start_date) : null;
  const end = entry.current ? 'now' : entry.end_date ? month(entry.end_date) : null;
  return [start, end].filter(Boolean).join(' – ');
}

/** Positions held. The API changes them but does not delete them, so neither does the screen. */
export function ProfessionalCard({ profile, own }: { profile: TProfileDetails; own: boolean }) {
  const [editing, setEditing] = useState<TProfessionalInfo | 'new' | null>(null);
  const close = () => setEditing(null);
  return (
    <SectionCard
      title="Work experience"
      action={
        profile.abilities.edit && (
          <Button size="small" startIcon={<AddOutlined />} onClick={() => setEditing('new')}>
            Add
          </Button>
        )
      }
    >
      {profile.professional_info.length === 0 ? (
        <EmptyState icon={<WorkOutlineOutlined />}>No positions added yet.</EmptyState>
      ) : (
        <List disablePadding aria-label="Work experience">
          {profile.professional_info.map((entry) => (
            <ListItem
              key={entry.id}
              divider
              disableGutters
              sx={{ pr: profile.abilities.edit ? 6 : 0, alignItems: 'flex-start' }}
              secondaryAction={
                profile.abilities.edit && (
                  <IconButton
                    edge="end"
                    aria-label={`Edit ${entry.title} at ${entry.company}`}
                    onClick={() => setEditing(entry)}
                  >
                    <EditOutlined fontSize="small" />
                  </IconButton>
                )
              }
            >
              <ListItemText
                primary={`${entry.title}, ${entry.company}`}
                secondary={[period(entry), entry.description].filter(Boolean).join('\n')}
                slotProps={{
                  primary: { sx: { fontWeight: 600, overflowWrap: 'anywhere' } },
                  secondary: { sx: { whiteSpace: 'pre-line', overflowWrap: 'anywhere' } },
                }}
              />
            </ListItem>
          ))}
        </List>
      )}
      <FormDialog
        open={editing !== null}
        title={editing === 'new' ? 'Add a position' : 'Edit position'}
        onClose={close}
      >
        {editing !== null && (
          <ProfessionalForm
            userId={profile.id}
            own={own}
            entry={editing === 'new' ? undefined : editing}
            onDone={close}
            secondary={<FooterButton onClick={close}>Cancel</FooterButton>}
          />
        )}
      </FormDialog>
    </SectionCard>
  );
}
