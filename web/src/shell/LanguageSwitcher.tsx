import { useIntl } from 'react-intl';
import { useLocale } from '../i18n/LocaleProvider';
import { LOCALES, LOCALE_LABELS, htmlLang } from '../i18n/locale';

/** nl / fr / en. Stores the choice in the `bakje-locale` cookie (365 days) and refetches localised data. */
export function LanguageSwitcher({ className }: { className?: string }) {
  const intl = useIntl();
  const { locale, setLocale } = useLocale();
  return (
    <div className={['lang-switch', className ?? ''].filter(Boolean).join(' ')} role="group" aria-label={intl.formatMessage({ id: 'menu.language' })}>
      {LOCALES.map((code) => (
        <button
          key={code}
          type="button"
          className="lang-switch__btn"
          aria-pressed={code === locale}
          lang={htmlLang(code)}
          title={LOCALE_LABELS[code].name}
          onClick={() => void setLocale(code)}
        >
          <span aria-hidden="true">{LOCALE_LABELS[code].short}</span>
          <span className="visually-hidden">{LOCALE_LABELS[code].name}</span>
        </button>
      ))}
    </div>
  );
}
