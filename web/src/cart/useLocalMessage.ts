import { useIntl } from 'react-intl';
import { localMessage } from './serverMessages';

/** Formats an API message in the visitor's language. */
export function useLocalMessage(): (message: string) => string {
  const intl = useIntl();
  return (message) => {
    const local = localMessage(message);
    return intl.formatMessage({ id: local.id }, local.values);
  };
}
