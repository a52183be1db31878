import type { WcTag } from '@bakje/contract';
import { useQuery } from '@tanstack/react-query';
import { retryServerErrors } from '../../../api/http';
import { allPages, taxonomyKeys, WC } from '../taxonomyApi';

export const TAGS = `${WC}/products/tags`;

export const loadTags = (signal?: AbortSignal) => allPages<WcTag>(`${TAGS}?orderby=name`, signal);

/** Every tag (all pages), for the product editor's tag choice; the tags screen shares its cache. */
export function useTags() {
  return useQuery({ queryKey: taxonomyKeys.tags, queryFn: ({ signal }) => loadTags(signal), retry: retryServerErrors });
}
