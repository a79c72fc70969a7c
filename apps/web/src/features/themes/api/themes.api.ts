import {
  organisationPaths,
  structurePaths,
  type TOrganisation,
  type TOrganisationContent,
  type TThemeImageKind,
  type TThemeUpdate,
  ZOrganisationContent,
} from '@atrium/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client.ts';
import { fillPath } from '../../../shared/api/paths.ts';
import { type UploadProgress, uploadWithProgress } from '../../../shared/api/upload.ts';
import { MESSAGES } from '../../../shared/notify/messages.ts';
import { organisationKeys } from '../../organisations/index.ts';

/**
 * The content endpoint looks organisations up by domain. An organisation without one can only
 * be the default organisation (what an unknown domain answers with); '' asks for exactly that
 * without matching the domain of whatever host the editor runs on.
 */
export function contentDomain(organisation: Pick<TOrganisation, 'domain_url'>): string {
  return organisation.domain_url ?? '';
}

/** An organisation's current theme, cached beside the app's own (same query key family). */
export function useThemeContent(organisation: TOrganisation | undefined) {
  const domain = organisation ? contentDomain(organisation) : '';
  return useQuery({
    queryKey: organisationKeys.content(domain),
    queryFn: ({ signal }) =>
      api.get(organisationPaths.content, {
        query: { domain },
        schema: ZOrganisationContent,
        signal,
      }),
    enabled: organisation !== undefined,
    meta: { errorMessage: MESSAGES.generalInfoFailed },
  });
}

/**
 * Puts the saved theme into every cached content of that organisation, the app's own included
 * (so the app re-themes at once when it is the organisation it shows). Invalidating instead
 * would refetch, and the browser may answer that from its HTTP cache (the endpoint allows a
 * minute), which would put the old colours back.
 */
function useStoreContent() {
  const queryClient = useQueryClient();
  return (content: TOrganisationContent) => {
    queryClient.setQueriesData<TOrganisationContent>(
      { queryKey: ['organisation', 'content'] },
      (cached) => (cached?.id === content.id ? content : cached),
    );
  };
}

export function useSaveTheme(organisationId: number) {
  const store = useStoreContent();
  return useMutation({
    mutationFn: (body: TThemeUpdate) =>
      api.patch(fillPath(structurePaths.theme, { id: organisationId }), body, {
        schema: ZOrganisationContent,
      }),
    onSuccess: store,
    meta: { errorMessage: MESSAGES.updateFailed, successMessage: 'Theme saved.' },
  });
}

export function useThemeImage(organisationId: number, kind: TThemeImageKind) {
  const store = useStoreContent();
  const path = fillPath(structurePaths.themeImage, { id: organisationId, kind });
  const upload = useMutation({
    mutationFn: ({ file, onProgress }: { file: File; onProgress: (p: UploadProgress) => void }) => {
      const form = new FormData();
      form.append('file', file);
      return uploadWithProgress(path, form, {
        method: 'PUT',
        schema: ZOrganisationContent,
        onProgress,
      });
    },
    onSuccess: store,
    meta: { errorMessage: MESSAGES.postFailed, successMessage: 'Image uploaded.' },
  });
  const remove = useMutation({
    mutationFn: () => api.delete(path, { schema: ZOrganisationContent }),
    onSuccess: store,
    meta: { errorMessage: MESSAGES.deleteFailed, successMessage: 'Image removed.' },
  });
  return { upload, remove };
}
