import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, randomUUID, verify } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

/**
 * A Web Push service for demo mode and tests (docs/decisions/0086-order-web-push.md). It plays both ends a
 * browser and its push service play: it issues subscriptions (an endpoint under /simulators/webpush and a P-256
 * key pair and auth secret it keeps), and its endpoints take pushes as RFC 8030 says (POST, a TTL header,
 * `Content-Encoding: aes128gcm`, VAPID `Authorization: vapid t=<JWT>,k=<key>` per RFC 8292, checked), decrypt the
 * RFC 8291 payload with the subscription's private key and record it. Lists them at /simulators/webpush. An
 * endpoint marked gone answers 410, as a push service does for a subscription the browser dropped.
 */
export const WEBPUSH_SIMULATOR_ROOT = '/simulators/webpush';

export interface SimulatedPush {
  subscriptionId: string;
  /** The decrypted payload as sent (the shop sends JSON). */
  payload: string;
  ttl: number;
  urgency: string | null;
  received: Date;
}

export interface SimulatedSubscription {
  id: string;
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

interface HeldSubscription extends SimulatedSubscription {
  privateKey: Buffer;
  publicKey: Buffer;
  authSecret: Buffer;
}

export interface WebPushSimulatorOptions {
  /** The site's address: endpoints are absolute URLs under it, as a real push service's are. */
  siteUrl: string;
  clock?: () => Date;
}

class Refusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const MAX_SUBSCRIPTIONS = 10_000;

const b64url = (buffer: Buffer) => buffer.toString('base64url');

export class WebPushSimulator {
  readonly pushes: SimulatedPush[] = [];
  /** Every POST to an endpoint, refused ones included. */
  requests = 0;
  private readonly subscriptions = new Map<string, HeldSubscription>();
  private readonly gone = new Set<string>();
  private readonly clock: () => Date;

  constructor(private readonly options: WebPushSimulatorOptions) {
    this.clock = options.clock ?? (() => new Date());
  }

  /** A new subscription, as `PushManager.subscribe` gives a page: endpoint and keys (the private half stays here). */
  subscribe(): SimulatedSubscription {
    const ecdh = createECDH('prime256v1');
    const publicKey = ecdh.generateKeys();
    const authSecret = randomBytes(16);
    const id = randomUUID();
    const held: HeldSubscription = {
      id,
      endpoint: `${this.options.siteUrl.replace(/\/$/, '')}${WEBPUSH_SIMULATOR_ROOT}/push/${id}`,
      keys: { p256dh: b64url(publicKey), auth: b64url(authSecret) },
      privateKey: ecdh.getPrivateKey(),
      publicKey,
      authSecret,
    };
    this.subscriptions.set(id, held);
    // Anyone may ask for one (the demo's page does): the oldest go beyond a bound, as a push service forgets.
    if (this.subscriptions.size > MAX_SUBSCRIPTIONS) this.subscriptions.delete(this.subscriptions.keys().next().value!);
    return { id, endpoint: held.endpoint, keys: held.keys };
  }

  /** From now on the endpoint answers 410 Gone (the browser dropped the subscription). */
  markGone(endpointOrId: string): void {
    this.gone.add(endpointOrId.split('/').pop()!);
  }

  pushesTo(endpointOrId: string): SimulatedPush[] {
    const id = endpointOrId.split('/').pop()!;
    return this.pushes.filter((p) => p.subscriptionId === id);
  }

