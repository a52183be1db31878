import { useIntl } from 'react-intl';
import { useLocale } from '../i18n/LocaleProvider';
import { htmlLang, LOCALE_LABELS, LOCALES, type LocaleCode } from '../i18n/locale';

/** Flags drawn inline (no emoji font on every kiosk): Belgium for Dutch, France for French, the UK for English. */
function Flag({ code }: { code: LocaleCode }) {
  if (code === 'en_US') {
    return (
      <svg viewBox="0 0 60 30" width="48" height="24" aria-hidden="true" className="kiosk-flag">
        <rect width="60" height="30" fill="#012169" />
        <path d="M0 0 60 30M60 0 0 30" stroke="#fff" strokeWidth="6" />
        <path d="M0 0 60 30M60 0 0 30" stroke="#C8102E" strokeWidth="2" />
        <path d="M30 0v30M0 15h60" stroke="#fff" strokeWidth="10" />
        <path d="M30 0v30M0 15h60" stroke="#C8102E" strokeWidth="6" />
      </svg>
    );
  }
  const [a, b, c] = code === 'nl_BE' ? ['#000', '#FDDA24', '#EF3340'] : ['#0055A4', '#fff', '#EF4135'];
  return (
    <svg viewBox="0 0 3 2" width="36" height="24" aria-hidden="true" className="kiosk-flag">
      <rect width="1" height="2" fill={a} />
      <rect x="1" width="1" height="2" fill={b} />
      <rect x="2" width="1" height="2" fill={c} />
    </svg>
  );
}

/** The kiosk's language choice: flag and name, each a large target; the chosen one is pressed. */
export function LanguageChoice({ compact }: { compact?: boolean }) {
  const intl = useIntl();
  const { locale, setLocale } = useLocale();
  return (
    <div className={`kiosk-langs${compact ? ' kiosk-langs--compact' : ''}`} role="group" aria-label={intl.formatMessage({ id: 'kiosk.chooseLanguage' })}>
      {LOCALES.map((code) => (
        <button
          key={code}
          type="button"
          className="kiosk-lang"
          aria-pressed={code === locale}
          lang={htmlLang(code)}
          data-testid={`kiosk-lang-${code}`}
          onClick={() => void setLocale(code)}
        >
          <Flag code={code} />
          <span className={compact ? 'visually-hidden' : undefined}>{LOCALE_LABELS[code].name}</span>
        </button>
      ))}
    </div>
  );
}
