import { organisationOps, type TOrganisationContent } from '@atrium/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/call.ts';

export const organisationKeys = {
  content: (host: string) => ['organisation', 'content', host] as const,
  link: (kind: OrganisationLinkKind) => ['organisation', 'link', kind] as const,
};

/** The organisation's look, sign-up, idle and SSO settings, looked up by the page's host (spec §1). */
export function useOrganisationContent() {
  const host = window.location.hostname;
  return useQuery({
    queryKey: organisationKeys.content(host),
    queryFn: ({ signal }) => call(organisationOps.content, { query: { domain: host }, signal }),
    // Changes only when an administrator edits the theme; the server caches it for a minute too.
    staleTime: 5 * 60_000,
  });
}

/** The organisation's content once loaded; undefined while loading or when it failed. */
export function useOrganisation(): TOrganisationContent | undefined {
  return useOrganisationContent().data;
}

export type OrganisationLinkKind = 'helpDesk' | 'meeting';

/** The help-desk or meeting link of the signed-in user's organisation; null when none is set. */
export function useOrganisationLink(kind: OrganisationLinkKind) {
  return useQuery({
    queryKey: organisationKeys.link(kind),
    queryFn: async ({ signal }) => (await call(organisationOps[kind], { signal })).result,
    staleTime: 10 * 60_000,
  });
}
