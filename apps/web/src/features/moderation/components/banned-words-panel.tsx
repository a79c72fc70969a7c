import { BANNED_PHRASE_MAX, ZBannedWordCreate } from '@atrium/contract';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import { ApiError, errorMessage } from '../../../shared/api/api-error.ts';
import { useAddBannedWord, useBannedWords, useRemoveBannedWord } from '../api/moderation.api.ts';

/**
 * The organisation's banned words: new posts, answers and comments containing one (whole word,
 * any case or accent) are held for review. What is already written is not re-read.
 */
export function BannedWordsPanel() {
  const words = useBannedWords();
  const add = useAddBannedWord();
  const remove = useRemoveBannedWord();
  const [phrase, setPhrase] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = ZBannedWordCreate.safeParse({ phrase });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Enter a word or phrase.');
      return;
    }
    setError(null);
    add.mutate(parsed.data.phrase, {
      onSuccess: () => setPhrase(''),
      onError: (err) =>
        setError(
          err instanceof ApiError
            ? (err.fieldErrors.phrase?.[0] ?? err.message)
            : errorMessage(err),
        ),
    });
  };

  return (
    <Stack spacing={2}>
      <Typography color="text.secondary">
        New posts, answers and comments that contain one of these words or phrases (whole words, any
        case or accent) wait here until a moderator releases them.
      </Typography>
      <Stack
        component="form"
        noValidate
        onSubmit={submit}
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ alignItems: { sm: 'flex-start' } }}
      >
        <TextField
          label="Word or phrase"
          value={phrase}
          onChange={(event) => {
            setPhrase(event.target.value);
            setError(null);
          }}
          error={error !== null}
          helperText={error ?? `At most ${BANNED_PHRASE_MAX} characters.`}
          slotProps={{ htmlInput: { maxLength: BANNED_PHRASE_MAX } }}
          sx={{ flex: 1 }}
        />
        <Button type="submit" variant="contained" loading={add.isPending} sx={{ mt: { sm: 1 } }}>
          Add
        </Button>
      </Stack>
      {words.isPending && <CircularProgress aria-label="Loading the banned words" />}
      {words.isError && <Alert severity="error">{errorMessage(words.error)}</Alert>}
      {words.data &&
        (words.data.results.length === 0 ? (
          <Typography color="text.secondary">No banned words yet.</Typography>
        ) : (
          <List aria-label="Banned words" dense>
            {words.data.results.map((w) => (
              <ListItem
                key={w.id}
                divider
                secondaryAction={
                  <IconButton
                    edge="end"
                    aria-label={`Remove ${w.phrase}`}
                    disabled={remove.isPending}
                    onClick={() => remove.mutate(w.id)}
                  >
                    <DeleteOutlined />
                  </IconButton>
                }
              >
                <ListItemText
                  primary={w.phrase}
                  secondary={w.created_by ? `Added by ${w.created_by.fullname}` : undefined}
                />
              </ListItem>
            ))}
          </List>
        ))}
    </Stack>
  );
}
