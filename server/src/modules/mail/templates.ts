import { formatCents } from '@bakje/contract/money';
import type { FulfilmentType } from '../../db/schema/index.js';
import type { Lang } from '../i18n/locale.js';
import type { OutgoingMail } from './outbox.js';

const escape = (value: string) => value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const RESET = {
  nl: {
    subject: 'Je wachtwoord opnieuw instellen',
    hello: (name: string) => `Hallo${name ? ` ${name}` : ''},`,
    body: 'Iemand vroeg om een nieuw wachtwoord voor je account. Kies een nieuw wachtwoord via deze link (één uur geldig):',
    ignore: 'Heb je dit niet gevraagd? Dan hoef je niets te doen; je wachtwoord blijft hetzelfde.',
  },
  fr: {
    subject: 'Réinitialiser votre mot de passe',
    hello: (name: string) => `Bonjour${name ? ` ${name}` : ''},`,
    body: "Quelqu'un a demandé un nouveau mot de passe pour votre compte. Choisissez-en un nouveau avec ce lien (valable une heure) :",
    ignore: "Vous n'avez rien demandé ? Ne faites rien ; votre mot de passe reste le même.",
  },
  en: {
    subject: 'Reset your password',
    hello: (name: string) => `Hello${name ? ` ${name}` : ''},`,
    body: 'Someone asked for a new password for your account. Choose a new password with this link (valid for one hour):',
    ignore: 'Did not ask for this? Then do nothing; your password stays the same.',
  },
} as const;

export function passwordResetMail(lang: Lang, data: { to: string; firstName: string; link: string }): OutgoingMail {
  const t = RESET[lang];
  const text = `${t.hello(data.firstName)}\n\n${t.body}\n\n${data.link}\n\n${t.ignore}\n`;
  const html = `<p>${escape(t.hello(data.firstName))}</p><p>${escape(t.body)}</p><p><a href="${escape(data.link)}">${escape(data.link)}</a></p><p>${escape(t.ignore)}</p>`;
  return { kind: 'password_reset', to: data.to, subject: t.subject, text, html };
}

// Issue 33 D3 (decision 0078): the owner hears once an hour at most that their account is being guessed at.
const BACKOFF = {
  nl: {
    subject: 'Veel foute wachtwoorden voor je account',
    hello: (name: string) => `Hallo${name ? ` ${name}` : ''},`,
    body: 'Er werden onlangs veel foute wachtwoorden voor je account geprobeerd, niet vanaf een toestel waarop je al eens aanmeldde. Nieuwe toestellen mogen daarom voorlopig maar af en toe een poging doen; op je eigen toestellen meld je gewoon aan.',
    advice: 'Was jij dit niet? Kies dan een sterk wachtwoord dat je nergens anders gebruikt, via "Wachtwoord vergeten" op de aanmeldpagina.',
  },
  fr: {
    subject: 'Beaucoup de mots de passe erronés pour votre compte',
    hello: (name: string) => `Bonjour${name ? ` ${name}` : ''},`,
    body: "Beaucoup de mots de passe erronés ont été essayés récemment pour votre compte, depuis des appareils où vous ne vous êtes jamais connecté. Les nouveaux appareils ne peuvent donc essayer que de temps en temps pour l'instant ; sur vos propres appareils, vous vous connectez normalement.",
    advice:
      "Ce n'était pas vous ? Choisissez un mot de passe fort que vous n'utilisez nulle part ailleurs, via « Mot de passe oublié » sur la page de connexion.",
  },
  en: {
    subject: 'Many wrong passwords for your account',
    hello: (name: string) => `Hello${name ? ` ${name}` : ''},`,
    body: 'Many wrong passwords were recently tried for your account, from devices you have never logged in on. For now new devices may therefore only try now and then; on your own devices you log in as usual.',
    advice: 'Was this not you? Choose a strong password you use nowhere else, with "Forgot password" on the login page.',
  },
} as const;

export function loginBackoffMail(lang: Lang, data: { to: string; firstName: string }): OutgoingMail {
  const t = BACKOFF[lang];
  const text = `${t.hello(data.firstName)}\n\n${t.body}\n\n${t.advice}\n`;
  const html = `<p>${escape(t.hello(data.firstName))}</p><p>${escape(t.body)}</p><p>${escape(t.advice)}</p>`;
  return { kind: 'login_backoff', to: data.to, subject: t.subject, text, html };
}

// The number's name follows the fulfilment (issue 17): a pickup number only when the customer picks up.
const ORDER = {
  nl: {
    subject: (n: number) => `Je bestelling #${n} is ontvangen`,
    intro: {
      takeaway: 'Bedankt voor je bestelling. Je afhaalnummer is',
      delivery: 'Bedankt voor je bestelling. Je bestelnummer is',
      dinein: 'Bedankt voor je bestelling. Je bestelnummer is',
    },
    total: 'Totaal',
    deliverTo: 'Leveradres',
    view: 'Je bestelling bekijken',
  },
  fr: {
    subject: (n: number) => `Votre commande n° ${n} est reçue`,
    intro: {
      takeaway: 'Merci pour votre commande. Votre numéro de retrait est',
      delivery: 'Merci pour votre commande. Votre numéro de commande est',
      dinein: 'Merci pour votre commande. Votre numéro de commande est',
    },
    total: 'Total',
    deliverTo: 'Adresse de livraison',
    view: 'Voir votre commande',
  },
  en: {
    subject: (n: number) => `Your order #${n} has been received`,
    intro: {
      takeaway: 'Thank you for your order. Your pickup number is',
      delivery: 'Thank you for your order. Your order number is',
      dinein: 'Thank you for your order. Your order number is',
    },
    total: 'Total',
    deliverTo: 'Delivery address',
    view: 'View your order',
  },
} as const;

