import { describe, expect, it } from 'vitest';
import type { OrderMailFacts } from './order-facts.js';
import { loginBackoffMail, orderConfirmationMail, orderTimeChangedMail } from './templates.js';

const order = (fulfilment: 'takeaway' | 'delivery' | 'dinein', extra: Partial<OrderMailFacts> = {}): OrderMailFacts => ({
  to: 'klant@example.be',
  orderId: 41,
  pickupNumber: 7,
  fulfilment,
  asap: false,
  // Saturday 21 November 2026, 18:00 to 18:15 in Brussels.
  time: { start: new Date('2026-11-21T17:00:00Z'), end: new Date('2026-11-21T17:15:00Z') },
  timeZone: 'Europe/Brussels',
  deliveryAddress: [],
  shopAddress: 'Markt 1, 9300 Aalst',
  payment: 'cash',
  lines: [{ quantity: 2, name: 'Frikandel', totalCents: 450 }],
  totalCents: 123450,
  link: 'https://frituur.example/checkout/order-received/41?key=k',
  ...extra,
});

describe('order confirmation mail', () => {
  it('writes amounts in the mail language with the one money formatter', () => {
    expect(orderConfirmationMail('nl', order('takeaway')).text).toContain('2 x Frikandel  €\u00a04,50\n');
    expect(orderConfirmationMail('nl', order('takeaway')).text).toContain('Totaal: €\u00a01.234,50');
    expect(orderConfirmationMail('fr', order('takeaway')).text).toMatch(/Total: 1\s234,50\s€/);
    expect(orderConfirmationMail('en', order('takeaway')).text).toContain('Total: €1,234.50');
    expect(orderConfirmationMail('nl', order('takeaway')).html).not.toContain('4.50');
  });

  it('names the number after the fulfilment: a pickup number only for takeaway', () => {
    expect(orderConfirmationMail('nl', order('takeaway')).text).toContain('Je afhaalnummer is 7.');
    expect(orderConfirmationMail('nl', order('delivery')).text).toContain('Je bestelnummer is 7.');
    expect(orderConfirmationMail('nl', order('delivery')).text).not.toContain('afhaal');
    expect(orderConfirmationMail('en', order('dinein')).text).toContain('Your order number is 7.');
    expect(orderConfirmationMail('fr', order('delivery')).text).toContain('Votre numéro de commande est 7.');
  });

  it('tells a delivery where it goes, in the mail language; other fulfilments have no address', () => {
    const to = ['Mia Claes', 'Kerkstraat 3', '9300 Aalst'];
    expect(orderConfirmationMail('nl', order('delivery', { deliveryAddress: to, shopAddress: '' })).text).toContain(
      'Leveradres: Mia Claes, Kerkstraat 3, 9300 Aalst\n',
    );
    expect(orderConfirmationMail('fr', order('delivery', { deliveryAddress: to, shopAddress: '' })).html).toContain(
      '<tr><th align="left">Adresse de livraison</th><td>Mia Claes, Kerkstraat 3, 9300 Aalst</td></tr>',
    );
    expect(orderConfirmationMail('en', order('takeaway')).text).not.toContain('Kerkstraat');
  });
});

describe('when and where (issue 35)', () => {
  it('states the fulfilment, the day and slot, the shop address and the payment, in each language', () => {
    const nl = orderConfirmationMail('nl', order('takeaway')).text;
    expect(nl).toContain(
      'Soort: Afhalen\nWanneer: zaterdag 21 november, 18:00 – 18:15\nAfhaaladres: Markt 1, 9300 Aalst\nBetaling: Cash te betalen bij het afhalen\n',
    );
    expect(nl).toContain('Volg je bestelling: https://frituur.example/checkout/order-received/41?key=k');
    const fr = orderConfirmationMail('fr', order('dinein', { payment: 'paid' })).text;
    expect(fr).toContain('Type: Sur place\nQuand: samedi 21 novembre, 18:00 – 18:15\nAdresse: Markt 1, 9300 Aalst\nPaiement: Payée\n');
    const en = orderConfirmationMail('en', order('delivery', { asap: true, payment: 'awaiting', deliveryAddress: ['Kerkstraat 3'] })).text;
    expect(en).toContain('Type: Delivery\nWhen: As soon as possible, delivered around 18:00 (Saturday, 21 November)\nDelivery address: Kerkstraat 3\n');
    expect(en).toContain('Payment: Awaiting your payment');
  });

  it('escapes what the customer and the shop typed in the HTML part, not in the text part', () => {
    const mail = orderConfirmationMail('nl', order('takeaway', { shopAddress: 'Markt <1> & co', lines: [{ quantity: 1, name: '<script>', totalCents: 100 }] }));
    expect(mail.html).toContain('<td>Markt &lt;1&gt; &amp; co</td>');
    expect(mail.html).toContain('1 x &lt;script&gt;');
    expect(mail.html).not.toContain('<script>');
    expect(mail.text).toContain('Afhaaladres: Markt <1> & co');
  });

  it('an update after a delay says how much later and the new time', () => {
    const later = order('takeaway', { time: { start: new Date('2026-11-21T17:20:00Z'), end: new Date('2026-11-21T17:35:00Z') } });
    const mail = orderTimeChangedMail('nl', later, 20);
    expect(mail.subject).toBe('Nieuw tijdstip voor je bestelling #41');
    expect(mail.text).toContain('afhaalnummer 7 is 20 minuten later klaar');
    expect(mail.text).toContain('Wanneer: zaterdag 21 november, 18:20 – 18:35');
    expect(orderTimeChangedMail('fr', later, 20).text).toContain('20 minutes plus tard');
    expect(orderTimeChangedMail('en', order('delivery', { deliveryAddress: ['Kerkstraat 3'] }), 10).text).toContain('delivered 10 minutes later');
  });
});

describe('account back-off mail (issue 33 D3)', () => {
  it('tells the owner in their language and escapes the name in HTML', () => {
    expect(loginBackoffMail('nl', { to: 'baas@example.be', firstName: 'Jan' })).toMatchObject({
      kind: 'login_backoff',
      subject: 'Veel foute wachtwoorden voor je account',
    });
    expect(loginBackoffMail('fr', { to: 'baas@example.be', firstName: '' }).text).toMatch(/^Bonjour,\n/);
    expect(loginBackoffMail('en', { to: 'baas@example.be', firstName: '<b>' }).html).toContain('Hello &lt;b&gt;,');
  });
});
