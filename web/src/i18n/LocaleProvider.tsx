import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { createIntl, createIntlCache, RawIntlProvider, type IntlShape } from 'react-intl';
import { DEFAULT_LOCALE, storeLocale, toIntlLocale, type LocaleCode } from './locale';
import { loadMessages, loadStaffMessages, type Messages } from './messages';

interface LocaleContextValue {
  locale: LocaleCode;
  setLocale: (next: LocaleCode) => Promise<void>;
  /** Whether the staff texts of the current locale are loaded; `needStaff` asks for them. */
  staffReady: boolean;
  needStaff: () => void;
}

const LocaleContext = createContext<LocaleContextValue>({
  locale: DEFAULT_LOCALE,
  setLocale: async () => undefined,
  staffReady: false,
  needStaff: () => undefined,
});

export function useLocale(): LocaleContextValue {
  return useContext(LocaleContext);
}

/** One formatter cache for the app's life: a formatter made once (a locale switch back included) is reused. */
const intlCache = createIntlCache();
let prepared: { locale: LocaleCode; messages: Messages; intl: IntlShape } | null = null;

/**
 * The app's intl object for `locale`. Creating one checks the browser's locale data (ICU), which is slow on a
 * phone at start-up; `web/src/app/start.tsx` calls this in a task of its own before the first render, which
 * then reuses the object (TBT, docs/decisions/0056-checkout-first-paint.md).
 */
export function prepareIntl(locale: LocaleCode, messages: Messages): IntlShape {
  if (prepared?.locale === locale && prepared.messages === messages) return prepared.intl;
  const intl = createIntl(
    {
      locale: toIntlLocale(locale),
      defaultLocale: 'nl-BE',
      messages,
      onError: (error) => {
        if (import.meta.env.DEV) console.warn(error.message);
      },
    },
    intlCache,
  );
  prepared = { locale, messages, intl };
  return intl;
}

export function LocaleProvider({ initial, initialMessages, children }: { initial: LocaleCode; initialMessages: Messages; children: ReactNode }) {
  const [state, setState] = useState<{ locale: LocaleCode; messages: Messages; staff: Messages | null }>({
    locale: initial,
    messages: initialMessages,
    staff: null,
  });
  const [staffWanted, setStaffWanted] = useState(false);

  const setLocale = useCallback(
    async (next: LocaleCode) => {
      const [messages, staff] = await Promise.all([loadMessages(next), staffWanted ? loadStaffMessages(next) : null]);
      storeLocale(next);
      setState({ locale: next, messages, staff });
    },
    [staffWanted],
  );

  useEffect(() => {
    if (!staffWanted || state.staff) return;
    let live = true;
    const locale = state.locale;
    void loadStaffMessages(locale).then((staff) => {
      if (live) setState((current) => (current.locale === locale ? { ...current, staff } : current));
    });
    return () => {
      live = false;
    };
  }, [staffWanted, state.locale, state.staff]);

  const needStaff = useCallback(() => setStaffWanted(true), []);
  const value = useMemo(
    () => ({ locale: state.locale, setLocale, staffReady: state.staff !== null, needStaff }),
    [state.locale, setLocale, state.staff, needStaff],
  );
  const messages = useMemo(() => (state.staff ? ({ ...state.messages, ...state.staff } as Messages) : state.messages), [state.messages, state.staff]);

  const intl = useMemo(() => prepareIntl(state.locale, messages), [state.locale, messages]);

  return (
    <LocaleContext.Provider value={value}>
      <RawIntlProvider value={intl}>{children}</RawIntlProvider>
    </LocaleContext.Provider>
  );
}

/** Renders its children once the staff texts are loaded (dashboard, kitchen, printer, status screen). */
export function StaffMessages({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  const { staffReady, needStaff } = useLocale();
  useEffect(() => needStaff(), [needStaff]);
  return staffReady ? children : fallback;
}
