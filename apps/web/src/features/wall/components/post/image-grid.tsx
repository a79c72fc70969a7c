import type { TWallImage } from '@atrium/contract';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import Close from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Dialog from '@mui/material/Dialog';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { type KeyboardEvent, useId, useState } from 'react';

const VISIBLE = 4;

/**
 * A post's images: up to four tiles, the fourth saying "+N" when there are more; each opens the
 * lightbox at that image. Every tile is a button, so the keyboard opens them too.
 */
export function ImageGrid({ images, author }: { images: readonly TWallImage[]; author: string }) {
  const [open, setOpen] = useState<number | null>(null);
  if (images.length === 0) return null;
  const shown = images.slice(0, VISIBLE);
  const more = images.length - shown.length;
  const single = images.length === 1;
  return (
    <>
      <Box
        role="list"
        aria-label="Images"
        sx={{
          display: 'grid',
          gap: 0.5,
          gridTemplateColumns: single ? '1fr' : '1fr 1fr',
          borderRadius: 2,
          overflow: 'hidden',
        }}
      >
        {shown.map((image, i) => {
          const last = i === shown.length - 1 && more > 0;
          // Three images: the first spans the row, the other two share the next.
          const wide = images.length === 3 && i === 0;
          return (
            <Box role="listitem" key={image.uuid} sx={{ gridColumn: wide ? '1 / -1' : undefined }}>
              <ButtonBase
                onClick={() => setOpen(i)}
                aria-label={
                  last
                    ? `Open image ${i + 1} of ${images.length} (${more} more)`
                    : `Open image ${i + 1} of ${images.length}`
                }
                sx={{ display: 'block', width: '100%', position: 'relative' }}
              >
                <Box
                  component="img"
                  src={image.url}
                  alt=""
                  loading="lazy"
                  sx={{
                    display: 'block',
                    width: '100%',
                    aspectRatio: single ? `${image.width} / ${image.height}` : '4 / 3',
                    maxHeight: single ? 480 : undefined,
                    objectFit: 'cover',
                    bgcolor: 'action.hover',
                  }}
                />
                {last && (
                  <Box
                    aria-hidden
                    sx={{
                      position: 'absolute',
                      inset: 0,
                      display: 'grid',
                      placeItems: 'center',
                      bgcolor: 'rgba(0, 0, 0, 0.6)',
                      color: '#fff',
                      fontSize: '1.75rem',
                      fontWeight: 700,
                    }}
                  >
                    +{more}
                  </Box>
                )}
              </ButtonBase>
            </Box>
          );
        })}
      </Box>
      {open !== null && (
        <Lightbox
          images={images}
          index={open}
          author={author}
          onIndex={setOpen}
          onClose={() => setOpen(null)}
        />
      )}
    </>
  );
}

/** One image at a time, full size: arrows (buttons or keys) move, Escape closes. */
function Lightbox({
  images,
  index,
  author,
  onIndex,
  onClose,
}: {
  images: readonly TWallImage[];
  index: number;
  author: string;
  onIndex: (i: number) => void;
  onClose: () => void;
}) {
  const titleId = useId();
  const count = images.length;
  const image = images[index]!;
  const go = (step: number) => onIndex((index + step + count) % count);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowRight') go(1);
    else if (event.key === 'ArrowLeft') go(-1);
    else return;
    event.preventDefault();
  };
  return (
    <Dialog
      open
      onClose={onClose}
      fullScreen
      aria-labelledby={titleId}
      onKeyDown={onKeyDown}
      slotProps={{ paper: { sx: { bgcolor: '#000', color: '#fff' } } }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', p: 1, gap: 1 }}>
        <Typography id={titleId} component="h2" sx={{ flex: 1, pl: 1, color: '#fff' }}>
          Image {index + 1} of {count} · {author}
        </Typography>
        <IconButton onClick={onClose} aria-label="Close" sx={{ color: '#fff' }}>
          <Close />
        </IconButton>
      </Box>
      <Box
        sx={{ flex: 1, minHeight: 0, display: 'flex', alignItems: 'center', position: 'relative' }}
      >
        {count > 1 && (
          <IconButton
            onClick={() => go(-1)}
            aria-label="Previous image"
            sx={{ color: '#fff', position: 'absolute', left: 8, bgcolor: 'rgba(0,0,0,0.5)' }}
          >
            <ChevronLeft fontSize="large" />
          </IconButton>
        )}
        <Box
          component="img"
          src={image.url}
          alt={`Image ${index + 1} of ${count} posted by ${author}`}
          sx={{ maxWidth: '100%', maxHeight: '100%', mx: 'auto', objectFit: 'contain' }}
        />
        {count > 1 && (
          <IconButton
            onClick={() => go(1)}
            aria-label="Next image"
            sx={{ color: '#fff', position: 'absolute', right: 8, bgcolor: 'rgba(0,0,0,0.5)' }}
          >
            <ChevronRight fontSize="large" />
          </IconButton>
        )}
      </Box>
    </Dialog>
  );
}
