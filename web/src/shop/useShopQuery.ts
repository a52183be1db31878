import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { parsePage, parseShopQuery, shopHref, type ShopQuery } from './filtering';

/** Shop state lives in the URL; this reads it and builds hrefs for changes (which push history entries). */
export function useShopQuery() {
  const [params] = useSearchParams();
  const { page: pageParam } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const paramsString = params.toString();
  const pageValid = parsePage(pageParam) !== null;
  const query = useMemo(() => parseShopQuery(new URLSearchParams(paramsString), pageParam), [paramsString, pageParam]);

  /** A change of filters, search or sort starts again at page 1. */
  const hrefFor = useCallback((change: Partial<Omit<ShopQuery, 'page'>>, page = 1) => shopHref({ ...query, ...change }, page), [query]);
  const update = useCallback(
    (change: Partial<Omit<ShopQuery, 'page'>>) => {
      void navigate(hrefFor(change));
    },
    [navigate, hrefFor],
  );
  return { query, pageValid, hrefFor, update, locationKey: `${location.pathname}?${paramsString}` };
}
