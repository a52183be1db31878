import { useQuery } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { HttpError, retryServerErrors } from '../../../api/http';
import { listAllergens } from './api';
import { ALLERGENS } from './productForm';
import type { WcAllergen } from './types';

/**
 * The 14 allergens with their ids, names in the staff member's language. Until the server lists them
 * (GET /products/allergens answers 404), the seed's ids are used: 1 to 14 in the order of `ALLERGENS`.
 */
export function useAllergens(): WcAllergen[] {
  const intl = useIntl();
  const query = useQuery({
    queryKey: ['dashboard', 'wc-allergens'],
    queryFn: async ({ signal }) => {
      try {
        return await listAllergens(signal);
      } catch (error) {
        if (error instanceof HttpError && error.status === 404) return null;
        throw error;
      }
    },
    retry: retryServerErrors,
    staleTime: Infinity,
  });
  const list = query.data ?? ALLERGENS.map((code, index) => ({ id: index + 1, code, name: code }));
  return list.map((a) => ({
    ...a,
    name: intl.messages[`dashboard.allergen.${a.code}`] !== undefined ? intl.formatMessage({ id: `dashboard.allergen.${a.code}` }) : a.name,
  }));
}
