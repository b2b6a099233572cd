/** The sandbox provider's storage: its checkout sessions, behind an interface (its own file, or the embedded default's table). */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Brand } from '../card';
import type { ProviderStatus } from '../contract';

/** `authenticating`: a 3-D Secure card waits for the payer's confirmation. */
export type SessionStatus = 'open' | 'authenticating' | 'paid' | 'declined' | 'fail' | 'cancelled';

export type Session = {
  id: string;
  /** The site's payment id (the create call's Idempotency-Key and metadata.payment_id). */
  paymentId: string;
  amountCents: number;
  currency: string;
  /** The company's slug (signed into notifications) and its name (shown). */
  company: string;
  companyLabel: string;
  description: string;
  returnUrl: string;
  /** Where its notifications go ('' for the sandbox's configured address). */
  notifyUrl: string;
  locale: string;
  status: SessionStatus;
  cardBrand: Brand | null;
  cardLast4: string | null;
};

export type NewSession = Omit<Session, 'id' | 'status' | 'cardBrand' | 'cardLast4'>;

export type SandboxStore = {
  get(id: string): Promise<Session | null>;
  /**
   * One session per payment, made at the first create: creating again (a resent form, a retry after a
   * refused card or a failure) answers the same session, reopened unless it was paid or cancelled.
   */
  open(input: NewSession): Promise<Session>;
  /** Moves a session from one of `from` to `to` (false: it was not in one of them, nothing changed). */
  move(id: string, from: readonly SessionStatus[], to: SessionStatus, card?: { brand: Brand; last4: string }): Promise<boolean>;
};

/** Session ids are the hosted page's capability (its address): 128 random bits. */
export const SESSION_ID = /^cs_test_[0-9a-f]{32}$/;
export const newSessionId = () => `cs_test_${randomBytes(16).toString('hex')}`;
/** What a create reopens (a final session stays as it is). */
export const REOPENABLE: readonly SessionStatus[] = ['open', 'authenticating', 'declined', 'fail'];

/** What the provider answers when asked about the payment (GET status: return and reconciliation). */
export function providerStatusOf(session: Session): ProviderStatus {
  return session.status === 'open' || session.status === 'authenticating' ? 'processing' : session.status;
}

/**
 * The standalone sandbox's own storage: sessions in memory, written whole to a JSON file after each
 * change (renamed into place), read back at start. A test provider's few hundred sessions, one process.
 */
export function fileStore(file: string | null): SandboxStore {
  const sessions = new Map<string, Session>();
  if (file && fs.existsSync(file)) for (const s of JSON.parse(fs.readFileSync(file, 'utf8')) as Session[]) sessions.set(s.id, s);
  const save = () => {
    if (!file) return;
    fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    fs.writeFileSync(`${file}.partial`, JSON.stringify([...sessions.values()]), { mode: 0o600 });
    fs.renameSync(`${file}.partial`, file);
  };
  return {
    async get(id) {
      return sessions.get(id) ?? null;
    },
    async open(input) {
      const existing = [...sessions.values()].find((s) => s.paymentId === input.paymentId);
      if (existing) {
        if (REOPENABLE.includes(existing.status)) Object.assign(existing, { status: 'open', returnUrl: input.returnUrl, locale: input.locale });
        save();
        return { ...existing };
      }
      const session: Session = { ...input, id: newSessionId(), status: 'open', cardBrand: null, cardLast4: null };
      sessions.set(session.id, session);
      save();
      return { ...session };
    },
    async move(id, from, to, card) {
      const session = sessions.get(id);
      if (!session || !from.includes(session.status)) return false;
      Object.assign(session, { status: to }, card ? { cardBrand: card.brand, cardLast4: card.last4 } : {});
      save();
      return true;
    },
  };
}
