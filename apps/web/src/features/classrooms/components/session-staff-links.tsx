import type { TSession } from '@atrium/contract';
import EditOutlined from '@mui/icons-material/EditOutlined';
import HowToRegOutlined from '@mui/icons-material/HowToRegOutlined';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router';
import { addSessionUrl, attendeesUrl } from '../labels.ts';

/** Staff's ways on from a session: its attendees and its editor, as the server allows. */
export function SessionStaffLinks({ session }: { session: TSession }) {
  return (
    <>
      {session.abilities.attendance && (
        <Button
          size="small"
          variant="outlined"
          startIcon={<HowToRegOutlined />}
          component={RouterLink}
          to={attendeesUrl(session.id)}
        >
          Attendees
        </Button>
      )}
      {session.abilities.edit && (
        <Button
          size="small"
          startIcon={<EditOutlined />}
          component={RouterLink}
          to={addSessionUrl(session.topic, session.id)}
          aria-label={`Edit ${session.title}`}
        >
          Edit
        </Button>
      )}
    </>
  );
}
