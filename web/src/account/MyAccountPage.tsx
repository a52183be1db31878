import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { useIntl } from 'react-intl';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { gql } from '../api/client';
import { SubmitButton } from '../forms/SubmitButton';
import { UnsavedChangesDialog, useUnsavedChangesGuard } from '../forms/UnsavedChangesGuard';
import { useErrorText, useZodForm } from '../forms/useZodForm';
import { useLocale } from '../i18n/LocaleProvider';
import { Button, DataTable, EmptyState, ErrorState, Notice, Price, Spinner, type Column } from '../ui';
import { Field } from '../ui/Field';
import { z } from 'zod';
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
  type OrdersQuery,
} from './account.generated';
import { accountErrorText, showAtField } from './errors';
import LoginPage from './LoginPage';
import { PrivacyTab } from './PrivacyTab';
import { EMPTY_NEW_PASSWORD, NewPasswordFields, newPasswordSchema } from './NewPasswordFields';
import { useAccount, useAccountMutation } from './useAccount';

type OrderSummary = NonNullable<OrdersQuery['customer']>['orders']['nodes'][number];

export const TABS = ['orders', 'details', 'addresses', 'password', 'downloads', 'wishlist', 'privacy'] as const;
type Tab = (typeof TABS)[number];

export default function MyAccountPage() {
  const intl = useIntl();
  const account = useAccount();
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const logout = useAccountMutation(LogoutDocument, { resetAll: true });
  const logoutEverywhere = useAccountMutation(LogoutEverywhereDocument, { resetAll: true });
  const tab: Tab = (TABS as readonly string[]).includes(params.get('tab') ?? '') ? (params.get('tab') as Tab) : 'orders';

  if (account.isPending)
    return (
      <div className="container account-page">
        <Spinner />
      </div>
    );
  if (account.isError)
    return (
      <div className="container account-page">
        <ErrorState error={account.error} onRetry={() => void account.refetch()} />
      </div>
    );
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
          {tab === 'privacy' ? <PrivacyTab /> : null}
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
  const columns: Column<OrderSummary>[] = [
    {
      id: 'number',
      header: intl.formatMessage({ id: 'account.orders.number' }),
      cell: (o) => <Link to={`/order-summary/${o.databaseId}`}>#{o.orderNumber}</Link>,
      sortValue: (o) => o.databaseId,
    },
    {
      id: 'date',
      header: intl.formatMessage({ id: 'account.orders.date' }),
      cell: (o) => intl.formatDate(o.date, { year: 'numeric', month: 'long', day: 'numeric' }),
      sortValue: (o) => o.date,
    },
    {
      id: 'status',
      header: intl.formatMessage({ id: 'account.orders.status' }),
      // One name per status everywhere: the order summary's (issue 17).
      cell: (o) => intl.formatMessage({ id: `order.status.${o.status.toLowerCase()}`, defaultMessage: o.status }),
    },
    { id: 'total', header: intl.formatMessage({ id: 'account.orders.total' }), cell: (o) => <Price amount={Number(o.total)} /> },
  ];
  return (
    <DataTable
      label={intl.formatMessage({ id: 'account.tab.orders' })}
      columns={columns}
      rows={orders.data}
      rowKey={(o) => o.databaseId}
      rowProps={() => ({ 'data-testid': 'account-order' })}
      loading={orders.isPending}
      error={orders.error}
      errorContent={<ErrorState title={intl.formatMessage({ id: 'account.error.orders' })} onRetry={() => void orders.refetch()} />}
      empty={intl.formatMessage({ id: 'account.orders.empty' })}
    />
  );
}

const detailsSchema = z.object({
  firstName: z.string().trim(),
  lastName: z.string().trim(),
  email: z.string().trim().min(1, 'form.required').pipe(z.email('account.error.emailInvalid')),
});

