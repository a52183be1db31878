import type { LocalMail } from '@bakje/contract';
import { useQuery } from '@tanstack/react-query';
import { Fragment } from 'react';
import { useIntl } from 'react-intl';
import { http, retryServerErrors } from '../../api/http';
import { EmptyState, ErrorState, Spinner } from '../../ui';
import { DashboardFrame } from './DashboardFrame';
import { formatMoment } from './format';
import { PERMISSION } from './permissions';
import { StaffGate } from './StaffGate';

const URL_IN_TEXT = /(https?:\/\/[^\s<>"]+)/g;

/** A mail's text with its web addresses as links (the reset link is what staff come here for). */
export function TextWithLinks({ text }: { text: string }) {
  return (
    <>
      {text.split(URL_IN_TEXT).map((part, i) =>
        i % 2 === 1 ? (
          <a key={i} href={part}>
            {part}
          </a>
        ) : (
          <Fragment key={i}>{part}</Fragment>
        ),
      )}
    </>
  );
}

function Mailbox() {
  const intl = useIntl();
  const mails = useQuery({
    queryKey: ['dashboard', 'mailbox'],
    queryFn: ({ signal }) => http<LocalMail[]>('GET', '/api/dev/mailbox', { signal }),
    retry: retryServerErrors,
    refetchInterval: 10_000,
  });
  if (mails.isPending) return <Spinner />;
  if (mails.isError) return <ErrorState error={mails.error} onRetry={() => void mails.refetch()} />;
  return (
    <>
      <p className="admin__lead">{intl.formatMessage({ id: 'dashboard.mailbox.intro' }, { count: mails.data.length })}</p>
      {mails.data.length === 0 ? (
        <EmptyState title={intl.formatMessage({ id: 'dashboard.mailbox.empty' })} />
      ) : (
        mails.data.map((mail) => (
          <article key={mail.id} className="admin__section mailbox__mail" aria-labelledby={`mail-${mail.id}`}>
            <h2 id={`mail-${mail.id}`} className="mailbox__subject">
              {mail.subject}
            </h2>
            <p className="mailbox__meta">
              {intl.formatMessage({ id: 'dashboard.mailbox.to' }, { to: mail.to })} · {formatMoment(intl, mail.receivedAt)}
            </p>
            <pre className="mailbox__text">
              <TextWithLinks text={mail.text} />
            </pre>
          </article>
        ))
      )}
    </>
  );
}

/**
 * /dashboard/mailbox (demo mode without SMTP, `mailbox.read`): the mails that would have gone out, in the staff
 * language, behind the staff login like every dashboard page (issue 17: it was an English page answering JSON).
 */
export default function MailboxPage() {
  const intl = useIntl();
  return (
    <StaffGate permission={PERMISSION.mailboxRead}>
      <DashboardFrame title={intl.formatMessage({ id: 'dashboard.mailbox.title' })}>
        <Mailbox />
      </DashboardFrame>
    </StaffGate>
  );
}
