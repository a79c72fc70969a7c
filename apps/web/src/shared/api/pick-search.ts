import {
  assessmentOps,
  catalogueOps,
  classroomOps,
  gamificationOps,
  learningPathOps,
} from '@atrium/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from './call.ts';

/**
 * What a form may name by search (a badge's criteria, a certificate template's achievement, a
 * competency link's target), each through its slice's own list, 20 at a time: the caller sees
 * only what that list shows them.
 */
export type PickKind =
  | 'courses'
  | 'learning_paths'
  | 'assessments'
  | 'classrooms'
  | 'classroom_topics'
  | 'people';
export interface Pick {
  id: number;
  title: string;
}

async function search(kind: PickKind, text: string, signal: AbortSignal): Promise<Pick[]> {
  const q = text.trim() || undefined;
  if (kind === 'courses') {
    const page = await call(catalogueOps.list, { query: { search: q, page_size: 20 }, signal });
    return page.results.map((c) => ({ id: c.id, title: c.title }));
  }
  if (kind === 'learning_paths') {
    const page = await call(learningPathOps.list, {
      query: { scope: 'manage', search: q, page_size: 20 },
      signal,
    });
    return page.results.map((p) => ({ id: p.id, title: p.title }));
  }
  if (kind === 'assessments') {
    const page = await call(assessmentOps.list, { query: { search: q, page_size: 20 }, signal });
    return page.results.map((a) => ({ id: a.id, title: a.title }));
  }
  if (kind === 'classrooms') {
    const page = await call(classroomOps.list, { query: { search: q, page_size: 20 }, signal });
    return page.results.map((c) => ({ id: c.id, title: c.title }));
  }
  if (kind === 'classroom_topics') {
    // Without a class the list searches every classroom's topics (an empty search: the first
    // few); titles repeat per class ("Introduction"), so the class's name goes with each.
    const topics = await call(classroomOps.topics, { query: { search: q ?? '' }, signal });
    return topics.map((t) => ({
      id: t.id,
      title: t.class_name ? `${t.title} (${t.class_name})` : t.title,
    }));
  }
  const page = await call(gamificationOps.userPoints, {
    query: { query: q, page_size: 20 },
    signal,
  });
  return page.results.map((r) => ({
    id: r.user.id,
    title: `${r.user.fullname} (${r.user.email})`,
  }));
}

export function usePickSearch(kind: PickKind, text: string, enabled: boolean) {
  return useQuery({
    queryKey: ['pick', kind, text],
    queryFn: ({ signal }) => search(kind, text, signal),
    enabled,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
}
