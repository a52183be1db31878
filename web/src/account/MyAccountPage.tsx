import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { gql } from '../api/client';
import { useLocale } from '../i18n/LocaleProvider';
import { Button, EmptyState, ErrorState, Notice, Spinner } from '../ui';
import {
  DownloadsDocument,
  LogoutEverywhereDocument,
  LogoutDocument,
  OrdersDocument,
  RemoveWishDocument,
  UpdateCustomerDocument,
  UpdatePasswordDocument,
  WishlistDocument,
  WishToCartDocument,
  type AccountQuery,
  type AddressFieldsFragment,
} from './account.generated';
import { accountErrorText } from './errors';
import { Field } from './Field';
import LoginPage from './LoginPage';
import { NewPasswordFields } from './NewPasswordFields';
import { useAccount, useAccountMutation } from './useAccount';

export const TABS = ['orders', 'details', 'addresses', 'password', 'downloads', 'wishlist'] as const;
type Tab = (typeof TABS)[number];

export default function MyAccountPage() {
  const intl = useIntl();
  const account = useAccount();
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const logout = useAccountMutation(LogoutDocument, { resetAll: true });
  const logoutEverywhere = useAccountMutation(LogoutEverywhereDocument, { resetAll: true });
  const tab: Tab = (TABS as readonly string[]).includes(params.get('tab') ?? '') ? (params.get('tab') as Tab) : 'orders';

  if (account.isPending) return <div className="container account-page"><Spinner /></div>;
  if (account.isError) return <div className="container account-page"><ErrorState error={account.error} onRetry={() => void account.refetch()} /></div>;
  // Not logged in: WooCommerce shows the login and registration forms on the account page itself.
  if (!account.data.viewer) return <LoginPage />;
  const { viewer, customer } = account.data;

  return (
    <div className="container account-page">
      <h1>{intl.formatMessage({ id: 'nav.myAccount' })}</h1>
      <p className="account-welcome">{intl.formatMessage({ id: 'account.welcome' }, { name: viewer.firstName || viewer.username })}</p>
      <div className="account-layout">
        <nav aria-label={intl.formatMessage({ id: 'account.tabs.label' })} className="account-tabs">
          <ul>
            {TABS.map((t) => (
              <li key={t}>
                <Link to={`/my-account?tab=${t}`} aria-current={t === tab ? 'page' : undefined} onClick={() => setParams({ tab: t })}>
                  {intl.formatMessage({ id: `account.tab.${t}` })}
                </Link>
              </li>
            ))}
            <li>
              <Button variant="secondary" onClick={() => logout.mutate({}, { onSuccess: () => void navigate('/login') })}>
                {intl.formatMessage({ id: 'account.logout' })}
              </Button>
            </li>
            <li>
              <Button variant="secondary" onClick={() => logoutEverywhere.mutate({}, { onSuccess: () => void navigate('/login') })}>
                {intl.formatMessage({ id: 'account.logoutEverywhere' })}
              </Button>
            </li>
          </ul>
        </nav>
        <section className="account-panel" aria-labelledby="account-panel-title">
          <h2 id="account-panel-title">{intl.formatMessage({ id: `account.tab.${tab}` })}</h2>
          {tab === 'orders' ? <OrdersTab /> : null}
          {tab === 'details' ? <DetailsTab customer={customer} /> : null}
          {tab === 'addresses' ? <AddressesTab customer={customer} /> : null}
          {tab === 'password' ? <PasswordTab userId={viewer.databaseId} /> : null}
          {tab === 'downloads' ? <DownloadsTab /> : null}
          {tab === 'wishlist' ? <WishlistTab /> : null}
        </section>
      </div>
    </div>
  );
}

