import { formatCents } from '@bakje/contract/money';
import { allergenNames } from '../catalog/line-allergens.js';
import type { Lang } from '../i18n/locale.js';
import { mailLocale, type OrderMailFacts } from './order-facts.js';
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
// What the customer needs to know (issue 35, docs/decisions/0081-confirmation-when-and-where.md): how, when,
// where, which number, how it is paid, and the link to follow the order.
const ORDER = {
  nl: {
    subject: (n: number) => `Je bestelling #${n} is ontvangen`,
    intro: {
      takeaway: 'Bedankt voor je bestelling. Je afhaalnummer is',
      delivery: 'Bedankt voor je bestelling. Je bestelnummer is',
      dinein: 'Bedankt voor je bestelling. Je bestelnummer is',
    },
    fulfilmentLabel: 'Soort',
    fulfilment: { takeaway: 'Afhalen', delivery: 'Levering', dinein: 'Ter plaatse eten' },
    when: 'Wanneer',
    asap: { takeaway: 'Zo snel mogelijk, klaar rond', delivery: 'Zo snel mogelijk, geleverd rond', dinein: 'Zo snel mogelijk, klaar rond' },
    asapNoEstimate: 'Zo snel mogelijk',
    shopAddress: { takeaway: 'Afhaaladres', dinein: 'Adres' },
    deliverTo: 'Leveradres',
    paymentLabel: 'Betaling',
    payment: {
      paid: 'Betaald',
      cash: { takeaway: 'Cash te betalen bij het afhalen', delivery: 'Cash te betalen bij de levering', dinein: 'Cash te betalen aan de toog' },
      counter: 'Te betalen aan de toog',
      awaiting: 'Wacht op je betaling; we beginnen eraan zodra ze bevestigd is',
    },
    total: 'Totaal',
    view: 'Volg je bestelling',
    allergens: 'Allergenen',
    noAllergens: 'geen van de 14 EU-allergenen',
    ownContainer: 'je brengt je eigen pot mee',
  },
  fr: {
    subject: (n: number) => `Votre commande n° ${n} est reçue`,
    intro: {
      takeaway: 'Merci pour votre commande. Votre numéro de retrait est',
      delivery: 'Merci pour votre commande. Votre numéro de commande est',
      dinein: 'Merci pour votre commande. Votre numéro de commande est',
    },
    fulfilmentLabel: 'Type',
    fulfilment: { takeaway: 'À emporter', delivery: 'Livraison', dinein: 'Sur place' },
    when: 'Quand',
    asap: { takeaway: 'Dès que possible, prête vers', delivery: 'Dès que possible, livrée vers', dinein: 'Dès que possible, prête vers' },
    asapNoEstimate: 'Dès que possible',
    shopAddress: { takeaway: 'Adresse de retrait', dinein: 'Adresse' },
    deliverTo: 'Adresse de livraison',
    paymentLabel: 'Paiement',
    payment: {
      paid: 'Payée',
      cash: { takeaway: 'À payer en espèces au retrait', delivery: 'À payer en espèces à la livraison', dinein: 'À payer en espèces au comptoir' },
      counter: 'À payer au comptoir',
      awaiting: 'En attente de votre paiement ; nous commençons dès qu’il est confirmé',
    },
    total: 'Total',
    view: 'Suivre votre commande',
    allergens: 'Allergènes',
    noAllergens: 'aucun des 14 allergènes UE',
    ownContainer: 'vous apportez votre propre récipient',
  },
  en: {
    subject: (n: number) => `Your order #${n} has been received`,
    intro: {
      takeaway: 'Thank you for your order. Your pickup number is',
      delivery: 'Thank you for your order. Your order number is',
      dinein: 'Thank you for your order. Your order number is',
    },
    fulfilmentLabel: 'Type',
    fulfilment: { takeaway: 'Takeaway', delivery: 'Delivery', dinein: 'Dine-in' },
    when: 'When',
    asap: { takeaway: 'As soon as possible, ready around', delivery: 'As soon as possible, delivered around', dinein: 'As soon as possible, ready around' },
    asapNoEstimate: 'As soon as possible',
    shopAddress: { takeaway: 'Pickup address', dinein: 'Address' },
    deliverTo: 'Delivery address',
    paymentLabel: 'Payment',
    payment: {
      paid: 'Paid',
      cash: { takeaway: 'To pay in cash when you pick it up', delivery: 'To pay in cash on delivery', dinein: 'To pay in cash at the counter' },
      counter: 'To pay at the counter',
      awaiting: 'Awaiting your payment; we start as soon as it is confirmed',
    },
    total: 'Total',
    view: 'Follow your order',
    allergens: 'Allergens',
    noAllergens: 'none of the 14 EU allergens',
    ownContainer: 'you bring your own container',
  },
} as const;

