import type { TBlogPerson } from '@atrium/contract';
import Avatar from '@mui/material/Avatar';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { initials } from '../../../shared/format/initials.ts';

/** An author's photo (or initials) and name, with what follows it (a date). */
export function PersonLine({
  person,
  children,
  size = 32,
}: {
  person: TBlogPerson | null;
  children?: ReactNode;
  size?: number;
}) {
  const name = person?.fullname ?? 'A former member';
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
      <Avatar
        src={person?.image ?? undefined}
        alt=""
        aria-hidden
        sx={{ width: size, height: size, fontSize: size * 0.4, bgcolor: 'primary.main' }}
      >
        {initials(name) || '?'}
      </Avatar>
      <Typography variant="body2" sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
        <strong>{name}</strong>
        {children}
      </Typography>
    </Stack>
  );
}
