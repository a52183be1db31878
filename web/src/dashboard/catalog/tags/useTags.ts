import type { WcTag } from '@bakje/contract';
import { useQuery } from '@tanstack/react-query';
import { retryServerErrors } from '../../../api/http';
import { allPages, taxonomyKeys, WC } from '../taxonomyApi';

export const TAGS = `${WC}/products/tags`;

/** Every tag (all pages), for the tags screen and the product editor's tag choice. */
export function useTags() {
  return useQuery({ queryKey: taxonomyKeys.tags, queryFn: ({ signal }) => allPages<WcTag>(`${TAGS}?orderby=name`, signal), retry: retryServerErrors });
}
