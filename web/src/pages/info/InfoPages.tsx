import { useQuery } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { gql } from '../../api/client';
import { useLocale } from '../../i18n/LocaleProvider';
import { PaymentMethodsDocument } from './info.generated';
import { Link } from 'react-router';
import { useCategories, useProductList, useStoreSettings } from '../../api/hooks';
import { SocialLinks } from '../../shell/Footer';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { menuPages } from '../../displays/menuPages';
import { shopHref } from '../../shop/filtering';
import { ErrorState, Skeleton } from '../../ui';
import { MailIcon, PhoneIcon, PinIcon } from '../../ui/icons';
import { sanitizeHtml } from '../../lib/sanitize';

export type InfoPageKind = 'contact' | 'sitemap' | 'terms' | 'privacy';

function ContactPage() {
  const intl = useIntl();
  const settings = useStoreSettings();
  useDocumentTitle(intl.formatMessage({ id: 'contact.title' }));
  const contact = settings.data?.contact;
  return (
    <article className="container prose">
      <h1>{intl.formatMessage({ id: 'contact.title' })}</h1>
      {settings.data?.contactIntro ? (
        <div data-testid="contact-intro" dangerouslySetInnerHTML={{ __html: sanitizeHtml(settings.data.contactIntro) }} />
      ) : (
        <p>{intl.formatMessage({ id: 'contact.intro' })}</p>
      )}
      {settings.isError && !settings.data ? <ErrorState error={settings.error} onRetry={() => void settings.refetch()} /> : null}
      {settings.isPending ? (
        <Skeleton width="60%" height="4em" />
      ) : (
        <dl className="contact-list">
          {contact?.address ? (
            <div>
              <dt>
                <PinIcon /> {intl.formatMessage({ id: 'contact.address' })}
              </dt>
              <dd>{contact.address}</dd>
            </div>
          ) : null}
          {contact?.phone ? (
            <div>
              <dt>
                <PhoneIcon /> {intl.formatMessage({ id: 'contact.phone' })}
              </dt>
              <dd>
                <a href={`tel:${contact.phone.replace(/\s+/g, '')}`}>{contact.phone}</a>
              </dd>
            </div>
          ) : null}
          {contact?.email ? (
            <div>
              <dt>
                <MailIcon /> {intl.formatMessage({ id: 'contact.email' })}
              </dt>
              <dd>
                <a href={`mailto:${contact.email}`}>{contact.email}</a>
              </dd>
            </div>
          ) : null}
        </dl>
      )}
      <h2>{intl.formatMessage({ id: 'contact.followUs' })}</h2>
      <SocialLinks contact={contact} />
      <p>{intl.formatMessage({ id: 'contact.allergyNote' })}</p>
    </article>
  );
}