/** The order confirmation; amounts in cents, written by the one money formatter in the mail's language. */
export function orderConfirmationMail(
  lang: Lang,
  data: {
    to: string;
    orderId: number;
    pickupNumber: number;
    fulfilment: FulfilmentType;
    lines: { quantity: number; name: string; totalCents: number }[];
    totalCents: number;
    /** Where a delivery goes (the shipping address), one line per part; empty for other fulfilments. */
    deliveryAddress?: string[];
    link: string;
  },
): OutgoingMail {
  const t = ORDER[lang];
  const address = data.fulfilment === 'delivery' && data.deliveryAddress?.length ? data.deliveryAddress.join(', ') : '';
  const intro = t.intro[data.fulfilment];
  const money = (cents: number) => formatCents(cents, lang);
  const rows = data.lines.map((l) => `${l.quantity} x ${l.name}  ${money(l.totalCents)}`);
  const deliverTo = address ? `${t.deliverTo}: ${address}\n` : '';
  const text = `${intro} ${data.pickupNumber}.\n\n${rows.join('\n')}\n\n${t.total}: ${money(data.totalCents)}\n${deliverTo}\n${t.view}: ${data.link}\n`;
  const html =
    `<p>${escape(intro)} <strong>${data.pickupNumber}</strong>.</p><ul>${data.lines
      .map((l) => `<li>${l.quantity} x ${escape(l.name)} ${escape(money(l.totalCents))}</li>`)
      .join('')}</ul>` +
    `<p>${escape(t.total)}: ${escape(money(data.totalCents))}</p>` +
    (address ? `<p>${escape(t.deliverTo)}: ${escape(address)}</p>` : '') +
    `<p><a href="${escape(data.link)}">${escape(t.view)}</a></p>`;
  return { kind: 'order_confirmation', to: data.to, subject: t.subject(data.orderId), text, html };
}

const CANCELLED = {
  nl: {
    subject: (n: number) => `Je bestelling nr. ${n} is geannuleerd`,
    intro: (n: number) => `Je bestelling met afhaalnummer ${n} is geannuleerd.`,
    reason: 'Reden',
    total: 'Totaal',
    view: 'Bekijk je bestelling',
  },
  fr: {
    subject: (n: number) => `Votre commande n° ${n} est annulée`,
    intro: (n: number) => `Votre commande numéro ${n} a été annulée.`,
    reason: 'Raison',
    total: 'Total',
    view: 'Voir votre commande',
  },
  en: {
    subject: (n: number) => `Your order #${n} has been cancelled`,
    intro: (n: number) => `Your order number ${n} has been cancelled.`,
    reason: 'Reason',
    total: 'Total',
    view: 'View your order',
  },
} as const;

/** Staff cancelled an order: the customer hears why. `total` is already formatted. */
export function orderCancelledMail(lang: Lang, data: { to: string; pickupNumber: number; total: string; reason: string; link: string }): OutgoingMail {
  const t = CANCELLED[lang];
  const text = `${t.intro(data.pickupNumber)}\n\n${t.reason}: ${data.reason}\n${t.total}: € ${data.total}\n\n${t.view}: ${data.link}\n`;
  const html =
    `<p>${escape(t.intro(data.pickupNumber))}</p><p>${escape(t.reason)}: ${escape(data.reason)}</p>` +
    `<p>${escape(t.total)}: &euro; ${escape(data.total)}</p><p><a href="${escape(data.link)}">${escape(t.view)}</a></p>`;
  return { kind: 'order_cancelled', to: data.to, subject: t.subject(data.pickupNumber), text, html };
}

const TEST_NOTE: Record<Lang, string> = {
  nl: 'TEST: deze bestelling is geplaatst terwijl de zaak in testmodus staat. Er wordt niets bereid of betaald.',
  fr: 'TEST : cette commande a été passée pendant que la boutique est en mode test. Rien n’est préparé ni payé.',
  en: 'TEST: this order was placed while the shop is in test mode. Nothing is prepared or paid.',
};

/**
 * A mail about an order placed in test mode (docs/decisions/0070-test-and-live-mode.md): TEST in the subject
 * and a first line saying so, so nobody takes it for a real order.
 */
export function markedAsTest(mail: OutgoingMail, lang: Lang, test: boolean): OutgoingMail {
  if (!test) return mail;
  const note = TEST_NOTE[lang] ?? TEST_NOTE.nl;
  return {
    ...mail,
    subject: `[TEST] ${mail.subject}`,
    text: `${note}\n\n${mail.text}`,
    ...(mail.html !== undefined ? { html: `<p><strong>${escape(note)}</strong></p>${mail.html}` } : {}),
  };
}
