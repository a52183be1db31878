import type { SimulatedTicket, SimulatedTicketList } from '@bakje/contract';
import { useQuery } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { http, HttpError } from '../api/http';
import { useDocumentTitle } from '../lib/useDocumentTitle';
import { EmptyState, ErrorState, Spinner } from '../ui';
import '../areas/areas.css';
import './printing.css';

async function fetchTickets(signal: AbortSignal): Promise<SimulatedTicket[]> {
  const body = await http<Partial<SimulatedTicketList>>('GET', '/api/printing/simulated-tickets?limit=50', { signal });
  return body.tickets ?? [];
}

/** /dashboard/printer: what the virtual receipt printer printed, as the paper would show it (demo mode). */
export default function VirtualPrinterPage() {
  const intl = useIntl();
  const title = intl.formatMessage({ id: 'printer.title' });
  useDocumentTitle(title);
  const query = useQuery({
    queryKey: ['printing', 'simulated-tickets'],
    queryFn: ({ signal }) => fetchTickets(signal),
    // New tickets arrive without a reload; a printer page is watched, not clicked.
    refetchInterval: 2000,
    retry: (count, error) => !(error instanceof HttpError && error.code === 'VIRTUAL_PRINTER_OFF') && count < 2,
  });

  let content;
  if (query.isPending) content = <Spinner size="lg" />;
  else if (query.isError) {
    const notRunning = query.error instanceof HttpError && query.error.code === 'VIRTUAL_PRINTER_OFF';
    content = notRunning ? (
      <EmptyState title={intl.formatMessage({ id: 'printer.notRunning' })}>
        <p>{intl.formatMessage({ id: 'printer.notRunningBody' })}</p>
      </EmptyState>
    ) : (
      <ErrorState error={query.error} onRetry={() => void query.refetch()} />
    );
  } else if (query.data.length === 0) {
    content = (
      <EmptyState title={intl.formatMessage({ id: 'printer.empty' })}>
        <p>{intl.formatMessage({ id: 'printer.emptyBody' })}</p>
      </EmptyState>
    );
  } else {
    content = (
      <ol className="printer__tickets" aria-label={intl.formatMessage({ id: 'printer.listLabel' })}>
        {query.data.map((ticket) => (
          <li key={ticket.id} className="printer__ticket">
            <p className="printer__meta">
              <FormattedMessage
                id="printer.meta"
                values={{
                  printer: ticket.printer,
                  time: intl.formatTime(ticket.receivedAt, { hour: '2-digit', minute: '2-digit', second: '2-digit' }),
                }}
              />
            </p>
            {/* Focusable: on a narrow screen the paper scrolls sideways, also from the keyboard. */}
            <pre
              tabIndex={0}
              className={ticket.text.split('\n').some((line) => line.length > 23) ? 'printer__paper' : 'printer__paper printer__paper--kitchen'}
            >
              {ticket.text}
            </pre>
          </li>
        ))}
      </ol>
    );
  }

  return (
    <div className="dashboard">
      <header className="dashboard__header">
        <Link to="/dashboard" className="dashboard__brand">
          <img className="dashboard__logo" src="/media/logo.svg" alt="" width={120} height={40} />
          <span>{intl.formatMessage({ id: 'nav.dashboard' })}</span>
        </Link>
      </header>
      <main id="main" className="dashboard__main printer" tabIndex={-1}>
        <h1 className="printer__title">{title}</h1>
        <p className="printer__intro">{intl.formatMessage({ id: 'printer.intro' })}</p>
        {content}
      </main>
    </div>
  );
}
