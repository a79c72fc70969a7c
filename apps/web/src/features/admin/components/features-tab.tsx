import {
  FEATURE_KEYS,
  FEATURE_LABELS,
  type TAdminOrganisation,
  type TFeatureKey,
} from '@atrium/contract';
import Alert from '@mui/material/Alert';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { LoadError } from '../../../shared/ui/load-error.tsx';
import { SearchField } from '../../../shared/ui/search-field.tsx';
import { useAdminOrganisations, useOrganisationFeatures, useSetFeature } from '../api/admin.api.ts';

/** The switches of one organisation; each change is saved (and audited) at once. */
function Switches({ organisation }: { organisation: Pick<TAdminOrganisation, 'id' | 'title'> }) {
  const features = useOrganisationFeatures(organisation.id);
  const set = useSetFeature(organisation.id);
  if (features.isPending) return <LinearProgress aria-label="Loading features" />;
  if (features.isError) {
    return (
      <LoadError
        error={features.error}
        fallback="The features could not be loaded."
        onRetry={() => features.refetch()}
      />
    );
  }
  return (
    <Stack spacing={1}>
      <Typography variant="h3" sx={{ fontSize: '1.1rem' }}>
        Features of {organisation.title}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        A feature turned off disappears from the organisation’s menus and its pages answer “This
        feature is turned off for your organisation”. Other servers follow within 30 seconds.
      </Typography>
      {set.isError && <Alert severity="error">{errorMessage(set.error)}</Alert>}
      <FormGroup>
        {FEATURE_KEYS.map((key: TFeatureKey) => (
          <FormControlLabel
            key={key}
            label={FEATURE_LABELS[key]}
            control={
              <Switch
                checked={features.data.features[key] ?? true}
                disabled={set.isPending}
                onChange={(_e, on) => set.mutate({ feature: key, on })}
              />
            }
          />
        ))}
      </FormGroup>
    </Stack>
  );
}

/** Pick an organisation (searched by title or acronym), then switch its features. */
export function FeaturesTab({
  selected,
  onSelect,
}: {
  selected: Pick<TAdminOrganisation, 'id' | 'title'> | null;
  onSelect: (org: Pick<TAdminOrganisation, 'id' | 'title'>) => void;
}) {
  const [search, setSearch] = useState('');
  const orgs = useAdminOrganisations({ page: 1, page_size: 20, ...(search ? { search } : {}) });
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={3} sx={{ alignItems: 'flex-start' }}>
      <Stack spacing={1} sx={{ width: { xs: '100%', md: 300 }, flexShrink: 0 }}>
        <SearchField label="Find an organisation" value={search} onChange={setSearch} fullWidth />
        {orgs.isPending ? (
          <LinearProgress aria-label="Loading organisations" />
        ) : orgs.isError ? (
          <LoadError
            error={orgs.error}
            fallback="The organisations could not be loaded."
            onRetry={() => orgs.refetch()}
          />
        ) : orgs.data.results.length === 0 ? (
          <Typography color="text.secondary">No organisation matches this search.</Typography>
        ) : (
          <Paper variant="outlined">
            <List dense aria-label="Organisations">
              {orgs.data.results.map((org) => (
                <ListItemButton
                  key={org.id}
                  selected={selected?.id === org.id}
                  onClick={() => onSelect(org)}
                >
                  <ListItemText primary={org.title} secondary={org.acronym} />
                </ListItemButton>
              ))}
            </List>
          </Paper>
        )}
      </Stack>
      <Paper variant="outlined" sx={{ p: 2, flex: 1, width: '100%' }}>
        {selected ? (
          <Switches key={selected.id} organisation={selected} />
        ) : (
          <Typography color="text.secondary">
            Choose an organisation to see its features.
          </Typography>
        )}
      </Paper>
    </Stack>
  );
}
