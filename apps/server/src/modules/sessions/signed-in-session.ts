import type { SessionRow } from './session.repository.ts';

/** Who acts in a use case: a customer, through one of their sessions. */
export interface Actor {
  readonly customerId: string;
  readonly sessionId: string;
}

/**
 * A live session as the rest of the server sees it: what it is and where it signed in from,
 * never its secret. The customer resource and the second factor read the device facts.
 */
export interface SignedInSession {
  readonly id: string;
  readonly public_token: string;
  readonly customer_id: string;
  readonly mfa_method: string | null;
  readonly is_mfa_completed: boolean;
  readonly user_agent: string | null;
  readonly ip_address: string | null;
  readonly device_type: string;
  readonly client_name: string | null;
  readonly client_version: string | null;
  readonly os_name: string | null;
  readonly os_version: string | null;
  readonly model: string | null;
  readonly vendor: string | null;
  readonly touched_at: Date;
  readonly expires_at: Date;
  readonly created_at: Date;
  readonly updated_at: Date;
}

export function signedInSession(row: SessionRow): SignedInSession {
  // The secret's hash stays in the repository; ended_at is always null for a live session.
  const { secret_hash: _secret, ended_at: _ended, ...session } = row;
  return session;
}

export const actorOf = (session: SignedInSession): Actor => ({
  customerId: session.customer_id,
  sessionId: session.id,
});

/** A session that has passed the password but still owes its emailed code. */
export function owesSecondFactor(session: SignedInSession): boolean {
  return session.mfa_method !== null && !session.is_mfa_completed;
}
