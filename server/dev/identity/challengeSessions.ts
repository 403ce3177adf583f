import { ExpiringMap } from './expiringMap';

/** Answers one challenge session takes (a mistyped code may be corrected) before it is finished. */
export const CHALLENGE_ANSWER_TRIES = 3;

/** A challenge cognito-local issued, kept under its Session until answered. */
export interface IssuedChallenge {
  clientId: string;
  /** Who it was issued to (`USER_ID_FOR_SRP`, else `USERNAME`). */
  username: string | undefined;
  /** The challenge it asks (`SOFTWARE_TOKEN_MFA`, `NEW_PASSWORD_REQUIRED`…). */
  name: string;
}

/** What an answer claims: the client, the user and the challenge it answers. */
export interface ChallengeClaim {
  clientId: string;
  username: string;
  name: string;
}

/**
 * The sessions of the challenges cognito-local issued. cognito-local answers any challenge for any
 * user without looking at the session, so the front holds each one to what it was issued for: an
 * answer must come through the client, for the user and to the challenge the session was issued
 * with, or the session is finished (a session asking for an authenticator code must never accept
 * a new password instead). A session answers once; wrong answers are allowed
 * CHALLENGE_ANSWER_TRIES times in all, and then it is finished too.
 */
export class ChallengeSessions {
  private readonly sessions: ExpiringMap<IssuedChallenge & { wrongAnswers: number }>;

  constructor(ttlMs: number, now: () => number) {
    this.sessions = new ExpiringMap(ttlMs, now);
  }

  /** Keeps a challenge cognito-local issued under its session. */
  issued(session: string, challenge: IssuedChallenge): void {
    this.sessions.set(session, { ...challenge, wrongAnswers: 0 });
  }

  /** The challenge issued under `session`, whatever answers it: for the front's own use. */
  peek(session: string): IssuedChallenge | undefined {
    return this.sessions.get(session);
  }

  /**
   * The challenge under `session` when `claim` answers exactly it; otherwise undefined, and a
   * session that was answered for another challenge, client or user is finished.
   */
  answerable(session: string, claim: ChallengeClaim): IssuedChallenge | undefined {
    const issued = this.sessions.get(session);
    if (issued === undefined) return undefined;
    if (
      issued.clientId !== claim.clientId ||
      issued.username !== claim.username ||
      issued.name !== claim.name
    ) {
      this.sessions.delete(session);
      return undefined;
    }
    return issued;
  }

  /** Records a wrong answer; the last one allowed finishes the session. */
  answeredWrongly(session: string): void {
    const issued = this.sessions.get(session);
    if (issued === undefined) return;
    issued.wrongAnswers += 1;
    if (issued.wrongAnswers >= CHALLENGE_ANSWER_TRIES) this.sessions.delete(session);
  }

  /** Finishes `session`: it was answered. */
  finish(session: string): void {
    this.sessions.delete(session);
  }
}