/** "zaterdag 21 november, 18:00 – 18:15", or "Zo snel mogelijk, klaar rond 18:15 (zaterdag 21 november)". */
export function whenText(lang: Lang, facts: Pick<OrderMailFacts, 'asap' | 'time' | 'timeZone' | 'fulfilment'>): string {
  const t = ORDER[lang];
  const locale = mailLocale(lang);
  if (!facts.time) return t.asapNoEstimate;
  const day = new Intl.DateTimeFormat(locale, { weekday: 'long', day: 'numeric', month: 'long', timeZone: facts.timeZone }).format(facts.time.start);
  const clock = (at: Date) => new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: facts.timeZone }).format(at);
  if (facts.asap) return `${t.asap[facts.fulfilment]} ${clock(facts.time.start)} (${day})`;
  return facts.time.end ? `${day}, ${clock(facts.time.start)} – ${clock(facts.time.end)}` : `${day}, ${clock(facts.time.start)}`;
}

/** The "when and where" block as label and value pairs, in the mail's language (both parts of a mail use it). */
function factRows(lang: Lang, facts: OrderMailFacts): [string, string][] {
  const t = ORDER[lang];
  const rows: [string, string][] = [
    [t.fulfilmentLabel, t.fulfilment[facts.fulfilment]],
    [t.when, whenText(lang, facts)],
  ];
  if (facts.fulfilment === 'delivery') {
    if (facts.deliveryAddress.length) rows.push([t.deliverTo, facts.deliveryAddress.join(', ')]);
  } else if (facts.shopAddress) rows.push([t.shopAddress[facts.fulfilment], facts.shopAddress]);
  const payment = facts.payment === 'cash' ? t.payment.cash[facts.fulfilment] : t.payment[facts.payment];
  rows.push([t.paymentLabel, payment]);
  return rows;
}

const factsText = (rows: [string, string][]) => rows.map(([label, value]) => `${label}: ${value}`).join('\n');
const factsHtml = (rows: [string, string][]) =>
  `<table role="presentation">${rows.map(([label, value]) => `<tr><th align="left">${escape(label)}</th><td>${escape(value)}</td></tr>`).join('')}</table>`;

/**
 * The order confirmation: the number, then how, when, where and how it is paid, the lines and the total, and the
 * link to follow the order. Amounts in cents, written by the one money formatter in the mail's language; every
 * text the customer or the shop typed is escaped in the HTML part.
 */
