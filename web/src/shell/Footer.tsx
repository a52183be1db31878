import { OpeningHoursBlock } from '../shop-status/OpeningHoursBlock';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { useStoreSettings } from '../api/hooks';
import type { ShopContact } from '../api/types';
import { FacebookIcon, InstagramIcon, MailIcon, PhoneIcon, PinIcon, TiktokIcon } from '../ui/icons';

export const FOOTER_LINKS: { to: string; id: string }[] = [
  { to: '/contact', id: 'nav.contact' },
  { to: '/sitemap', id: 'nav.sitemap' },
  { to: '/terms-conditions', id: 'nav.terms' },
  { to: '/privacy-policy', id: 'nav.privacy' },
  { to: '/my-account', id: 'nav.myAccount' },
  { to: '/my-account?tab=orders', id: 'nav.orderHistory' },
];

export function SocialLinks({ contact }: { contact: ShopContact | undefined }) {
  const intl = useIntl();
  const socials = [
    { key: 'facebook', url: contact?.facebook, name: 'Facebook', Icon: FacebookIcon },
    { key: 'instagram', url: contact?.instagram, name: 'Instagram', Icon: InstagramIcon },
    { key: 'tiktok', url: contact?.tiktok, name: 'TikTok', Icon: TiktokIcon },
  ].filter((s) => s.url);
  if (socials.length === 0) return null;
  return (
    <ul className="socials" aria-label={intl.formatMessage({ id: 'footer.socials' })}>
      {socials.map(({ key, url, name, Icon }) => (
        <li key={key}>
          <a
            className="socials__link"
            href={url!}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={intl.formatMessage({ id: 'footer.socialLink' }, { network: name })}
          >
            <Icon />
          </a>
        </li>
      ))}
    </ul>
  );
}

export function Footer() {
  const intl = useIntl();
  const { data: settings } = useStoreSettings();
  const contact = settings?.contact;
  const year = new Date().getFullYear();
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <div className="site-footer__about">
          <p className="site-footer__name">{settings?.siteName ?? 'Bakje'}</p>
          {settings?.shortDescription ? <p className="site-footer__tagline">{settings.shortDescription}</p> : null}
          <ul className="site-footer__contact">
            {contact?.address ? (
              <li>
                <PinIcon /> <span>{contact.address}</span>
              </li>
            ) : null}
            {contact?.phone ? (
              <li>
                <PhoneIcon /> <a href={`tel:${contact.phone.replace(/\s+/g, '')}`}>{contact.phone}</a>
              </li>
            ) : null}
            {contact?.email ? (
              <li>
                <MailIcon /> <a href={`mailto:${contact.email}`}>{contact.email}</a>
              </li>
            ) : null}
          </ul>
        </div>
        <div className="site-footer__hours">
          <OpeningHoursBlock />
        </div>
        <nav className="site-footer__nav" aria-label={intl.formatMessage({ id: 'footer.navLabel' })}>
          <ul>
            {FOOTER_LINKS.map((l) => (
              <li key={l.to}>
                <Link to={l.to}>{intl.formatMessage({ id: l.id })}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="site-footer__social">
          <SocialLinks contact={contact} />
        </div>
      </div>
      <div className="container site-footer__bottom">
        <small>
          © {year} {settings?.siteName ?? 'Bakje'} · {intl.formatMessage({ id: 'footer.poweredBy' })} · v1.0
        </small>
      </div>
    </footer>
  );
}
