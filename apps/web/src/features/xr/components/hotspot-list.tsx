import type { TXrHotspot } from '@atrium/contract';
import CheckCircle from '@mui/icons-material/CheckCircle';
import RadioButtonUnchecked from '@mui/icons-material/RadioButtonUnchecked';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import type { ReactNode } from 'react';

/**
 * Every hotspot as a button in a list beside the viewer: the way in for keyboards and screen
 * readers, and the only one when the viewer cannot run.
 */
export function HotspotList({
  hotspots,
  visited,
  selected,
  onSelect,
  label,
  actions,
}: {
  hotspots: readonly TXrHotspot[];
  visited?: ReadonlySet<number>;
  selected: number | null;
  onSelect: (id: number) => void;
  label: string;
  actions?: (h: TXrHotspot) => ReactNode;
}) {
  return (
    <List aria-label={label} dense disablePadding>
      {hotspots.map((h, i) => {
        const done = visited?.has(h.id) ?? false;
        return (
          <ListItem key={h.id} disablePadding secondaryAction={actions?.(h)}>
            <ListItemButton
              selected={selected === h.id}
              onClick={() => onSelect(h.id)}
              aria-current={selected === h.id ? 'true' : undefined}
            >
              {visited && (
                <ListItemIcon sx={{ minWidth: 36 }}>
                  {done ? (
                    <CheckCircle color="success" titleAccess="Visited" />
                  ) : (
                    <RadioButtonUnchecked color="action" titleAccess="Not visited yet" />
                  )}
                </ListItemIcon>
              )}
              <ListItemText
                primary={`${i + 1}. ${h.title}`}
                slotProps={{ primary: { sx: { overflowWrap: 'anywhere', fontWeight: 500 } } }}
              />
            </ListItemButton>
          </ListItem>
        );
      })}
    </List>
  );
}