function DetailsTab({ customer }: { customer: AccountQuery['customer'] }) {
  const intl = useIntl();
  const errorText = useErrorText();
  const form = useZodForm(detailsSchema, {
    defaultValues: { firstName: customer?.firstName ?? '', lastName: customer?.lastName ?? '', email: customer?.email ?? '' },
  });
  const { register, formState } = form;
  const update = useAccountMutation(UpdateCustomerDocument);
  const { saved, submit } = useSaveForm(form, (values) => update.mutateAsync({ input: values }), ['email']);
  const blocker = useUnsavedChangesGuard(formState.isDirty && !formState.isSubmitting);
  return (
    <form className="account-form" onSubmit={submit} noValidate>
      <Outcome saved={saved} error={update.error} />
      <Field label={intl.formatMessage({ id: 'account.field.firstName' })} autoComplete="given-name" {...register('firstName')} />
      <Field label={intl.formatMessage({ id: 'account.field.lastName' })} autoComplete="family-name" {...register('lastName')} />
      <Field
        label={intl.formatMessage({ id: 'account.field.email' })}
        type="email"
        autoComplete="email"
        required
        {...register('email')}
        error={errorText(formState.errors.email)}
      />
      <SubmitButton submitting={formState.isSubmitting}>{intl.formatMessage({ id: 'account.save' })}</SubmitButton>
      <UnsavedChangesDialog blocker={blocker} />
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

const addressSchema = z.object(
  Object.fromEntries(ADDRESS_FIELDS.map(([field]) => [field, z.string().trim()])) as Record<(typeof ADDRESS_FIELDS)[number][0], z.ZodString>,
);

function AddressForm({
  kind,
  address,
  onDirty,
}: {
  kind: 'billing' | 'shipping';
  address: AddressFieldsFragment | null | undefined;
  onDirty: (kind: 'billing' | 'shipping', dirty: boolean) => void;
}) {
  const intl = useIntl();
  const form = useZodForm(addressSchema, { defaultValues: Object.fromEntries(ADDRESS_FIELDS.map(([f]) => [f, address?.[f] ?? ''])) });
  const update = useAccountMutation(UpdateCustomerDocument);
  const { saved, submit } = useSaveForm(form, (values) => update.mutateAsync({ input: { [kind]: values } }), []);
  const { register, formState } = form;
  const dirty = formState.isDirty && !formState.isSubmitting;
  useEffect(() => onDirty(kind, dirty), [onDirty, kind, dirty]);
  return (
    <form className="account-form" onSubmit={submit} noValidate aria-labelledby={`${kind}-title`}>
      <h3 id={`${kind}-title`}>{intl.formatMessage({ id: `account.address.${kind}` })}</h3>
      <Outcome saved={saved} error={update.error} />
      {ADDRESS_FIELDS.map(([field, autoComplete]) => (
        <Field
          key={field}
          label={intl.formatMessage({ id: `account.field.${field}` })}
          id={`${kind}-${field}`}
          autoComplete={`${kind === 'billing' ? 'billing' : 'shipping'} ${autoComplete}`}
          {...register(field)}
        />
      ))}
      <SubmitButton submitting={formState.isSubmitting}>{intl.formatMessage({ id: 'account.save' })}</SubmitButton>
    </form>
  );
}

/** Two address forms, one guard (a router has one blocker at a time). */
function AddressesTab({ customer }: { customer: AccountQuery['customer'] }) {
  const [dirty, setDirty] = useState({ billing: false, shipping: false });
  const onDirty = useCallback((kind: 'billing' | 'shipping', value: boolean) => setDirty((d) => (d[kind] === value ? d : { ...d, [kind]: value })), []);
  const blocker = useUnsavedChangesGuard(dirty.billing || dirty.shipping);
  return (
    <div className="account-columns">
      <AddressForm kind="billing" address={customer?.billing ?? null} onDirty={onDirty} />
      <AddressForm kind="shipping" address={customer?.shipping ?? null} onDirty={onDirty} />
      <UnsavedChangesDialog blocker={blocker} />
    </div>
  );
}

/** The password tab asks for the current password too (issue 17): a session left open is not enough. */
const changePasswordSchema = newPasswordSchema.and(z.object({ currentPassword: z.string().min(1, 'account.error.currentPasswordRequired') }));
const EMPTY_CHANGE_PASSWORD = { ...EMPTY_NEW_PASSWORD, currentPassword: '' };

function PasswordTab({ userId }: { userId: number }) {
  const intl = useIntl();
  const errorText = useErrorText();
  const form = useZodForm(changePasswordSchema, { defaultValues: EMPTY_CHANGE_PASSWORD });
  const update = useAccountMutation(UpdatePasswordDocument);
  const { saved, submit } = useSaveForm(
    form,
    ({ password, currentPassword }) => update.mutateAsync({ id: String(userId), password, currentPassword }),
    ['password', 'currentPassword'],
    EMPTY_CHANGE_PASSWORD,
  );
  return (
    <form className="account-form" onSubmit={submit} noValidate>
      <Outcome saved={saved} error={update.error} />
      <Field
        label={intl.formatMessage({ id: 'account.field.currentPassword' })}
        type="password"
        autoComplete="current-password"
        required
        {...form.register('currentPassword')}
        error={errorText(form.formState.errors.currentPassword)}
      />
      <NewPasswordFields form={form} />
      <SubmitButton submitting={form.formState.isSubmitting}>{intl.formatMessage({ id: 'account.password.submit' })}</SubmitButton>
    </form>
  );
}

/**
 * Saves an account form: on success "updated" and the form starts again from what was saved (or from
 * `afterSave`); a server error about one of `fields` is shown at that field.
 */
function useSaveForm<In extends FieldValues, Out>(
  form: UseFormReturn<In, unknown, Out>,
  save: (values: Out) => Promise<unknown>,
  fields: ('email' | 'password' | 'username' | 'currentPassword')[],
  afterSave?: In,
) {
  const [saved, setSaved] = useState(false);
  const submit = form.handleSubmit(async (values) => {
    setSaved(false);
    try {
      await save(values);
      form.reset(afterSave ?? form.getValues());
      setSaved(true);
    } catch (error) {
      showAtField(form.setError, error, fields);
    }
  });
  return { saved, submit: (event: FormEvent) => void submit(event) };
}

function DownloadsTab() {
  const intl = useIntl();
  const { locale } = useLocale();
  const downloads = useQuery({
    queryKey: ['account', 'downloads', locale],
    queryFn: ({ signal }) => gql(DownloadsDocument, undefined, { locale, signal }).then((d) => d.customer?.downloadableItems.nodes ?? []),
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
      {remove.error || toCart.error ? (
        <Notice tone="error" role="alert">
          {accountErrorText(intl, remove.error ?? toCart.error, 'account.error.update')}
        </Notice>
      ) : null}
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
  if (error)
    return (
      <Notice tone="error" role="alert">
        {accountErrorText(intl, error, 'account.error.update')}
      </Notice>
    );
  if (saved) return <Notice tone="success">{intl.formatMessage({ id: 'account.updated' })}</Notice>;
  return null;
}