function OrdersTab() {
  const intl = useIntl();
  const { locale } = useLocale();
  const orders = useQuery({
    queryKey: ['account', 'orders', locale],
    queryFn: ({ signal }) => gql(OrdersDocument, undefined, { locale, signal }).then((d) => d.customer?.orders.nodes ?? []),
  });
  if (orders.isPending) return <Spinner />;
  if (orders.isError) return <ErrorState title={intl.formatMessage({ id: 'account.error.orders' })} onRetry={() => void orders.refetch()} />;
  if (!orders.data.length) return <EmptyState title={intl.formatMessage({ id: 'account.orders.empty' })} />;
  return (
    <table className="account-table">
      <thead>
        <tr>
          <th scope="col">{intl.formatMessage({ id: 'account.orders.number' })}</th>
          <th scope="col">{intl.formatMessage({ id: 'account.orders.date' })}</th>
          <th scope="col">{intl.formatMessage({ id: 'account.orders.status' })}</th>
          <th scope="col">{intl.formatMessage({ id: 'account.orders.total' })}</th>
        </tr>
      </thead>
      <tbody>
        {orders.data.map((o) => (
          <tr key={o.databaseId} data-testid="account-order">
            <td>
              <Link to={`/order-summary/${o.databaseId}`}>#{o.orderNumber}</Link>
            </td>
            <td>{intl.formatDate(o.date, { year: 'numeric', month: 'long', day: 'numeric' })}</td>
            <td>{intl.formatMessage({ id: `account.orderStatus.${o.status.toLowerCase().replace('_', '')}`, defaultMessage: o.status })}</td>
            <td>€ {o.total.replace(/[^\d.,]/g, '')}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function useSaved() {
  const [saved, setSaved] = useState(false);
  return { saved, setSaved };
}

function DetailsTab({ customer }: { customer: AccountQuery['customer'] }) {
  const intl = useIntl();
  const [values, setValues] = useState({ firstName: customer?.firstName ?? '', lastName: customer?.lastName ?? '', email: customer?.email ?? '' });
  const update = useAccountMutation(UpdateCustomerDocument);
  const { saved, setSaved } = useSaved();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    update.mutate({ input: values }, { onSuccess: () => setSaved(true) });
  };
  return (
    <form className="account-form" onSubmit={submit}>
      <Outcome saved={saved} error={update.error} />
      <Field label={intl.formatMessage({ id: 'account.field.firstName' })} name="firstName" autoComplete="given-name" value={values.firstName} onChange={(e) => setValues({ ...values, firstName: e.target.value })} />
      <Field label={intl.formatMessage({ id: 'account.field.lastName' })} name="lastName" autoComplete="family-name" value={values.lastName} onChange={(e) => setValues({ ...values, lastName: e.target.value })} />
      <Field label={intl.formatMessage({ id: 'account.field.email' })} name="email" type="email" autoComplete="email" value={values.email} onChange={(e) => setValues({ ...values, email: e.target.value })} />
      <Button type="submit" variant="primary" disabled={update.isPending}>
        {intl.formatMessage({ id: 'account.save' })}
      </Button>
    </form>
  );
}

const ADDRESS_FIELDS = [
  ['firstName', 'given-name'],
  ['lastName', 'family-name'],
  ['address1', 'address-line1'],
  ['address2', 'address-line2'],
  ['postcode', 'postal-code'],
  ['city', 'address-level2'],
  ['phone', 'tel'],
] as const;

function AddressForm({ kind, address }: { kind: 'billing' | 'shipping'; address: AddressFieldsFragment | null }) {
  const intl = useIntl();
  const [values, setValues] = useState<Record<string, string>>(
    Object.fromEntries(ADDRESS_FIELDS.map(([f]) => [f, address?.[f] ?? ''])),
  );
  const update = useAccountMutation(UpdateCustomerDocument);
  const { saved, setSaved } = useSaved();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    update.mutate({ input: { [kind]: values } }, { onSuccess: () => setSaved(true) });
  };
  return (
    <form className="account-form" onSubmit={submit} aria-labelledby={`${kind}-title`}>
      <h3 id={`${kind}-title`}>{intl.formatMessage({ id: `account.address.${kind}` })}</h3>
      <Outcome saved={saved} error={update.error} />
      {ADDRESS_FIELDS.map(([field, autoComplete]) => (
        <Field
          key={field}
          label={intl.formatMessage({ id: `account.field.${field}` })}
          name={`${kind}-${field}`}
          autoComplete={`${kind === 'billing' ? 'billing' : 'shipping'} ${autoComplete}`}
          value={values[field]}
          onChange={(e) => setValues({ ...values, [field]: e.target.value })}
        />
      ))}
      <Button type="submit" variant="primary" disabled={update.isPending}>
        {intl.formatMessage({ id: 'account.save' })}
      </Button>
    </form>
  );
}

function AddressesTab({ customer }: { customer: AccountQuery['customer'] }) {
  return (
    <div className="account-columns">
      <AddressForm kind="billing" address={customer?.billing ?? null} />
      <AddressForm kind="shipping" address={customer?.shipping ?? null} />
    </div>
  );
}

function PasswordTab({ userId }: { userId: number }) {
  const intl = useIntl();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [mismatch, setMismatch] = useState(false);
  const update = useAccountMutation(UpdatePasswordDocument);
  const { saved, setSaved } = useSaved();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    if (password !== confirm) return setMismatch(true);
    setMismatch(false);
    update.mutate({ id: String(userId), password }, { onSuccess: () => { setSaved(true); setPassword(''); setConfirm(''); } });
  };
  return (
    <form className="account-form" onSubmit={submit}>
      <Outcome saved={saved} error={update.error} />
      <NewPasswordFields password={password} confirm={confirm} mismatch={mismatch} onPassword={setPassword} onConfirm={setConfirm} />
      <Button type="submit" variant="primary" disabled={update.isPending}>
        {intl.formatMessage({ id: 'account.password.submit' })}
      </Button>
    </form>
  );
}

function DownloadsTab() {
  const intl = useIntl();
  const { locale } = useLocale();
  const downloads = useQuery({
    queryKey: ['account', 'downloads', locale],
    queryFn: ({ signal }) =>
      gql(DownloadsDocument, undefined, { locale, signal }).then((d) => d.customer?.downloadableItems.nodes ?? []),
  });
  if (downloads.isPending) return <Spinner />;
  if (downloads.isError) return <ErrorState title={intl.formatMessage({ id: 'account.error.downloads' })} onRetry={() => void downloads.refetch()} />;
  if (!downloads.data.length) return <EmptyState title={intl.formatMessage({ id: 'account.downloads.empty' })} />;
  return (
    <ul>
      {downloads.data.map((d) => (
        <li key={d.id}>{d.url ? <a href={d.url}>{d.name}</a> : d.name}</li>
      ))}
    </ul>
  );
}

function WishlistTab() {
  const intl = useIntl();
  const { locale } = useLocale();
  const wishlist = useQuery({
    queryKey: ['account', 'wishlist', locale],
    queryFn: ({ signal }) => gql(WishlistDocument, undefined, { locale, signal }).then((d) => d.wishlist),
  });
  const remove = useAccountMutation(RemoveWishDocument);
  const toCart = useAccountMutation(WishToCartDocument);
  const [moved, setMoved] = useState(false);
  if (wishlist.isPending) return <Spinner />;
  if (wishlist.isError) return <ErrorState onRetry={() => void wishlist.refetch()} />;
  return (
    <>
      {moved ? <Notice tone="success">{intl.formatMessage({ id: 'account.wishlist.moved' })}</Notice> : null}
      {remove.error || toCart.error ? <Notice tone="error" role="alert">{accountErrorText(intl, remove.error ?? toCart.error, 'account.error.update')}</Notice> : null}
      {!wishlist.data.length ? (
        <EmptyState title={intl.formatMessage({ id: 'account.wishlist.empty' })} />
      ) : (
        <ul className="account-wishlist">
          {wishlist.data.map((p) => (
            <li key={p.databaseId}>
              <Link to={`/product/${p.slug}`}>{p.name}</Link>
              <Button variant="primary" size="sm" onClick={() => toCart.mutate({ productId: p.databaseId }, { onSuccess: () => setMoved(true) })}>
                {intl.formatMessage({ id: 'account.wishlist.toCart' })}
              </Button>
              <Button variant="secondary" size="sm" onClick={() => remove.mutate({ productId: p.databaseId })}>
                {intl.formatMessage({ id: 'account.wishlist.remove' })}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

function Outcome({ saved, error }: { saved: boolean; error: Error | null }) {
  const intl = useIntl();
  if (error) return <Notice tone="error" role="alert">{accountErrorText(intl, error, 'account.error.update')}</Notice>;
  if (saved) return <Notice tone="success">{intl.formatMessage({ id: 'account.updated' })}</Notice>;
  return null;
}
