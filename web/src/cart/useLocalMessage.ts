import { useIntl } from 'react-intl';
import type { ServerProblem } from '../api/client';
import { localMessage } from './serverMessages';

/** Formats an API problem in the visitor's language. */
export function useLocalMessage(): (problem: ServerProblem) => string {
  const intl = useIntl();
  return (problem) => {
    const local = localMessage(problem);
    return intl.formatMessage({ id: local.id }, local.values);
  };
}
