import type { TEventOccurrence } from '@atrium/contract';
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import { useState } from 'react';
import { whenText } from './event-when.ts';

const SHOWN = 5;

/**
 * The occurrences, upcoming first (soonest on top) then past ones (latest on top), each past
 * one marked and those the caller attended ticked. Long series show the first few until asked.
 */
export function OccurrenceList({
  occurrences,
  timeZone,
  now = Date.now(),
}: {
  occurrences: TEventOccurrence[];
  timeZone: string;
  now?: number;
}) {
  const [all, setAll] = useState(false);
  const upcoming = occurrences.filter((o) => Date.parse(o.ends_at) > now);
  const past = occurrences.filter((o) => Date.parse(o.ends_at) <= now).reverse();
  const ordered = [...upcoming, ...past];
  const shown = all ? ordered : ordered.slice(0, SHOWN);
  return (
    <>
      <List dense disablePadding aria-label="Occurrences">
        {shown.map((o) => {
          const isPast = Date.parse(o.ends_at) <= now;
          const when = whenText({ start: o.starts_at, end: o.ends_at }, timeZone);
          return (
            <ListItem
              key={o.starts_at}
              disableGutters
              secondaryAction={
                o.attended ? (
                  <Chip
                    size="small"
                    color="success"
                    icon={<CheckCircleOutlined />}
                    label="Attended"
                  />
                ) : isPast ? (
                  <Chip size="small" label="Past" />
                ) : null
              }
              sx={{ color: isPast ? 'text.secondary' : undefined, pr: 12 }}
            >
              <ListItemText primary={when.local} secondary={when.own} />
            </ListItem>
          );
        })}
      </List>
      {ordered.length > SHOWN && (
        <Button size="small" onClick={() => setAll((v) => !v)} sx={{ alignSelf: 'flex-start' }}>
          {all ? 'Show fewer' : `Show all ${ordered.length} occurrences`}
        </Button>
      )}
    </>
  );
}
