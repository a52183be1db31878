import type { StaffLanguage } from '@bakje/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId } from 'react';
import { useIntl } from 'react-intl';
import { http } from '../../api/http';
import { useLocale } from '../../i18n/LocaleProvider';
import type { LocaleCode } from '../../i18n/locale';
import { staffSessionKey, useStaffSession } from './useStaffSession';

/** The staff languages as the app's locales (docs/decisions/0071-age-restricted-products-staff-language.md). */
export const STAFF_LOCALES: Record<StaffLanguage, LocaleCode> = { nl: 'nl_BE', fr: 'fr_FR', en: 'en_US' };
export const STAFF_LANGUAGES = Object.keys(STAFF_LOCALES) as StaffLanguage[];

/**
 * The staff screens follow the logged-in staff member's language (their own choice, else the shop's), whatever
 * the browser last used in the shop: rendered once inside every staff screen (app/routes.tsx).
 */
export function StaffLanguageSync() {
  const session = useStaffSession();
  const { locale, setLocale } = useLocale();
  const viewer = session.data?.viewer;
  const wanted = viewer?.kind === 'staff' && viewer.language ? STAFF_LOCALES[viewer.language] : null;
  useEffect(() => {
    if (wanted && wanted !== locale) void setLocale(wanted);
  }, [wanted, locale, setLocale]);
  return null;
}

/** The dashboard's language menu: sets the account's own language, which every staff screen then follows. */
export function StaffLanguageMenu() {
  const intl = useIntl();
  const id = useId();
  const client = useQueryClient();
  const session = useStaffSession();
  const viewer = session.data?.viewer;
  const change = useMutation({
    mutationFn: (language: StaffLanguage) => http<void>('PUT', '/api/auth/language', { body: { language } }),
    onSuccess: () => client.invalidateQueries({ queryKey: staffSessionKey }),
  });
  if (viewer?.kind !== 'staff' || !viewer.language) return null;
  return (
    <div className="dashboard__language">
      <label htmlFor={id}>{intl.formatMessage({ id: 'dashboard.language.label' })}</label>
      <select
        id={id}
        value={viewer.language}
        disabled={change.isPending}
        onChange={(event) => change.mutate(event.target.value as StaffLanguage)}
        data-testid="staff-language"
      >
        {STAFF_LANGUAGES.map((language) => (
          <option key={language} value={language}>
            {intl.formatMessage({ id: `dashboard.language.${language}` })}
          </option>
        ))}
      </select>
      {change.isError ? (
        <span role="alert" className="dashboard__language-error">
          {intl.formatMessage({ id: 'dashboard.language.failed' })}
        </span>
      ) : null}
    </div>
  );
}
