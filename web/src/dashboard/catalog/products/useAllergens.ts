import type { WcAllergen } from '@bakje/contract';
import { useQuery } from '@tanstack/react-query';
import { retryServerErrors } from '../../../api/http';
import { useLocale } from '../../../i18n/LocaleProvider';
import { nameIn, taxonomyKeys, wc, WC, type Lang } from '../taxonomyApi';

export interface AllergenChoice {
  id: number;
  code: string;
  /** In the dashboard's language, as the owner named it on the allergens screen. */
  name: string;
  /** In each language, for the card preview's chosen language. */
  names: Record<Lang, string>;
  icon: string;
}

/**
 * The allergens as `GET /products/allergens` lists them: products refer to them by the server's ids, so the
 * editor never assumes an id. Shares its cache with the allergens screen, so a rename shows at once.
 */
export function useAllergens(): { allergens: AllergenChoice[]; status: 'pending' | 'error' | 'success'; retry: () => void } {
  const { locale } = useLocale();
  const lang = locale.slice(0, 2) as Lang;
  const query = useQuery({
    queryKey: taxonomyKeys.allergens,
    queryFn: ({ signal }) => wc<WcAllergen[]>('GET', `${WC}/products/allergens`, undefined, signal),
    retry: retryServerErrors,
    staleTime: 60_000,
  });
  const allergens = (query.data ?? []).map((a) => ({
    id: a.id,
    code: a.code,
    name: nameIn(lang, a),
    names: { nl: a.name, fr: nameIn('fr', a), en: nameIn('en', a) },
    icon: a.icon,
  }));
  return { allergens, status: query.status, retry: () => void query.refetch() };
}
