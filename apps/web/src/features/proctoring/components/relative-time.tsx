import { formatRelativeTime } from '../../../shared/format/relative-time.ts';
import { formatTime } from '../labels.tsx';
import { useNow } from './use-now.ts';

/** "2 minutes ago", with the exact time on hover and for machines. */
export function RelativeTime({ iso, empty = 'never' }: { iso: string | null; empty?: string }) {
  const now = useNow();
  if (!iso) return <>{empty}</>;
  return (
    <time dateTime={iso} title={formatTime(iso)}>
      {formatRelativeTime(iso, now)}
    </time>
  );
}
