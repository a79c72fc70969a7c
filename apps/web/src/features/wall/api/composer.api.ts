import { wallOps as ops } from '@atrium/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/call.ts';
import { wallKeys } from './wall-cache.ts';

/** Members of the organisation whose name or username starts with what follows the '@'. */
export function useMentionSuggestions(search: string) {
  return useQuery({
    queryKey: wallKeys.mentions(search),
    queryFn: ({ signal }) => call(ops.mentions, { query: { search }, signal }),
    enabled: search.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

/**
 * The preview card of the link being written. A POST, but it only reads (the server's cache):
 * kept per link so retyping does not ask again; a failure is no preview, never an error shown.
 */
export function useLinkPreview(url: string | null) {
  return useQuery({
    queryKey: wallKeys.preview(url ?? ''),
    queryFn: async ({ signal }) => {
      const { preview } = await call(ops.linkPreview, { body: { url: url! }, signal });
      return preview;
    },
    enabled: url !== null,
    staleTime: 10 * 60_000,
    retry: false,
  });
}
