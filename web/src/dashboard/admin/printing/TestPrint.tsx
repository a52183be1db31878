import { useMutation } from '@tanstack/react-query';
import { useId } from 'react';
import { useIntl } from 'react-intl';
import { Button, Notice } from '../../../ui';
import { http, HttpError } from '../../../api/http';
import { type TicketKind } from './printing-api';

/** Test tickets go to the saved printers, straight away (POST /api/printing/test): the answer says whether it printed. */
export function TestPrint({ dirty }: { dirty: boolean }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const test = useMutation({
    mutationFn: (kind: TicketKind) => http<{ printer: string }>('POST', '/api/printing/test', { body: { kind } }),
  });
  const hintId = useId();
  return (
    <section className="admin__section" aria-labelledby="print-test-title">
      <h2 id="print-test-title">{t('dashboard.printing.testTitle')}</h2>
      <p className="admin__muted" id={hintId}>
        {t(dirty ? 'dashboard.printing.testSaveFirst' : 'dashboard.printing.testLead')}
      </p>
      <div className="admin__buttons">
        {(['customer', 'kitchen'] as const).map((kind) => (
          <Button
            key={kind}
            variant="secondary"
            disabled={dirty}
            aria-describedby={hintId}
            busy={test.isPending && test.variables === kind}
            onClick={() => test.mutate(kind)}
          >
            {t(`dashboard.printing.test.${kind}`)}
          </Button>
        ))}
      </div>
      {test.isSuccess ? <Notice tone="success">{t('dashboard.printing.testSent', { printer: test.data.printer })}</Notice> : null}
      {test.error ? (
        <Notice tone="error" role="alert">
          {test.error instanceof HttpError && test.error.code === 'PRINTER_NOT_CONFIGURED'
            ? t('dashboard.printing.notConfigured')
            : test.error instanceof HttpError && test.error.code === 'PRINT_FAILED'
              ? t('dashboard.printing.testFailed', { detail: test.error.message })
              : t('dashboard.printing.testError')}
        </Notice>
      ) : null}
    </section>
  );
}
