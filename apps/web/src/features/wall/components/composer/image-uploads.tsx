import { WALL_MAX_IMAGES } from '@atrium/contract';
import Close from '@mui/icons-material/Close';
import ErrorOutlineOutlined from '@mui/icons-material/ErrorOutlineOutlined';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import type { ImageUpload } from './use-image-uploads.ts';

/**
 * The composer's images as removable thumbnails, each with its own upload progress (a ring with
 * the percent, announced), or what went wrong with it.
 */
export function ImageUploads({
  items,
  onRemove,
  disabled,
}: {
  items: readonly ImageUpload[];
  onRemove: (key: string) => void;
  disabled?: boolean;
}) {
  if (items.length === 0) return null;
  return (
    <Box
      component="ul"
      aria-label={`Images (${items.length} of ${WALL_MAX_IMAGES})`}
      sx={{
        listStyle: 'none',
        p: 0,
        m: 0,
        display: 'grid',
        gap: 1,
        gridTemplateColumns: 'repeat(auto-fill, minmax(88px, 1fr))',
      }}
    >
      {items.map((item, i) => {
        const src = item.image?.url ?? item.preview;
        const label = item.name === 'Image' ? `image ${i + 1}` : item.name;
        return (
          <Box
            component="li"
            key={item.key}
            aria-label={label}
            sx={{
              position: 'relative',
              aspectRatio: '1',
              borderRadius: 2,
              overflow: 'hidden',
              bgcolor: 'action.hover',
              border: 1,
              borderColor: item.status === 'failed' ? 'error.main' : 'divider',
            }}
          >
            {src && (
              <Box
                component="img"
                src={src}
                alt=""
                sx={{
                  width: '100%',
                  height: '100%',
                  objectFit: 'cover',
                  opacity: item.status === 'done' ? 1 : 0.5,
                }}
              />
            )}
            {item.status === 'uploading' && (
              <Box sx={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center' }}>
                <CircularProgress
                  variant={item.percent === null ? 'indeterminate' : 'determinate'}
                  value={item.percent ?? 0}
                  aria-label={`Uploading ${label}`}
                  aria-valuetext={
                    item.percent === null ? 'Uploading' : `Uploading ${item.percent}%`
                  }
                />
                <Typography
                  variant="caption"
                  role="status"
                  sx={{
                    position: 'absolute',
                    bottom: 4,
                    px: 0.5,
                    borderRadius: 1,
                    bgcolor: 'background.paper',
                    color: 'text.primary',
                  }}
                >
                  {item.percent === null ? 'Uploading…' : `${item.percent}%`}
                </Typography>
              </Box>
            )}
            {item.status === 'failed' && (
              <Box
                role="alert"
                title={item.error ?? undefined}
                sx={{
                  position: 'absolute',
                  inset: 0,
                  display: 'grid',
                  placeItems: 'center',
                  p: 0.5,
                  textAlign: 'center',
                  bgcolor: 'background.paper',
                }}
              >
                <ErrorOutlineOutlined color="error" aria-hidden />
                <Typography variant="caption" sx={{ color: 'text.primary' }}>
                  Not uploaded: {item.error}
                </Typography>
              </Box>
            )}
            <IconButton
              size="small"
              onClick={() => onRemove(item.key)}
              disabled={disabled}
              aria-label={`Remove ${label}`}
              sx={{
                position: 'absolute',
                top: 2,
                right: 2,
                bgcolor: 'background.paper',
                '&:hover': { bgcolor: 'background.paper' },
              }}
            >
              <Close fontSize="small" />
            </IconButton>
          </Box>
        );
      })}
    </Box>
  );
}
