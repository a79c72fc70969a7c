import type { TLinkPreview } from '@atrium/contract';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Typography from '@mui/material/Typography';

/**
 * The first link's preview, as the server built it (its image is Atrium's re-encoded copy, so
 * the reader's browser never calls the linked site until they open the link).
 */
export function LinkPreviewCard({ preview }: { preview: TLinkPreview }) {
  return (
    <Card variant="outlined" sx={{ overflow: 'hidden' }}>
      <CardActionArea
        href={preview.url}
        target="_blank"
        rel="noopener noreferrer nofollow ugc"
        aria-label={`${preview.title || preview.site_name} (opens in a new tab)`}
        sx={{ display: 'flex', flexDirection: { xs: 'column', sm: 'row' }, alignItems: 'stretch' }}
      >
        {preview.image && (
          <Box
            component="img"
            src={preview.image}
            alt=""
            sx={{
              width: { xs: '100%', sm: 160 },
              height: { xs: 160, sm: 'auto' },
              objectFit: 'cover',
              flexShrink: 0,
              bgcolor: 'action.hover',
            }}
          />
        )}
        <Box sx={{ p: 1.5, minWidth: 0, flex: 1 }}>
          <Typography variant="caption" component="p" sx={{ color: 'text.secondary' }}>
            {preview.site_name}
          </Typography>
          {preview.title && (
            <Typography variant="subtitle2" component="p" sx={{ overflowWrap: 'anywhere' }}>
              {preview.title}
            </Typography>
          )}
          {preview.description && (
            <Typography
              variant="body2"
              sx={{
                color: 'text.secondary',
                display: '-webkit-box',
                WebkitLineClamp: 2,
                WebkitBoxOrient: 'vertical',
                overflow: 'hidden',
              }}
            >
              {preview.description}
            </Typography>
          )}
        </Box>
      </CardActionArea>
    </Card>
  );
}
