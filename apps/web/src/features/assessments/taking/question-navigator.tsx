import FlagRounded from '@mui/icons-material/FlagRounded';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

export interface NavEntry {
  item: number;
  number: number;
  answered: boolean;
  flagged: boolean;
  current: boolean;
}

/**
 * Every question by number: filled when answered, a flag when flagged, outlined on the current
 * page. The state is in each button's name too, not only in its colour.
 */
export function QuestionNavigator({
  entries,
  onGo,
}: {
  entries: readonly NavEntry[];
  onGo: (item: number) => void;
}) {
  const answered = entries.filter((e) => e.answered).length;
  return (
    <Box component="nav" aria-label="Questions">
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
        {answered} of {entries.length} answered
      </Typography>
      <Stack
        direction="row"
        component="ol"
        sx={{ flexWrap: 'wrap', gap: 1, m: 0, p: 0, listStyle: 'none' }}
      >
        {entries.map((e) => (
          <li key={e.item}>
            <ButtonBase
              onClick={() => onGo(e.item)}
              aria-current={e.current ? 'step' : undefined}
              aria-label={`Question ${e.number}, ${e.answered ? 'answered' : 'not answered'}${e.flagged ? ', flagged' : ''}`}
              sx={(theme) => ({
                position: 'relative',
                width: 40,
                height: 40,
                borderRadius: 2,
                fontWeight: 600,
                border: 2,
                borderColor: e.current ? 'primary.main' : 'divider',
                bgcolor: e.answered ? 'primary.main' : 'background.paper',
                color: e.answered ? 'primary.contrastText' : 'text.primary',
                '&.Mui-focusVisible': {
                  outline: `3px solid ${theme.palette.secondary.main}`,
                  outlineOffset: 2,
                },
              })}
            >
              {e.number}
              {e.flagged && (
                <FlagRounded
                  aria-hidden
                  sx={{
                    position: 'absolute',
                    top: -8,
                    right: -8,
                    fontSize: 18,
                    color: 'warning.main',
                  }}
                />
              )}
            </ButtonBase>
          </li>
        ))}
      </Stack>
    </Box>
  );
}
