/** SPEC §2: mobile is detected by these user-agent keywords. */
const MOBILE_KEYWORDS = /mobile|Android|iPhone|iPad|iPod|Opera Mini|IEMobile|BlackBerry/i;

/** Whether a user agent names a mobile device (SPEC §2 rule). */
export function isMobileUserAgent(userAgent: string): boolean {
  return MOBILE_KEYWORDS.test(userAgent);
}
