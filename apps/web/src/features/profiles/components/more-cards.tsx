import type { TProfileDetails } from '@atrium/contract';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { type ComponentType, type ReactNode, useState } from 'react';
import { FooterButton } from '../../../shared/forms/form-footer.tsx';
import { FormDialog } from '../../../shared/ui/form-dialog.tsx';
import { SectionCard } from '../../../shared/ui/section-card.tsx';
import { AdditionalInfoForm } from './additional-info-form.tsx';
import { DetailList } from './detail-list.tsx';
import { AddressForm, SocialForm } from './text-section-form.tsx';

type SectionForm = ComponentType<{
  profile: TProfileDetails;
  own: boolean;
  onDone: () => void;
  secondary?: ReactNode;
}>;

/** A one-of-a-kind section: what is stored, and an Edit button opening its form. */
function EditableCard({
  title,
  profile,
  own,
  Form,
  children,
}: {
  title: string;
  profile: TProfileDetails;
  own: boolean;
  Form: SectionForm;
  children: ReactNode;
}) {
  const [editing, setEditing] = useState(false);
  const close = () => setEditing(false);
  return (
    <SectionCard
      title={title}
      action={
        profile.abilities.edit && (
          <Button
            size="small"
            startIcon={<EditOutlined />}
            onClick={() => setEditing(true)}
            aria-label={`Edit ${title.toLowerCase()}`}
          >
            Edit
          </Button>
        )
      }
    >
      {children}
      <FormDialog open={editing} title={`Edit ${title.toLowerCase()}`} onClose={close}>
        <Form
          profile={profile}
          own={own}
          onDone={close}
          secondary={<FooterButton onClick={close}>Cancel</FooterButton>}
        />
      </FormDialog>
    </SectionCard>
  );
}

export function AddressCard({ profile, own }: { profile: TProfileDetails; own: boolean }) {
  const address = profile.location;
  return (
    <EditableCard title="Address" profile={profile} own={own} Form={AddressForm}>
      <DetailList
        details={[
          { label: 'Street', value: address?.address_line },
          { label: 'City', value: [address?.postal_code, address?.city].filter(Boolean).join(' ') },
          { label: 'State or region', value: address?.state },
          { label: 'Country', value: address?.country },
        ]}
      />
    </EditableCard>
  );
}

function Chips({ items }: { items: string[] }) {
  if (items.length === 0) return null;
  return (
    <Stack direction="row" spacing={0.75} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {items.map((item) => (
        <Chip key={item} size="small" label={item} />
      ))}
    </Stack>
  );
}

export function AdditionalInfoCard({ profile, own }: { profile: TProfileDetails; own: boolean }) {
  const info = profile.additional_info;
  return (
    <EditableCard title="Additional info" profile={profile} own={own} Form={AdditionalInfoForm}>
      <DetailList
        details={[
          {
            label: 'Languages',
            value: info?.languages.length ? (
              <Chips items={info.languages.map((l) => l.name)} />
            ) : null,
          },
          { label: 'Skills', value: info?.skills.length ? <Chips items={info.skills} /> : null },
          { label: 'Interests', value: info?.interests },
        ]}
      />
    </EditableCard>
  );
}

const SOCIAL_LABELS = [
  ['linkedin', 'LinkedIn'],
  ['twitter', 'X (Twitter)'],
  ['facebook', 'Facebook'],
  ['github', 'GitHub'],
  ['website', 'Website'],
] as const;

export function SocialCard({ profile, own }: { profile: TProfileDetails; own: boolean }) {
  const links = profile.social_media;
  return (
    <EditableCard title="Social links" profile={profile} own={own} Form={SocialForm}>
      <DetailList
        details={SOCIAL_LABELS.map(([key, label]) => ({
          label,
          value: links?.[key] && (
            <Link href={links[key]} target="_blank" rel="noopener noreferrer nofollow">
              {links[key]}
            </Link>
          ),
        }))}
      />
    </EditableCard>
  );
}
