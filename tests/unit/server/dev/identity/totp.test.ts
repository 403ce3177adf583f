import { describe, expect, it } from 'vitest';
import { base32Bytes, totpCode } from '../../../../../server/dev/identity/totp';

/** RFC 6238 appendix B's SHA-1 key, "12345678901234567890", in base32. */
const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';

describe('totpCode (RFC 6238)', () => {
  it('gives the last 6 digits of the RFC 6238 SHA-1 test vectors', () => {
    const vectors: [number, string][] = [
      [59, '287082'],
      [1_111_111_109, '081804'],
      [1_111_111_111, '050471'],
      [1_234_567_890, '005924'],
      [2_000_000_000, '279037'],
      [20_000_000_000, '353130'],
    ];
    for (const [seconds, code] of vectors) expect(totpCode(RFC_SECRET, seconds * 1000)).toBe(code);
  });

  it('keeps one code for a 30-second step and reads secrets as authenticator apps do', () => {
    expect(totpCode(RFC_SECRET, 30_000)).toBe(totpCode(RFC_SECRET, 59_999));
    expect(totpCode(RFC_SECRET, 60_000)).not.toBe(totpCode(RFC_SECRET, 59_999));
    expect(totpCode('gezd gnbv gy3t qojq gezd gnbv gy3t qojq', 59_000)).toBe('287082');
    expect(base32Bytes(RFC_SECRET).toString('ascii')).toBe('12345678901234567890');
    expect(() => base32Bytes('not base32!')).toThrow('The secret is not base32.');
  });
});
