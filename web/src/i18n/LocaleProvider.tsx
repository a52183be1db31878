import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { DEFAULT_LOCALE, storeLocale, toIntlLocale, type LocaleCode } from './locale';
import { loadMessages, type Messages } from './messages';

interface LocaleContextValue {
  locale: LocaleCode;
  setLocale: (next: LocaleCode) => Promise<void>;
}

const LocaleContext = createContext<LocaleContextValue>({
  locale: DEFAULT_LOCALE,
  setLocale: async () => undefined,
});

export function useLocale(): LocaleContextValue {
  return useContext(LocaleContext);
}

export function LocaleProvider({
  initial,
  initialMessages,
  children,
}: {
  initial: LocaleCode;
  initialMessages: Messages;
  children: ReactNode;
}) {
  const [state, setState] = useState({ locale: initial, messages: initialMessages });

  const setLocale = useCallback(async (next: LocaleCode) => {
    const messages = await loadMessages(next);
    storeLocale(next);
    setState({ locale: next, messages });
  }, []);

  const value = useMemo(() => ({ locale: state.locale, setLocale }), [state.locale, setLocale]);

  return (
    <LocaleContext.Provider value={value}>
      <IntlProvider
        locale={toIntlLocale(state.locale)}
        defaultLocale="nl-BE"
        messages={state.messages}
        onError={(error) => {
          if (import.meta.env.DEV) console.warn(error.message);
        }}
      >
        {children}
      </IntlProvider>
    </LocaleContext.Provider>
  );
}
