import { credentialOps, type TBadgeGalleryItem } from '@atrium/contract';
import LockOutlined from '@mui/icons-material/LockOutlined';
import MilitaryTechOutlined from '@mui/icons-material/MilitaryTechOutlined';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { errorMessage } from '../../../../shared/api/api-error.ts';
import { urlOf } from '../../../../shared/api/call.ts';
import { EmptyState, SectionCard } from '../../../../shared/ui/section-card.tsx';
import { useBadgeGallery } from '../../api/badges.api.ts';
import { dayLabel } from '../../labels.ts';

/**
 * One person's badges: what they earned (with the Open Badges credential to download, and the
 * PNG with it baked in, once issued) and what they have not yet, greyed, with what earns it.
 */
export function BadgeGallery({ userId }: { userId: number }) {
  const gallery = useBadgeGallery(userId);
  const items = gallery.data?.results ?? [];
  return (
    <SectionCard
      title="Badges"
      subtitle={gallery.data ? `${gallery.data.earned} of ${items.length} earned` : undefined}
      busy={gallery.isPending}
    >
      {gallery.isPending ? (
        <Skeleton variant="rounded" height={140} aria-hidden />
      ) : gallery.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => gallery.refetch()}>
              Retry
            </Button>
          }
        >
          {errorMessage(gallery.error, 'The badges could not be loaded.')}
        </Alert>
      ) : items.length === 0 ? (
        <EmptyState icon={<MilitaryTechOutlined fontSize="large" />}>
          This organisation has no badges yet.
        </EmptyState>
      ) : (
        <Box
          component="ul"
          aria-label="Badge gallery"
          sx={{
            listStyle: 'none',
            p: 0,
            m: 0,
            display: 'grid',
            gap: 2,
            gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))',
          }}
        >
          {items.map((item) => (
            <GalleryItem key={item.badge.id} item={item} />
          ))}
        </Box>
      )}
    </SectionCard>
  );
}

function GalleryItem({ item }: { item: TBadgeGalleryItem }) {
  const { badge, award } = item;
  const uuid = award?.credential_uuid ?? null;
  return (
    <Stack
      component="li"
      aria-label={`${badge.name}: ${award ? 'earned' : 'not yet'}`}
      spacing={0.5}
      sx={{ alignItems: 'center', textAlign: 'center' }}
    >
      <Avatar
        src={badge.image_url ?? undefined}
        alt=""
        variant="rounded"
        // Only the image is dimmed: its text keeps full contrast.
        sx={{
          width: 72,
          height: 72,
          filter: award ? undefined : 'grayscale(1)',
          opacity: award ? 1 : 0.6,
        }}
      >
        <MilitaryTechOutlined />
      </Avatar>
      <Typography sx={{ fontWeight: 600 }}>{badge.name}</Typography>
      {award ? (
        <Typography variant="caption" sx={{ color: 'success.main' }}>
          Earned {dayLabel(award.awarded_at)}
        </Typography>
      ) : (
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          <LockOutlined sx={{ fontSize: 12, verticalAlign: 'middle', mr: 0.5 }} />
          Not yet: {badge.criteria_text}
        </Typography>
      )}
      {uuid && (
        <Stack direction="row" spacing={1}>
          <Link href={urlOf(credentialOps.download, { params: { uuid } })} variant="caption">
            Credential (JSON)
          </Link>
          <Link href={urlOf(credentialOps.badgeImage, { params: { uuid } })} variant="caption">
            Badge PNG
          </Link>
        </Stack>
      )}
    </Stack>
  );
}
