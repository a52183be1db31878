import { describe, expect, it } from 'vitest';
import { loginBackoffMail, orderConfirmationMail } from './templates.js';

const order = (fulfilment: 'takeaway' | 'delivery' | 'dinein') => ({
  to: 'klant@example.be',
  orderId: 41,
  pickupNumber: 7,
  fulfilment,
  lines: [{ quantity: 2, name: 'Frikandel', totalCents: 450 }],
  totalCents: 123450,
  link: 'https://frituur.example/checkout/order-received/41?key=k',
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
    expect(orderConfirmationMail('nl', { ...order('delivery'), deliveryAddress: to }).text).toContain('Leveradres: Mia Claes, Kerkstraat 3, 9300 Aalst\n');
    expect(orderConfirmationMail('fr', { ...order('delivery'), deliveryAddress: to }).html).toContain(
      '<p>Adresse de livraison: Mia Claes, Kerkstraat 3, 9300 Aalst</p>',
    );
    expect(orderConfirmationMail('en', { ...order('takeaway'), deliveryAddress: to }).text).not.toContain('Kerkstraat');
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