function SitemapPage() {
  const intl = useIntl();
  const categories = useCategories();
  const products = useProductList();
  useDocumentTitle(intl.formatMessage({ id: 'nav.sitemap' }));
  const pages: { to: string; id: string }[] = [
    { to: '/', id: 'nav.home' },
    { to: '/bestellen', id: 'nav.order' },
    { to: '/contact', id: 'nav.contact' },
    { to: '/login', id: 'nav.login' },
    { to: '/my-account', id: 'nav.myAccount' },
    { to: '/my-account?tab=orders', id: 'nav.orderHistory' },
    { to: '/my-account/lost-password', id: 'nav.lostPassword' },
    { to: '/checkout', id: 'nav.checkout' },
    { to: '/order-summary', id: 'nav.orderSummary' },
    { to: '/terms-conditions', id: 'nav.terms' },
    { to: '/privacy-policy', id: 'nav.privacy' },
    { to: '/sitemap', id: 'nav.sitemap' },
  ];
  const screens: { to: string; id: string }[] = [
    { to: '/kioskindex', id: 'nav.kiosk' },
    { to: '/order-status-scherm', id: 'nav.orderStatusScreen' },
    { to: '/dashboard', id: 'nav.dashboard' },
  ];
  const boards = menuPages(categories.data ?? [], products.data ?? []);
  return (
    <article className="container prose sitemap">
      <h1>{intl.formatMessage({ id: 'nav.sitemap' })}</h1>
      <section aria-labelledby="sitemap-pages">
        <h2 id="sitemap-pages">{intl.formatMessage({ id: 'sitemap.pages' })}</h2>
        <ul>
          {pages.map((p) => (
            <li key={p.to}>
              <Link to={p.to}>{intl.formatMessage({ id: p.id })}</Link>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="sitemap-categories">
        <h2 id="sitemap-categories">{intl.formatMessage({ id: 'home.categories' })}</h2>
        {categories.isPending ? <Skeleton width="50%" height="3em" /> : null}
        <ul>
          {(categories.data ?? []).map((c) => (
            <li key={c.slug}>
              <Link to={shopHref({ filters: [{ name: 'category', values: [c.slug] }], search: '', orderby: null, order: 'DESC' })}>{c.name}</Link>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="sitemap-products">
        <h2 id="sitemap-products">{intl.formatMessage({ id: 'sitemap.products' })}</h2>
        {products.isPending ? <Skeleton width="50%" height="6em" /> : null}
        <ul className="sitemap__columns">
          {(products.data ?? []).map((p) => (
            <li key={p.slug}>
              <Link to={`/product/${encodeURIComponent(p.slug)}`}>{p.name}</Link>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="sitemap-screens">
        <h2 id="sitemap-screens">{intl.formatMessage({ id: 'sitemap.screens' })}</h2>
        <ul>
          {screens.map((p) => (
            <li key={p.to}>
              <Link to={p.to}>{intl.formatMessage({ id: p.id })}</Link>
            </li>
          ))}
          {boards.map((_, i) => (
            <li key={`board-${i}`}>
              <Link to={`/digital-menu/${i + 1}`}>{intl.formatMessage({ id: 'sitemap.menuBoard' }, { page: i + 1 })}</Link>
            </li>
          ))}
        </ul>
      </section>
    </article>
  );
}

const LEGAL_SECTIONS = 5;

/**
 * The payment methods the shop really offers, one per id, sorted by title (docs/product.md §4), so the terms
 * never promise a card payment the shop does not take (issue 17).
 */
function usePaymentMethodTitles() {
  const { locale } = useLocale();
  return useQuery({
    queryKey: ['payment-methods', locale],
    queryFn: ({ signal }) =>
      gql(PaymentMethodsDocument, undefined, { locale, signal }).then((d) => {
        const byId = new Map([...d.paymentGateways.nodes, ...d.multiSafepayGateways.nodes].map((g) => [g.id, g.title]));
        return [...byId.values()].sort((a, b) => a.localeCompare(b, locale.slice(0, 2)));
      }),
    staleTime: 5 * 60_000,
  });
}

function LegalPage({ kind }: { kind: 'terms' | 'privacy' }) {
  const intl = useIntl();
  const settings = useStoreSettings();
  const site = settings.data?.siteName ?? 'Bakje';
  const title = intl.formatMessage({ id: `legal.${kind}.title` });
  const payment = usePaymentMethodTitles();
  const methods = payment.data ? intl.formatList(payment.data, { type: 'disjunction' }) : '…';
  useDocumentTitle(title);
  // The owner's own text for this language (store settings) replaces the built-in one.
  const own = kind === 'terms' ? settings.data?.termsPage : settings.data?.privacyPage;
  if (settings.isPending) {
    return (
      <article className="container prose">
        <h1>{title}</h1>
        <Skeleton width="80%" height="8em" />
      </article>
    );
  }
  if (own) {
    return (
      <article className="container prose" data-testid="legal-page">
        <h1>{title}</h1>
        <div dangerouslySetInnerHTML={{ __html: sanitizeHtml(own) }} />
      </article>
    );
  }
  return (
    <article className="container prose" data-testid="legal-page">
      <h1>{title}</h1>
      <p className="prose__lead">{intl.formatMessage({ id: `legal.${kind}.intro` }, { site })}</p>
      {Array.from({ length: LEGAL_SECTIONS }, (_, i) => (
        <section key={i}>
          <h2>{intl.formatMessage({ id: `legal.${kind}.s${i + 1}.title` })}</h2>
          <p>{intl.formatMessage({ id: `legal.${kind}.s${i + 1}.body` }, { site, email: settings.data?.contact.email ?? '', methods })}</p>
        </section>
      ))}
    </article>
  );
}

export default function InfoPage({ kind }: { kind: InfoPageKind }) {
  switch (kind) {
    case 'contact':
      return <ContactPage />;
    case 'sitemap':
      return <SitemapPage />;
    default:
      return <LegalPage kind={kind} />;
  }
}