export function orderConfirmationMail(lang: Lang, facts: OrderMailFacts): OutgoingMail {
  const t = ORDER[lang];
  const intro = t.intro[facts.fulfilment];
  const money = (cents: number) => formatCents(cents, lang);
  const rows = factRows(lang, facts);
  // Each line's allergens in the customer's language (docs/decisions/0084-allergens-at-the-door-own-container.md):
  // what the line stored when ordered, product and chosen add-ons; absent for facts without them (an update mail).
  const extras = (l: OrderMailFacts['lines'][number]) => {
    const out: string[] = [];
    if (l.allergens) out.push(`${t.allergens}: ${l.allergens.length ? allergenNames(l.allergens, lang).join(', ') : t.noAllergens}`);
    if (l.ownContainer) out.push(t.ownContainer);
    return out;
  };
  const lines = facts.lines.map((l) => [`${l.quantity} x ${l.name}  ${money(l.totalCents)}`, ...extras(l).map((x) => `   ${x}`)].join('\n'));
  const text = `${intro} ${facts.pickupNumber}.\n\n${factsText(rows)}\n\n${lines.join('\n')}\n\n${t.total}: ${money(facts.totalCents)}\n\n${t.view}: ${facts.link}\n`;
  const html =
    `<p>${escape(intro)} <strong>${facts.pickupNumber}</strong>.</p>${factsHtml(rows)}<ul>${facts.lines
      .map((l) => {
        const more = extras(l);
        return `<li>${l.quantity} x ${escape(l.name)} ${escape(money(l.totalCents))}${more.length ? `<br><small>${more.map(escape).join('<br>')}</small>` : ''}</li>`;
      })
      .join('')}</ul>` +
    `<p>${escape(t.total)}: ${escape(money(facts.totalCents))}</p>` +
    `<p><a href="${escape(facts.link)}">${escape(t.view)}</a></p>`;
  return { kind: 'order_confirmation', to: facts.to, subject: t.subject(facts.orderId), text, html };
}

const TIME_CHANGED = {
  nl: {
    subject: (n: number) => `Nieuw tijdstip voor je bestelling #${n}`,
    intro: {
      takeaway: (number: number, minutes: number) =>
        `Het is druk in de keuken: je bestelling met afhaalnummer ${number} is ${minutes} minuten later klaar dan gepland.`,
      delivery: (number: number, minutes: number) =>
        `Het is druk in de keuken: je bestelling met nummer ${number} wordt ${minutes} minuten later geleverd dan gepland.`,
      dinein: (number: number, minutes: number) =>
        `Het is druk in de keuken: je bestelling met nummer ${number} is ${minutes} minuten later klaar dan gepland.`,
    },
    sorry: 'Sorry voor het wachten.',
  },
  fr: {
    subject: (n: number) => `Nouvelle heure pour votre commande n° ${n}`,
    intro: {
      takeaway: (number: number, minutes: number) =>
        `La cuisine est débordée : votre commande (numéro de retrait ${number}) sera prête ${minutes} minutes plus tard que prévu.`,
      delivery: (number: number, minutes: number) =>
        `La cuisine est débordée : votre commande numéro ${number} sera livrée ${minutes} minutes plus tard que prévu.`,
      dinein: (number: number, minutes: number) =>
        `La cuisine est débordée : votre commande numéro ${number} sera prête ${minutes} minutes plus tard que prévu.`,
    },
    sorry: 'Désolés pour l’attente.',
  },
  en: {
    subject: (n: number) => `New time for your order #${n}`,
    intro: {
      takeaway: (number: number, minutes: number) =>
        `The kitchen is busy: your order with pickup number ${number} will be ready ${minutes} minutes later than planned.`,
      delivery: (number: number, minutes: number) =>
        `The kitchen is busy: your order number ${number} will be delivered ${minutes} minutes later than planned.`,
      dinein: (number: number, minutes: number) => `The kitchen is busy: your order number ${number} will be ready ${minutes} minutes later than planned.`,
    },
    sorry: 'Sorry for the wait.',
  },
} as const;

/** The kitchen moved the order's time: by how much, then the same "when and where" as the confirmation, with the new time. */
export function orderTimeChangedMail(lang: Lang, facts: OrderMailFacts, minutesLater: number): OutgoingMail {
  const t = TIME_CHANGED[lang];
  const intro = t.intro[facts.fulfilment](facts.pickupNumber, minutesLater);
  const rows = factRows(lang, facts);
  const view = ORDER[lang].view;
  const text = `${intro}\n\n${factsText(rows)}\n\n${t.sorry}\n\n${view}: ${facts.link}\n`;
  const html = `<p>${escape(intro)}</p>${factsHtml(rows)}<p>${escape(t.sorry)}</p><p><a href="${escape(facts.link)}">${escape(view)}</a></p>`;
  return { kind: 'order_time_changed', to: facts.to, subject: t.subject(facts.orderId), text, html };
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
