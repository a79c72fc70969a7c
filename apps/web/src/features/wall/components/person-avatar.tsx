import type { TWallPerson } from '@atrium/contract';
import Avatar from '@mui/material/Avatar';
import { initials } from '../../../shared/format/initials.ts';

/** A person's photo, or their initials; decorative, their name is always written beside it. */
export function PersonAvatar({ person, size = 40 }: { person: TWallPerson; size?: number }) {
  return (
    <Avatar
      src={person.image ?? undefined}
      alt=""
      aria-hidden
      sx={{
        width: size,
        height: size,
        fontSize: size * 0.4,
        bgcolor: 'primary.main',
        color: 'primary.contrastText',
      }}
    >
      {initials(person.fullname) || '?'}
    </Avatar>
  );
}
