import { type TWallReaction, type TWallReactionCounts, WALL_REACTIONS } from '@atrium/contract';
import ArrowDropDown from '@mui/icons-material/ArrowDropDown';
import ThumbUpOutlined from '@mui/icons-material/ThumbUpOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonGroup from '@mui/material/ButtonGroup';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useReact } from '../../api/wall.api.ts';
import { plural, REACTION_INFO } from '../../labels.ts';
import { ReactionIcon } from './reaction-icon.tsx';

/** "(like)(celebrate) 5 reactions": the kinds used, most used first, and the total. */
export function ReactionSummary({ reactions }: { reactions: TWallReactionCounts }) {
  if (reactions.total === 0) return null;
  const used = WALL_REACTIONS.filter((k) => reactions.counts[k] > 0).sort(
    (a, b) => reactions.counts[b] - reactions.counts[a],
  );
  const described = used.map((k) => `${REACTION_INFO[k].label} ${reactions.counts[k]}`).join(', ');
  return (
    <Typography variant="body2" sx={{ color: 'text.secondary' }} title={described}>
      <Box
        component="span"
        aria-hidden
        sx={{ mr: 0.5, display: 'inline-flex', verticalAlign: 'text-bottom', gap: 0.25 }}
      >
        {used.map((k) => (
          <ReactionIcon key={k} kind={k} fontSize="inherit" />
        ))}
      </Box>
      {plural(reactions.total, 'reaction')}
    </Typography>
  );
}

/**
 * The main button likes (or takes the caller's reaction back); the arrow opens the five kinds
 * with their counts. The caller's reaction is pressed and named.
 */
export function ReactionButton({
  postId,
  reactions,
}: {
  postId: number;
  reactions: TWallReactionCounts;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const react = useReact(postId);
  const menuId = useId();
  const mine = reactions.mine;
  const choose = (kind: TWallReaction | null) => {
    setAnchor(null);
    react.mutate(kind);
  };
  return (
    <>
      <ButtonGroup variant="text" color="inherit" disabled={react.isPending}>
        <Button
          aria-pressed={mine !== null}
          onClick={() => choose(mine ? null : 'like')}
          startIcon={mine ? <ReactionIcon kind={mine} /> : <ThumbUpOutlined />}
          sx={{ fontWeight: mine ? 700 : 500 }}
        >
          {mine ? REACTION_INFO[mine].label : 'Like'}
        </Button>
        <Button
          size="small"
          aria-label="Choose a reaction"
          aria-haspopup="menu"
          aria-controls={anchor ? menuId : undefined}
          aria-expanded={anchor ? true : undefined}
          onClick={(event) => setAnchor(event.currentTarget)}
          sx={{ minWidth: 0, px: 0.5 }}
        >
          <ArrowDropDown />
        </Button>
      </ButtonGroup>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        slotProps={{ list: { 'aria-label': 'Reactions' } }}
      >
        {WALL_REACTIONS.map((kind) => (
          <MenuItem
            key={kind}
            selected={mine === kind}
            onClick={() => choose(mine === kind ? null : kind)}
          >
            <ListItemIcon aria-hidden>
              <ReactionIcon kind={kind} />
            </ListItemIcon>
            <ListItemText
              primary={`${REACTION_INFO[kind].label}${mine === kind ? ' (yours)' : ''}`}
            />
            <Typography variant="body2" sx={{ ml: 2, color: 'text.secondary' }}>
              {reactions.counts[kind]}
            </Typography>
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
