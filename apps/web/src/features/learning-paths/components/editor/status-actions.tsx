import type { TLearningPath, TLearningPathStatus } from '@atrium/contract';
import ArchiveOutlined from '@mui/icons-material/ArchiveOutlined';
import PublishOutlined from '@mui/icons-material/PublishOutlined';
import UnarchiveOutlined from '@mui/icons-material/UnarchiveOutlined';
import Button from '@mui/material/Button';
import { useSetPathStatus } from '../../api/paths.api.ts';

/**
 * The moves the server allows on this path now: publish a draft or archived path, archive a
 * published one, return it to draft. abilities say what is allowed; the status which suits.
 */
export function StatusActions({ path }: { path: TLearningPath }) {
  const setStatus = useSetPathStatus();
  const move = (status: TLearningPathStatus) => setStatus.mutate({ id: path.id, status });
  const busy = setStatus.isPending;
  return (
    <>
      {path.abilities.publish && path.status !== 'published' && (
        <Button
          variant="contained"
          startIcon={<PublishOutlined />}
          disabled={busy || path.item_count === 0}
          title={path.item_count === 0 ? 'Add a course before publishing' : undefined}
          onClick={() => move('published')}
        >
          Publish
        </Button>
      )}
      {path.abilities.archive && path.status === 'published' && (
        <Button startIcon={<ArchiveOutlined />} disabled={busy} onClick={() => move('archived')}>
          Archive
        </Button>
      )}
      {path.abilities.publish && path.status !== 'draft' && (
        <Button startIcon={<UnarchiveOutlined />} disabled={busy} onClick={() => move('draft')}>
          Return to draft
        </Button>
      )}
    </>
  );
}
