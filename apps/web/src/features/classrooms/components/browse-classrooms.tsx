import SchoolOutlined from '@mui/icons-material/SchoolOutlined';
import SearchOutlined from '@mui/icons-material/SearchOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import InputAdornment from '@mui/material/InputAdornment';
import Pagination from '@mui/material/Pagination';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { useDebouncedValue } from '../../../shared/hooks/use-debounced-value.ts';
import { EmptyState } from '../../../shared/ui/section-card.tsx';
import { useClassrooms } from '../api/classrooms.api.ts';
import { CLASSROOM_MESSAGES, classroomClassesUrl, plural } from '../labels.ts';
import { formatDateTime } from '../time.ts';

const PAGE_SIZE = 12;

/** The published classrooms a learner may browse, as cards opening their classes. */
export function BrowseClassrooms() {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const debounced = useDebouncedValue(search.trim());
  const list = useClassrooms({
    search: debounced || undefined,
    status: 'published',
    page,
    page_size: PAGE_SIZE,
  });
  const rows = list.data?.results;
  const pages = list.data ? Math.max(1, Math.ceil(list.data.count / PAGE_SIZE)) : 1;

  return (
    <Stack spacing={2}>
      <TextField
        size="small"
        label="Search classrooms"
        value={search}
        onChange={(event) => {
          setSearch(event.target.value);
          setPage(1);
        }}
        sx={{ maxWidth: { sm: 360 } }}
        slotProps={{
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchOutlined fontSize="small" />
              </InputAdornment>
            ),
          },
        }}
      />
      {list.isError && !list.data ? (
        <Alert severity="error">{errorMessage(list.error, CLASSROOM_MESSAGES.listFailed)}</Alert>
      ) : rows?.length === 0 ? (
        <Card>
          <EmptyState icon={<SchoolOutlined fontSize="large" />}>
            {debounced ? 'No classrooms match this search.' : 'No classrooms are open yet.'}
          </EmptyState>
        </Card>
      ) : (
        <Box
          component="ul"
          aria-label="Classrooms to browse"
          aria-busy={rows === undefined}
          sx={{
            listStyle: 'none',
            p: 0,
            m: 0,
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' },
          }}
        >
          {(rows ?? Array.from({ length: 3 }, () => null)).map((c, i) => (
            <li key={c?.id ?? `placeholder-${i}`}>
              <Card sx={{ height: '100%' }}>
                {c ? (
                  <CardActionArea
                    component={RouterLink}
                    to={classroomClassesUrl(c.id)}
                    sx={{ height: '100%', alignItems: 'stretch' }}
                  >
                    <CardContent>
                      <Typography variant="h3" sx={{ fontSize: '1.05rem', fontWeight: 600 }}>
                        {c.title}
                      </Typography>
                      {c.description && (
                        <Typography
                          variant="body2"
                          sx={{
                            color: 'text.secondary',
                            mt: 0.5,
                            display: '-webkit-box',
                            WebkitLineClamp: 3,
                            WebkitBoxOrient: 'vertical',
                            overflow: 'hidden',
                          }}
                        >
                          {c.description}
                        </Typography>
                      )}
                      <Typography variant="body2" sx={{ mt: 1.5 }}>
                        {plural(c.class_count, 'class', 'classes')} ·{' '}
                        {plural(c.session_count, 'session')}
                      </Typography>
                      {c.next_session_at && (
                        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                          Next: {formatDateTime(c.next_session_at)}
                        </Typography>
                      )}
                    </CardContent>
                  </CardActionArea>
                ) : (
                  <CardContent>
                    <Skeleton width="60%" />
                    <Skeleton />
                    <Skeleton width="40%" />
                  </CardContent>
                )}
              </Card>
            </li>
          ))}
        </Box>
      )}
      {pages > 1 && (
        <Pagination
          count={pages}
          page={page}
          onChange={(_event, next) => setPage(next)}
          sx={{ alignSelf: 'center' }}
        />
      )}
    </Stack>
  );
}
