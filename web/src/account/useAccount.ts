import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { gql, type TypedDocument } from '../api/client';
import { useLocale } from '../i18n/LocaleProvider';
import { AccountDocument } from './account.generated';

export const accountKey = ['account'] as const;

/** The logged-in viewer and customer (null viewer = guest). */
export function useAccount() {
  const { locale } = useLocale();
  return useQuery({
    queryKey: [...accountKey, locale],
    queryFn: ({ signal }) => gql(AccountDocument, undefined, { locale, signal }),
    staleTime: 30_000,
  });
}

/** A GraphQL mutation of the account screens; afterwards every account query refetches. */
export function useAccountMutation<T, V>(document: TypedDocument<T, V>, options: { resetAll?: boolean } = {}) {
  const { locale } = useLocale();
  const client = useQueryClient();
  return useMutation<T, Error, V>({
    mutationFn: (variables) => gql(document, variables, { locale }),
    onSuccess: async () => {
      // Login and logout change who is asking: drop everything cached for the previous viewer.
      if (options.resetAll) await client.resetQueries();
      else await client.invalidateQueries({ queryKey: accountKey });
    },
  });
}
