import type { TBadgeAward } from '@atrium/contract';
import MilitaryTechOutlined from '@mui/icons-material/MilitaryTechOutlined';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TablePagination from '@mui/material/TablePagination';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { ApiError, errorMessage } from '../../../../shared/api/api-error.ts';
import { pageCountProps } from '../../../../shared/ui/page-count.ts';
import { EmptyState, SectionCard } from '../../../../shared/ui/section-card.tsx';
import { useBadgeAwards, useRevokeAward } from '../../api/badges.api.ts';
import { dayLabel } from '../../labels.ts';

const PAGE_SIZE = 10;

/** Recent awards in the organisation; admins revoke one with a reason. */
export function AwardsCard() {
  const [page, setPage] = useState(0);
  const awards = useBadgeAwards({ page: page + 1, page_size: PAGE_SIZE });
  const [revoking, setRevoking] = useState<TBadgeAward | null>(null);
  const list = awards.data?.results ?? [];
  return (
    <SectionCard title="Recent awards" busy={awards.isPending}>
      {awards.isPending ? (
        <Skeleton variant="rounded" height={120} aria-hidden />
      ) : awards.isError ? (
        <Alert severity="error">
          {errorMessage(awards.error, 'The awards could not be loaded.')}
        </Alert>
      ) : list.length === 0 ? (
        <EmptyState icon={<MilitaryTechOutlined fontSize="large" />}>
          No badge awarded yet.
        </EmptyState>
      ) : (
        <>
          <List aria-label="Awards" disablePadding>
            {list.map((a, i) => (
              <ListItem
                key={a.id}
                divider={i < list.length - 1}
                sx={{ px: 0, gap: 2, flexWrap: 'wrap' }}
              >
                <Avatar src={a.badge.image_url ?? undefined} alt="" variant="rounded" />
                <Box sx={{ flex: '1 1 200px', minWidth: 0 }}>
                  <Typography>
                    <strong>{a.person.fullname}</strong> earned {a.badge.name}
                  </Typography>
                  <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                    {dayLabel(a.awarded_at)}
                    {a.manual ? ' · by hand' : ''}
                  </Typography>
                </Box>
                {a.abilities.revoke && (
                  <Button
                    size="small"
                    color="error"
                    onClick={() => setRevoking(a)}
                    aria-label={`Revoke ${a.badge.name} from ${a.person.fullname}`}
                  >
                    Revoke
                  </Button>
                )}
              </ListItem>
            ))}
          </List>
          {awards.data && awards.data.count > PAGE_SIZE && (
            <TablePagination
              component="div"
              page={page}
              rowsPerPage={PAGE_SIZE}
              rowsPerPageOptions={[PAGE_SIZE]}
              onPageChange={(_e, next) => setPage(next)}
              {...pageCountProps(awards.data)}
            />
          )}
        </>
      )}
      {revoking && <RevokeDialog award={revoking} onClose={() => setRevoking(null)} />}
    </SectionCard>
  );
}

function RevokeDialog({ award, onClose }: { award: TBadgeAward; onClose: () => void }) {
  const revoke = useRevokeAward();
  const [reason, setReason] = useState('');
  const titleId = useId();
  const errors = revoke.error instanceof ApiError ? revoke.error.fieldErrors : {};
  return (
    <Dialog
      open
      onClose={revoke.isPending ? undefined : onClose}
      aria-labelledby={titleId}
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id={titleId}>Revoke {award.badge.name}?</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {revoke.isError && Object.keys(errors).length === 0 && (
            <Alert severity="error">
              {errorMessage(revoke.error, 'The award could not be revoked.')}
            </Alert>
          )}
          <Typography variant="body2">
            {award.person.fullname} loses the badge and its credential is revoked. It is not awarded
            to them again automatically.
          </Typography>
          <TextField
            label="Reason"
            required
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            slotProps={{ htmlInput: { maxLength: 500 } }}
            error={Boolean(errors.reason)}
            helperText={errors.reason?.[0]}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={revoke.isPending}>
          Cancel
        </Button>
        <Button
          color="error"
          variant="contained"
          loading={revoke.isPending}
          disabled={reason.trim() === ''}
          onClick={() => revoke.mutate({ id: award.id, reason }, { onSuccess: onClose })}
        >
          Revoke
        </Button>
      </DialogActions>
    </Dialog>
  );
}
