import { describe, expect, it } from 'vitest';
import { ExpiringMap } from '../../../../../server/dev/identity/expiringMap';
import {
  createPasswordVerifier,
  INCORRECT_CREDENTIALS,
  SESSION_EXPIRED,
} from '../../../../../server/dev/identity/passwordVerifier';

/**
 * The PASSWORD_VERIFIER exchange's bookkeeping: what it answers, and how long a started check
 * stays answerable. (The maths is checked end to end against amazon-cognito-identity-js in
 * localIdentity.test.ts.)
 */
const USER = { username: 'editor', password: 'Editor-Local-2025!', enabled: true };
const CLIENT = 'globearchivelocalclient';
const TTL = 60_000;

function setUp() {
  let clock = 0;
  const verifier = createPasswordVerifier({
    poolId: 'local_GlobeArch',
    directory: { findUser: async (_client, name) => (name === USER.username ? USER : null) },
    ttlMs: TTL,
    now: () => clock,
  });
  return { verifier, advance: (ms: number) => (clock += ms) };
}

async function challengeParameters(verifier: ReturnType<typeof setUp>['verifier']) {
  // Any A that is not a multiple of N starts a check; the client's real A is 3072 bits.
  const reply = await verifier.challenge(CLIENT, { USERNAME: 'editor', SRP_A: 'abcdef0123' });
  expect(reply.status).toBe(200);
  return (JSON.parse(reply.body.toString()) as { ChallengeParameters: Record<string, string> })
    .ChallengeParameters;
}

function answer(secretBlock: string, overrides: Record<string, string> = {}) {
  return {
    USERNAME: 'editor',
    PASSWORD_CLAIM_SECRET_BLOCK: secretBlock,
    PASSWORD_CLAIM_SIGNATURE: Buffer.alloc(32).toString('base64'),
    TIMESTAMP: 'Mon Jan 5 10:00:00 UTC 2026',
    ...overrides,
  };
}

function refusalOf(outcome: ReturnType<ReturnType<typeof setUp>['verifier']['verify']>) {
  if (!('refusal' in outcome)) throw new Error('expected a refusal');
  return JSON.parse(outcome.refusal.body.toString()) as { __type: string; message: string };
}

describe('createPasswordVerifier', () => {
  it("challenges with Cognito's parameters, naming the user by their stored username", async () => {
    const { verifier } = setUp();
    const parameters = await challengeParameters(verifier);
    expect(Object.keys(parameters).sort()).toEqual([
      'SALT',
      'SECRET_BLOCK',
      'SRP_B',
      'USERNAME',
      'USER_ID_FOR_SRP',
    ]);
    expect(parameters).toMatchObject({ USERNAME: 'editor', USER_ID_FOR_SRP: 'editor' });
    expect(parameters.SRP_B).toMatch(/^[0-9a-f]+$/);
  });

  it('refuses a wrong signature, and each check answers only once', async () => {
    const { verifier } = setUp();
    const { SECRET_BLOCK = '' } = await challengeParameters(verifier);
    expect(refusalOf(verifier.verify(CLIENT, answer(SECRET_BLOCK)))).toEqual({
      __type: 'NotAuthorizedException',
      message: INCORRECT_CREDENTIALS,
    });
    expect(refusalOf(verifier.verify(CLIENT, answer(SECRET_BLOCK))).message).toBe(SESSION_EXPIRED);
  });

  it('lets a started check lapse after its time', async () => {
    const { verifier, advance } = setUp();
    const { SECRET_BLOCK = '' } = await challengeParameters(verifier);
    advance(TTL);
    expect(refusalOf(verifier.verify(CLIENT, answer(SECRET_BLOCK))).message).toBe(SESSION_EXPIRED);
  });

  it('refuses an unknown user, a missing parameter and an unusable SRP_A', async () => {
    const { verifier } = setUp();
    const unknown = await verifier.challenge(CLIENT, { USERNAME: 'nobody', SRP_A: 'abc' });
    expect(JSON.parse(unknown.body.toString())).toEqual({
      __type: 'NotAuthorizedException',
      message: INCORRECT_CREDENTIALS,
    });
    const zero = await verifier.challenge(CLIENT, { USERNAME: 'editor', SRP_A: '0' });
    expect(JSON.parse(zero.body.toString())).toMatchObject({ __type: 'InvalidParameterException' });
    expect(refusalOf(verifier.verify(CLIENT, answer('x', { TIMESTAMP: '' })))).toEqual({
      __type: 'InvalidParameterException',
      message: 'Missing required parameter TIMESTAMP',
    });
  });
});

describe('ExpiringMap', () => {
  it('forgets entries after their time and keeps at most its size, dropping the oldest', () => {
    let clock = 0;
    const map = new ExpiringMap<number>(100, () => clock, 2);
    map.set('a', 1);
    clock = 50;
    map.set('b', 2);
    clock = 60;
    map.set('c', 3);
    expect([map.get('a'), map.get('b'), map.get('c')]).toEqual([undefined, 2, 3]);
    clock = 150;
    expect(map.take('b')).toBeUndefined();
    expect(map.take('c')).toBe(3);
    expect(map.get('c')).toBeUndefined();
  });
});
