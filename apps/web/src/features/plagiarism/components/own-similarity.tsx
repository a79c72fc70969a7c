import Chip from '@mui/material/Chip';
import { useOwnScore } from '../api/plagiarism.api.ts';

/**
 * The learner's own submission's similarity score, shown beside their submission when the
 * assignment shares scores with learners (nothing otherwise, nor while it loads or fails).
 */
export function OwnSimilarity({ submission }: { submission: number }) {
  const own = useOwnScore(submission);
  if (!own.data?.visible) return null;
  const { status, score } = own.data;
  const label =
    status === 'done' && score !== null
      ? `Similarity: ${score} %`
      : status === 'failed'
        ? 'Similarity: not checked'
        : 'Similarity: checking…';
  return <Chip size="small" variant="outlined" label={label} />;
}
