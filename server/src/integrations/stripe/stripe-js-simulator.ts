/**
 * The simulator's stand-in for Stripe.js (docs/decisions/0040-provider-keys-stripe-checkout.md): the part the
 * checkout page uses, with Stripe's names, so the page runs the same code against https://js.stripe.com/v3:
 * `Stripe(pk, {locale})`, `elements()`, `create('card')` with `mount`, `on('change')`, `focus`, `destroy`,
 * and `confirmCardPayment(clientSecret, {payment_method: {card}})` answering `{paymentIntent}` or `{error}`.
 * Real Stripe.js draws the card fields in its own frame; here they are plain inputs in the page, and the card
 * is confirmed against the simulator's API (POST .../payment_intents/:id/confirm) with the publishable key.
 * Served as a file (no inline script: the page's Content-Security-Policy allows script files only).
 */
export const STRIPE_JS_SIMULATOR = String.raw`(function () {
  'use strict';
  var script = document.currentScript;
  var api = new URL('/simulators/stripe/v1', script && script.src ? script.src : window.location.href).href;
  var TEXT = {
    nl: { number: 'Kaartnummer', expiry: 'Vervaldatum (MM / JJ)', cvc: 'Beveiligingscode (CVC)', unreachable: 'Stripe is niet bereikbaar.' },
    fr: { number: 'Numéro de carte', expiry: "Date d'expiration (MM / AA)", cvc: 'Code de sécurité (CVC)', unreachable: 'Stripe est injoignable.' },
    en: { number: 'Card number', expiry: 'Expiry date (MM / YY)', cvc: 'Security code (CVC)', unreachable: 'Stripe could not be reached.' }
  };
  var language = function (locale) {
    var code = String(locale || 'auto');
    if (code === 'auto') code = document.documentElement.lang || 'en';
    code = code.slice(0, 2).toLowerCase();
    return TEXT[code] ? code : 'en';
  };

  function CardElement(locale) {
    this.text = TEXT[language(locale)];
    this.inputs = null;
    this.root = null;
    this.listeners = {};
  }
  CardElement.prototype.emit = function (event, payload) {
    (this.listeners[event] || []).slice().forEach(function (handler) { handler(payload); });
  };
  CardElement.prototype.on = function (event, handler) {
    (this.listeners[event] = this.listeners[event] || []).push(handler);
    return this;
  };
  CardElement.prototype.off = function (event, handler) {
    this.listeners[event] = (this.listeners[event] || []).filter(function (h) { return h !== handler; });
    return this;
  };
  CardElement.prototype.values = function () {
    var i = this.inputs;
    return i ? { number: i.number.value.trim(), expiry: i.expiry.value.trim(), cvc: i.cvc.value.trim() } : { number: '', expiry: '', cvc: '' };
  };
  CardElement.prototype.state = function () {
    var v = this.values();
    return {
      elementType: 'card',
      empty: !v.number && !v.expiry && !v.cvc,
      complete: v.number.replace(/\D/g, '').length >= 12 && /^\d{1,2}\s*\/\s*\d{2,4}$/.test(v.expiry) && /^\d{3,4}$/.test(v.cvc),
      error: undefined
    };
  };
  CardElement.prototype.mount = function (target) {
    var host = typeof target === 'string' ? document.querySelector(target) : target;
    if (!host) throw new Error('Stripe: the element to mount the card in was not found.');
    var self = this;
    var root = document.createElement('div');
    root.className = 'StripeElement';
    root.setAttribute('data-stripe-simulator', 'card');
    var field = function (name, label, autocomplete, placeholder, size) {
      var input = document.createElement('input');
      input.type = 'text';
      input.name = name;
      input.inputMode = 'numeric';
      input.autocomplete = autocomplete;
      input.placeholder = placeholder;
      input.size = size;
      input.setAttribute('aria-label', label);
      input.addEventListener('input', function () { self.emit('change', self.state()); });
      input.addEventListener('focus', function () { self.emit('focus', { elementType: 'card' }); });
      input.addEventListener('blur', function () { self.emit('blur', { elementType: 'card' }); });
      root.appendChild(input);
      return input;
    };
    this.inputs = {
      number: field('cardnumber', this.text.number, 'cc-number', '1234 1234 1234 1234', 19),
      expiry: field('exp-date', this.text.expiry, 'cc-exp', 'MM / YY', 7),
      cvc: field('cvc', this.text.cvc, 'cc-csc', 'CVC', 4)
    };
    host.appendChild(root);
    this.root = root;
    setTimeout(function () { self.emit('ready', { elementType: 'card' }); }, 0);
  };
  CardElement.prototype.focus = function () { if (this.inputs) this.inputs.number.focus(); };
  CardElement.prototype.clear = function () {
    if (!this.inputs) return;
    this.inputs.number.value = '';
    this.inputs.expiry.value = '';
    this.inputs.cvc.value = '';
    this.emit('change', this.state());
  };
  CardElement.prototype.unmount = function () {
    if (this.root && this.root.parentNode) this.root.parentNode.removeChild(this.root);
    this.root = null;
    this.inputs = null;
  };
  CardElement.prototype.destroy = CardElement.prototype.unmount;

  function Stripe(key, options) {
    if (!(this instanceof Stripe)) return new Stripe(key, options);
    if (typeof key !== 'string' || key.indexOf('pk_') !== 0) throw new Error('Stripe(): give a publishable key (pk_...).');
    this.key = key;
    this.locale = (options && options.locale) || 'auto';
  }
  Stripe.prototype.elements = function (options) {
    var locale = (options && options.locale) || this.locale;
    return {
      create: function (type) {
        if (type !== 'card') throw new Error('Stripe simulator: only the card element is offered.');
        return new CardElement(locale);
      }
    };
  };
  Stripe.prototype.confirmCardPayment = function (clientSecret, data) {
    var card = data && data.payment_method && data.payment_method.card;
    var values = card && typeof card.values === 'function' ? card.values() : { number: '', expiry: '', cvc: '' };
    var expiry = values.expiry.split('/');
    var id = String(clientSecret).split('_secret_')[0];
    var body = new URLSearchParams();
    body.set('client_secret', String(clientSecret));
    body.set('payment_method_data[type]', 'card');
    body.set('payment_method_data[card][number]', values.number);
    body.set('payment_method_data[card][exp_month]', (expiry[0] || '').trim());
    body.set('payment_method_data[card][exp_year]', (expiry[1] || '').trim());
    body.set('payment_method_data[card][cvc]', values.cvc);
    var text = TEXT[language(this.locale)];
    return fetch(api + '/payment_intents/' + encodeURIComponent(id) + '/confirm', {
      method: 'POST',
      credentials: 'omit',
      headers: { authorization: 'Bearer ' + this.key, 'content-type': 'application/x-www-form-urlencoded' },
      body: body.toString()
    })
      .then(function (response) { return response.json(); })
      .then(function (json) { return json && json.error ? { error: json.error } : { paymentIntent: json }; })
      .catch(function () { return { error: { type: 'api_connection_error', message: text.unreachable } }; });
  };
  window.Stripe = Stripe;
})();
`;
