import type { TScormSco, TScoStatus } from '@atrium/contract';
import CheckCircle from '@mui/icons-material/CheckCircle';
import HighlightOff from '@mui/icons-material/HighlightOff';
import Lock from '@mui/icons-material/Lock';
import RadioButtonUnchecked from '@mui/icons-material/RadioButtonUnchecked';
import Timelapse from '@mui/icons-material/Timelapse';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import { formatSeconds, statusLabel } from './scorm-status.ts';

export interface TocEntry {
  sco: TScormSco;
  status: TScoStatus;
  seconds: number;
  /** Why it cannot be opened yet (prerequisites); null when it can. */
  disabledReason?: string | null;
}

function StatusIcon({ status }: { status: TScoStatus }) {
  if (status === 'completed' || status === 'passed')
    return <CheckCircle color="success" fontSize="small" />;
  if (status === 'failed') return <HighlightOff color="error" fontSize="small" />;
  if (status === 'incomplete' || status === 'browsed')
    return <Timelapse color="warning" fontSize="small" />;
  return <RadioButtonUnchecked color="disabled" fontSize="small" />;
}

/** The package's table of contents: items nest by depth; only launchable ones are buttons. */
export function ScormToc({
  entries,
  groups,
  current,
  onSelect,
}: {
  entries: TocEntry[];
  /** Grouping items (not launchable), shown as headings. */
  groups: TScormSco[];
  current: string | null;
  onSelect: (identifier: string) => void;
}) {
  const rows = [
    ...entries.map((e) => ({ kind: 'sco' as const, ...e })),
    ...groups.map((g) => ({ kind: 'group' as const, sco: g })),
  ].sort((a, b) => a.sco.position - b.sco.position);
  return (
    <List dense aria-label="Package contents" sx={{ py: 0 }}>
      {rows.map((row) =>
        row.kind === 'group' ? (
          <ListSubheader
            key={row.sco.identifier}
            sx={{ pl: 2 + row.sco.depth * 2, lineHeight: '32px' }}
          >
            {row.sco.title}
          </ListSubheader>
        ) : (
          <ListItemButton
            key={row.sco.identifier}
            selected={row.sco.identifier === current}
            aria-current={row.sco.identifier === current ? 'step' : undefined}
            // The server refuses the launch too; the reason stays readable on the row.
            disabled={Boolean(row.disabledReason)}
            onClick={() => onSelect(row.sco.identifier)}
            sx={{ pl: 2 + row.sco.depth * 2 }}
          >
            <ListItemIcon sx={{ minWidth: 32 }}>
              {row.disabledReason ? (
                <Lock color="disabled" fontSize="small" />
              ) : (
                <StatusIcon status={row.status} />
              )}
            </ListItemIcon>
            <ListItemText
              primary={row.sco.title}
              secondary={
                row.disabledReason ??
                `${statusLabel(row.status)}${row.seconds > 0 ? ` · ${formatSeconds(row.seconds)}` : ''}`
              }
            />
          </ListItemButton>
        ),
      )}
    </List>
  );
}
