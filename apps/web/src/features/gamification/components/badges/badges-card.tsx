import type { TBadge } from '@atrium/contract';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import MilitaryTechOutlined from '@mui/icons-material/MilitaryTechOutlined';
import PersonAddAltOutlined from '@mui/icons-material/PersonAddAltOutlined';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TablePagination from '@mui/material/TablePagination';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { errorMessage } from '../../../../shared/api/api-error.ts';
import { ConfirmDialog } from '../../../../shared/ui/confirm-dialog.tsx';
import { pageCountProps } from '../../../../shared/ui/page-count.ts';
import { EmptyState, SectionCard } from '../../../../shared/ui/section-card.tsx';
import { useBadges, useRemoveBadge, useToggleBadge } from '../../api/badges.api.ts';
import { AwardDialog } from './award-dialog.tsx';
import { BadgeDialog } from './badge-dialog.tsx';

const PAGE_SIZE = 10;

/** Admins: the organisation's badges, with add, edit, switch on/off, award by hand and delete. */
export function BadgesCard() {
  const [page, setPage] = useState(0);
  const badges = useBadges({ page: page + 1, page_size: PAGE_SIZE });
  const toggle = useToggleBadge();
  const remove = useRemoveBadge();
  const [editing, setEditing] = useState<TBadge | null | undefined>(undefined);
  const [awarding, setAwarding] = useState<TBadge | null>(null);
  const [deleting, setDeleting] = useState<TBadge | null>(null);
  const list = badges.data?.results ?? [];

  return (
    <SectionCard
      title="Badges"
      subtitle="Awarded once per person when all of a badge’s criteria hold, or by hand."
      busy={badges.isFetching}
      action={
        <Button variant="contained" onClick={() => setEditing(null)}>
          Add badge
        </Button>
      }
    >
      {badges.isPending ? (
        <Stack spacing={1} aria-hidden>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} variant="rounded" height={56} />
          ))}
        </Stack>
      ) : badges.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => badges.refetch()}>
              Retry
            </Button>
          }
        >
          {errorMessage(badges.error, 'The badges could not be loaded.')}
        </Alert>
      ) : list.length === 0 ? (
        <EmptyState icon={<MilitaryTechOutlined fontSize="large" />}>
          No badges yet. Add one with an image and what earns it.
        </EmptyState>
      ) : (
        <>
          <List aria-label="Badges" disablePadding>
            {list.map((badge, i) => (
              <ListItem
                key={badge.id}
                divider={i < list.length - 1}
                sx={{ px: 0, gap: 2, flexWrap: 'wrap', alignItems: 'flex-start' }}
              >
                <Avatar
                  src={badge.image_url ?? undefined}
                  alt=""
                  variant="rounded"
                  sx={{ width: 48, height: 48 }}
                >
                  <MilitaryTechOutlined />
                </Avatar>
                <Box sx={{ flex: '1 1 220px', minWidth: 0 }}>
                  <Typography sx={{ fontWeight: 600 }}>{badge.name}</Typography>
                  <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                    {badge.criteria_text}
                  </Typography>
                  <Stack direction="row" spacing={1} sx={{ mt: 0.5 }}>
                    <Chip size="small" label={`${badge.awarded_count} awarded`} />
                    {!badge.active && <Chip size="small" color="warning" label="Inactive" />}
                  </Stack>
                </Box>
                <Stack direction="row" sx={{ alignItems: 'center' }}>
                  {badge.abilities.edit && (
                    <Tooltip title={badge.active ? 'Deactivate' : 'Activate'}>
                      <Switch
                        checked={badge.active}
                        disabled={toggle.isPending}
                        onChange={(e) => toggle.mutate({ id: badge.id, active: e.target.checked })}
                        slotProps={{ input: { 'aria-label': `Active: ${badge.name}` } }}
                      />
                    </Tooltip>
                  )}
                  {badge.abilities.award && (
                    <Tooltip title="Award by hand">
                      <IconButton
                        aria-label={`Award ${badge.name}`}
                        onClick={() => setAwarding(badge)}
                      >
                        <PersonAddAltOutlined />
                      </IconButton>
                    </Tooltip>
                  )}
                  {badge.abilities.edit && (
                    <Tooltip title="Edit">
                      <IconButton
                        aria-label={`Edit ${badge.name}`}
                        onClick={() => setEditing(badge)}
                      >
                        <EditOutlined />
                      </IconButton>
                    </Tooltip>
                  )}
                  {badge.abilities.delete && (
                    <Tooltip title="Delete">
                      <IconButton
                        aria-label={`Delete ${badge.name}`}
                        onClick={() => setDeleting(badge)}
                      >
                        <DeleteOutlined />
                      </IconButton>
                    </Tooltip>
                  )}
                </Stack>
              </ListItem>
            ))}
          </List>
          {badges.data && badges.data.count > PAGE_SIZE && (
            <TablePagination
              component="div"
              page={page}
              rowsPerPage={PAGE_SIZE}
              rowsPerPageOptions={[PAGE_SIZE]}
              onPageChange={(_e, next) => setPage(next)}
              {...pageCountProps(badges.data)}
            />
          )}
        </>
      )}
      {editing !== undefined && (
        <BadgeDialog
          key={editing?.id ?? 'new'}
          badge={editing}
          others={list.filter((b) => b.id !== editing?.id)}
          onClose={() => setEditing(undefined)}
        />
      )}
      {awarding && <AwardDialog badge={awarding} onClose={() => setAwarding(null)} />}
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete ${deleting?.name ?? 'the badge'}?`}
        confirmLabel="Delete"
        destructive
        busy={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() =>
          deleting && remove.mutate(deleting.id, { onSettled: () => setDeleting(null) })
        }
      >
        Everyone who holds it loses it, and its credentials are revoked. To stop awarding it but
        keep what was given, deactivate it instead.
      </ConfirmDialog>
    </SectionCard>
  );
}
