import type { TProfileDetails } from '@atrium/contract';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { FooterButton } from '../../../shared/forms/form-footer.tsx';
import { FormDialog } from '../../../shared/ui/form-dialog.tsx';
import { SectionCard } from '../../../shared/ui/section-card.tsx';
import { BasicsForm } from './basics-form.tsx';
import { DetailList } from './detail-list.tsx';

/** Contact and personal details, and the place in the organisation. */
export function AboutCard({ profile }: { profile: TProfileDetails }) {
  const [editing, setEditing] = useState(false);
  const p = profile.profile;
  return (
    <SectionCard
      title="About"
      action={
        profile.abilities.edit && (
          <Button
            size="small"
            startIcon={<EditOutlined />}
            onClick={() => setEditing(true)}
            aria-label="Edit about"
          >
            Edit
          </Button>
        )
      }
    >
      <DetailList
        details={[
          { label: 'E-mail', value: profile.email },
          { label: 'Phone', value: p.phone },
          { label: 'Gender', value: p.gender?.name },
          {
            label: 'Date of birth',
            value: p.date_of_birth && new Date(`${p.date_of_birth}T00:00:00`).toLocaleDateString(),
          },
          { label: 'Department', value: p.department?.name },
          { label: 'Designation', value: p.designation?.name },
          { label: 'Location', value: p.location?.name },
          { label: 'About me', value: p.bio },
        ]}
      />
      <FormDialog open={editing} title="Edit about" onClose={() => setEditing(false)} maxWidth="md">
        <BasicsForm
          profile={profile}
          onDone={() => setEditing(false)}
          secondary={<FooterButton onClick={() => setEditing(false)}>Cancel</FooterButton>}
        />
      </FormDialog>
    </SectionCard>
  );
}
