import { randomBytes, randomUUID } from 'node:crypto';
import type { AppClient } from 'cognito-local/lib/services/appClient';
import type { Tokens, TokenGenerator } from 'cognito-local/lib/services/tokenGenerator';
import type { User } from 'cognito-local/lib/services/userPoolService';
import { SignJWT, type JWTPayload } from 'jose';
import type { InstallationSecrets } from './signingKey';

/** Seconds in each of Cognito's token validity units. */
const UNIT_SECONDS = { seconds: 1, minutes: 60, hours: 3600, days: 86_400 } as const;

function lifetimeSeconds(
  duration: number | undefined,
  unit: string | undefined,
  fallbackUnit: keyof typeof UNIT_SECONDS,
  fallbackSeconds: number,
): number {
  if (duration === undefined) return fallbackSeconds;
  const seconds = UNIT_SECONDS[(unit ?? fallbackUnit) as keyof typeof UNIT_SECONDS];
  if (seconds === undefined) throw new Error(`Invalid token validity unit: ${unit}`);
  return duration * seconds;
}

function attribute(user: User, name: string): string | undefined {
  return user.Attributes?.find((candidate) => candidate.Name === name)?.Value;
}

/**
 * cognito-local's token generator with this installation's key: the same claims as its own
 * (`JwtTokenGenerator`), which sign with the private key its npm package ships, signed instead
 * with a key made for this folder. Refresh tokens are opaque random strings, as Cognito's are to
 * a client; cognito-local keeps them on the user and looks them up.
 */
export class InstallationTokenGenerator implements TokenGenerator {
  constructor(
    private readonly secrets: Pick<InstallationSecrets, 'privateKey' | 'kid'>,
    /** `{IssuerDomain}/{poolId}` is each token's `iss`. */
    private readonly issuerDomain: string,
    private readonly now: () => Date = () => new Date(),
  ) {}

  private sign(payload: JWTPayload, issuedAt: number, lifetime: number, issuer: string) {
    return new SignJWT(payload)
      .setProtectedHeader({ alg: 'RS256', kid: this.secrets.kid })
      .setIssuer(issuer)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + lifetime)
      .sign(this.secrets.privateKey);
  }

  async generate(
    _ctx: unknown,
    user: User,
    userGroups: readonly string[],
    client: AppClient,
  ): Promise<Tokens> {
    const authTime = Math.floor(this.now().getTime() / 1000);
    const issuer = `${this.issuerDomain}/${client.UserPoolId}`;
    const eventId = randomUUID();
    const sub = attribute(user, 'sub');
    const groups = userGroups.length > 0 ? { 'cognito:groups': [...userGroups] } : {};
    const custom = Object.fromEntries(
      (user.Attributes ?? [])
        .filter((entry) => entry.Name.startsWith('custom:') && entry.Value !== undefined)
        .map((entry) => [entry.Name, entry.Value as string]),
    );
    const units = client.TokenValidityUnits;
    const [accessToken, idToken] = await Promise.all([
      this.sign(
        {
          auth_time: authTime,
          client_id: client.ClientId,
          event_id: eventId,
          jti: randomUUID(),
          scope: 'aws.cognito.signin.user.admin',
          sub,
          token_use: 'access',
          username: user.Username,
          ...groups,
        },
        authTime,
        lifetimeSeconds(client.AccessTokenValidity, units?.AccessToken, 'hours', 86_400),
        issuer,
      ),
      this.sign(
        {
          'cognito:username': user.Username,
          aud: client.ClientId,
          auth_time: authTime,
          email: attribute(user, 'email'),
          email_verified: (attribute(user, 'email_verified') ?? 'false') === 'true',
          event_id: eventId,
          jti: randomUUID(),
          sub,
          token_use: 'id',
          ...custom,
          ...groups,
        },
        authTime,
        lifetimeSeconds(client.IdTokenValidity, units?.IdToken, 'hours', 86_400),
        issuer,
      ),
    ]);
    return {
      AccessToken: accessToken,
      IdToken: idToken,
      RefreshToken: randomBytes(48).toString('base64url'),
    };
  }
}
