import { newGuestKey, SessionTokenError, type Session, type SessionTokens } from '../../modules/session/session-token.js';
import { DomainError } from '../../errors/domain-error.js';

/**
 * The request's storefront session. A valid token continues its session; none starts a new guest
 * session lazily (only when a resolver needs it); an invalid one also starts a new session, but the
 * cart and cart mutations report the token's problem first (docs/interfaces.md §1).
 */
export class RequestSession {
  private session: Session | undefined;
  private problem: string | undefined;
  private issued: Promise<string> | undefined;
  private renew = false;

  constructor(
    private readonly tokens: SessionTokens,
    private readonly incoming: string | undefined,
  ) {}

  async init(): Promise<void> {
    if (!this.incoming) return;
    try {
      this.session = await this.tokens.verify(this.incoming);
      this.renew = this.tokens.needsRenewal(this.session);
    } catch (error) {
      if (!(error instanceof SessionTokenError)) throw error;
      this.problem = error.message;
    }
  }

  /**
   * Ties the cart session to the logged-in user (from the session cookie, never from the token alone):
   * a customer's cart is `c_<id>`. A token naming a customer cart without that customer's login cookie
   * is not honoured; the request continues as a new guest.
   */
  bindOwner(userId: number | undefined): void {
    if (this.problem) return;
    const wanted = userId === undefined ? undefined : `c_${userId}`;
    if (wanted && this.session?.key !== wanted) this.switchTo(wanted);
    else if (!wanted && this.session?.key.startsWith('c_')) this.switchTo(newGuestKey());
  }

  /** Moves to another cart session (login, logout); a new token goes out with the response. */
  switchTo(key: string): void {
    this.session = { key, issuedAt: 0 };
    this.renew = true;
    this.issued = undefined;
    this.problem = undefined;
  }

  /** The session key for cart work; throws the token problem if the sent token was bad. */
  key(): string {
    if (this.problem) throw new DomainError('INVALID_SESSION', this.problem);
    return this.ensure().key;
  }

  /** The session key if there is a valid one, without starting a session. */
  existingKey(): string | undefined {
    return this.session?.key;
  }

  private ensure(): Session {
    if (!this.session) {
      this.session = { key: newGuestKey(), issuedAt: 0 };
      this.renew = true;
    }
    return this.session;
  }

  /** The token to hand to the client: the sent one, or a new/renewed one. */
  async token(): Promise<string> {
    const session = this.ensure();
    if (!this.renew && this.incoming) return this.incoming;
    this.issued ??= this.tokens.issue(session.key);
    return this.issued;
  }

  /** The token to put in the response header, when one was issued or renewed. */
  async responseToken(): Promise<string | undefined> {
    if (!this.session || (!this.renew && this.incoming)) return undefined;
    return this.token();
  }
}
