import { useIntl } from 'react-intl';
import { useParams, useSearchParams } from 'react-router';
import { useDocumentTitle } from '../lib/useDocumentTitle';
import { ButtonLink, ComingSoon } from '../ui';

export type CustomerPageKind =
  | 'checkout'
  | 'confirm-payment'
  | 'login'
  | 'my-account'
  | 'lost-password'
  | 'reset-password'
  | 'order-summary'
  | 'order-received';

const TITLES: Record<CustomerPageKind, string> = {
  checkout: 'nav.checkout',
  'confirm-payment': 'nav.confirmPayment',
  login: 'nav.login',
  'my-account': 'nav.myAccount',
  'lost-password': 'nav.lostPassword',
  'reset-password': 'nav.resetPassword',
  'order-summary': 'nav.orderSummary',
  'order-received': 'nav.orderSummary',
};

/** Account and checkout pages: their features come in later issues; for now a clear "coming soon". */
export default function CustomerArea({ kind }: { kind: CustomerPageKind }) {
  const intl = useIntl();
  const [params] = useSearchParams();
  const { orderId } = useParams();
  const titleId = kind === 'my-account' && params.get('tab') === 'orders' ? 'nav.orderHistory' : TITLES[kind];
  const title = intl.formatMessage({ id: titleId });
  useDocumentTitle(title);
  return (
    <div className="container page-soon" data-testid="coming-soon" data-kind={kind}>
      <ComingSoon title={title}>
        {orderId ? <p className="page-soon__ref">{intl.formatMessage({ id: 'soon.orderRef' }, { orderId })}</p> : null}
        <ButtonLink to="/bestellen" variant="primary">
          {intl.formatMessage({ id: 'error.toMenu' })}
        </ButtonLink>
      </ComingSoon>
    </div>
  );
}
