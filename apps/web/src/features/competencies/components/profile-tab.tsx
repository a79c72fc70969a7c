import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { type Person, PersonField } from './person-field.tsx';
import { ProfilePanel } from './profile-panel.tsx';

/**
 * The profile tab: one's own competencies; admins and trainers may pick a member to see theirs
 * (and record evidence for them there). The server decides whose profile the caller may read.
 */
export function ProfileTab({ staff }: { staff: boolean }) {
  const [person, setPerson] = useState<Person | null>(null);
  return (
    <Stack spacing={2}>
      {staff && (
        <PersonField
          label="Member"
          value={person}
          onChange={setPerson}
          helperText="Search a member to see their competencies; leave empty for your own."
        />
      )}
      {/* Keyed: another person's dialog state never carries over. */}
      <ProfilePanel key={person?.id ?? 'me'} person={person ?? undefined} />
    </Stack>
  );
}