  register(server: FastifyInstance): void {
    server.register(async (scope) => {
      scope.addContentTypeParser('application/octet-stream', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
      scope.post(`${WEBPUSH_SIMULATOR_ROOT}/push/:id`, async (request, reply) => {
        this.requests += 1;
        const { id } = request.params as { id: string };
        const held = this.subscriptions.get(id);
        if (!held) return reply.code(404).send({ error: 'No such subscription.' });
        if (this.gone.has(id)) return reply.code(410).send({ error: 'The subscription has expired or was unsubscribed.' });
        try {
          const ttl = Number(request.headers.ttl);
          if (request.headers.ttl === undefined || !Number.isInteger(ttl) || ttl < 0) throw new Refusal(400, 'A TTL header is required (RFC 8030 5.2).');
          this.checkVapid(String(request.headers.authorization ?? ''), held.endpoint);
          if (request.headers['content-encoding'] !== 'aes128gcm') throw new Refusal(415, 'Content-Encoding must be aes128gcm (RFC 8291).');
          const body = request.body;
          if (!Buffer.isBuffer(body) || body.length === 0) throw new Refusal(400, 'An encrypted payload is required.');
          const payload = decryptPayload(body, held);
          const urgency = request.headers.urgency;
          this.pushes.push({ subscriptionId: id, payload, ttl, urgency: typeof urgency === 'string' ? urgency : null, received: this.clock() });
          return reply.code(201).header('location', `${WEBPUSH_SIMULATOR_ROOT}/messages/${this.pushes.length}`).send();
        } catch (error) {
          if (error instanceof Refusal) return reply.code(error.status).send({ error: error.message });
          return reply.code(400).send({ error: 'The payload could not be decrypted.' });
        }
      });
    });

    // A page of the demo (and of an end-to-end test) asks for a subscription the simulator can decrypt for.
    server.post(`${WEBPUSH_SIMULATOR_ROOT}/subscriptions`, async () => this.subscribe());

    // The same list for a test in a browser (e2e/specs/kitchen.spec.ts hands a payload to the service worker).
    server.get(`${WEBPUSH_SIMULATOR_ROOT}/pushes.json`, async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return this.pushes.map((p) => ({
        subscriptionId: p.subscriptionId,
        payload: p.payload,
        ttl: p.ttl,
        urgency: p.urgency,
        received: p.received.toISOString(),
      }));
    });

    server.get(WEBPUSH_SIMULATOR_ROOT, async (_request, reply) => {
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
      const rows = [...this.pushes]
        .reverse()
        .map(
          (p) =>
            `<tr><td>${p.received.toISOString().slice(11, 19)}</td><td>${escapeHtml(p.subscriptionId.slice(0, 8))}</td><td><code>${escapeHtml(p.payload)}</code></td><td>${p.ttl}</td></tr>`,
        )
        .join('\n');
      return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Web Push (simulator)</title>
<style>body{font-family:system-ui,sans-serif;margin:2rem auto;max-width:60rem;padding:0 1rem}table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #ccc;padding:.4rem;text-align:left;vertical-align:top}code{white-space:pre-wrap;word-break:break-word}</style>
</head><body><h1>Web Push (simulator)</h1><p>Pushes received and decrypted by the simulated push service: nothing reaches a browser. This page does not refresh by itself: reload it.</p>
${rows ? `<table><thead><tr><th scope="col">Time (UTC)</th><th scope="col">Subscription</th><th scope="col">Payload</th><th scope="col">TTL (s)</th></tr></thead><tbody>${rows}</tbody></table>` : '<p data-empty>No push yet.</p>'}
</body></html>`;
    });
  }

  /** RFC 8292: a JWT signed with ES256 by the key in `k`, for this push service's origin, not expired. */
  private checkVapid(authorization: string, endpoint: string): void {
    const match = /^vapid\s+(.+)$/i.exec(authorization.trim());
    if (!match) throw new Refusal(401, 'VAPID authorization required (RFC 8292).');
    const params = Object.fromEntries(
      match[1]!.split(',').map((part) => {
        const at = part.indexOf('=');
        return [part.slice(0, at).trim(), part.slice(at + 1).trim()];
      }),
    );
    const token = params.t;
    const key = params.k;
    if (!token || !key) throw new Refusal(401, 'VAPID t and k are required.');
    const [header, claims, signature] = token.split('.');
    if (!header || !claims || !signature) throw new Refusal(401, 'The VAPID token is not a JWT.');
    const point = Buffer.from(key, 'base64url');
    if (point.length !== 65 || point[0] !== 4) throw new Refusal(401, 'The VAPID key is not an uncompressed P-256 point.');
    const publicKey = createPublicKey({
      key: { kty: 'EC', crv: 'P-256', x: b64url(point.subarray(1, 33)), y: b64url(point.subarray(33)) },
      format: 'jwk',
    });
    const signed = verify('sha256', Buffer.from(`${header}.${claims}`), { key: publicKey, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'));
    if (!signed) throw new Refusal(403, 'The VAPID signature does not verify.');
    const body = JSON.parse(Buffer.from(claims, 'base64url').toString('utf8')) as { aud?: string; exp?: number; sub?: string };
    if (body.aud !== new URL(endpoint).origin) throw new Refusal(403, 'The VAPID audience is not this push service.');
    // The push service's own clock, not the shop's (tests set the shop's): the library signs with the real time.
    const now = Math.floor(Date.now() / 1000);
    if (typeof body.exp !== 'number' || body.exp < now || body.exp > now + 24 * 3600)
      throw new Refusal(403, 'The VAPID token is expired or lives more than 24 hours.');
    if (!body.sub) throw new Refusal(403, 'The VAPID token names no contact (sub).');
  }
}

/**
 * RFC 8291 with RFC 8188's aes128gcm: header (salt 16, record size 4, key id length 1, the sender's public key),
 * then one record. The key and nonce come from the ECDH secret between the sender's key and ours, mixed with
 * the auth secret, by HKDF-SHA-256; the record's plaintext ends with the delimiter 2 and any zero padding.
 */
function decryptPayload(body: Buffer, held: HeldSubscription): string {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20]!;
  const senderKey = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  if (salt.length !== 16 || idLength !== 65 || record.length < 17 || record.length > recordSize) throw new Refusal(400, 'Malformed aes128gcm payload.');
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(held.privateKey);
  const secret = ecdh.computeSecret(senderKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), held.publicKey, senderKey]);
  const ikm = Buffer.from(hkdfSync('sha256', secret, held.authSecret, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const plain = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  let end = plain.length - 1;
  while (end >= 0 && plain[end] === 0) end -= 1;
  if (plain[end] !== 2) throw new Refusal(400, 'The last record lacks its padding delimiter.');
  return plain.subarray(0, end).toString('utf8');
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
