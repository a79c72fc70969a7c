import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export interface Detail {
  label: string;
  value: ReactNode;
}

/** Label and value pairs as a description list; empty values read "Not given". */
export function DetailList({ details }: { details: Detail[] }) {
  return (
    <Box
      component="dl"
      sx={{
        m: 0,
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: 'minmax(120px, max-content) 1fr' },
        columnGap: 3,
        rowGap: { xs: 0.25, sm: 1.25 },
        alignItems: 'baseline',
      }}
    >
      {details.map((detail) => (
        <Box key={detail.label} sx={{ display: 'contents' }}>
          <Typography
            component="dt"
            variant="body2"
            sx={{ color: 'text.secondary', mt: { xs: 1, sm: 0 } }}
          >
            {detail.label}
          </Typography>
          <Typography
            component="dd"
            sx={{ m: 0, overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}
          >
            {detail.value === null || detail.value === undefined || detail.value === '' ? (
              <Box component="span" sx={{ color: 'text.secondary' }}>
                Not given
              </Box>
            ) : (
              detail.value
            )}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
