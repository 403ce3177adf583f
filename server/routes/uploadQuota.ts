/**
 * The quotas on visitors' photos as the upload route applies them: the limits the store checks,
 * and the answers of an upload over one, in words a visitor can act on.
 */
import type { UploadQuotas } from '../uploads/uploadQuotas';
import { Refusal } from '../app/appEnv';
import type { UploadAdmission, UploadLimits } from '../storage/uploadLedger';
import { UPLOAD_QUOTA_WINDOW_MS } from '../uploads/uploadSweep';

/** The 507 of a visitor's upload while the photos waiting for review fill the archive's room. */
export const NO_ROOM_FOR_PHOTOS =
  'The archive cannot take more photos until its editors have reviewed those waiting; try again later.';

/** The limits the store checks for `quotas`, over the quota's day. */
export function uploadLimitsOf(quotas: UploadQuotas): UploadLimits {
  return {
    clientBytes: quotas.clientDailyBytes,
    pendingBytes: quotas.pendingBytes,
    windowMs: UPLOAD_QUOTA_WINDOW_MS,
  };
}

/** Seconds as a person says them: "40 seconds", "12 minutes", "3 hours". */
function waitInWords(seconds: number): string {
  if (seconds >= 5400) return `${Math.ceil(seconds / 3600)} hours`;
  if (seconds >= 90) return `${Math.ceil(seconds / 60)} minutes`;
  return `${seconds} ${seconds === 1 ? 'second' : 'seconds'}`;
}

/**
 * The answer of an upload over a quota: 429 for the client's day, with the wait until its oldest
 * upload of the day ages out (in `Retry-After` and in words); 507 for the room of every waiting
 * photo, which only editors' decisions and the sweep give back. `quota` names which, so the app
 * can tell the day's quota from the short rate limit (also a 429).
 */
export function overQuota(
  admission: Exclude<UploadAdmission, { ok: true }>,
  { quotas, now }: { quotas: UploadQuotas; now: Date },
): Refusal {
  if (admission.over === 'pending') {
    return new Refusal(
      507,
      { error: NO_ROOM_FOR_PHOTOS, quota: 'pending' },
      { 'Retry-After': '3600' },
    );
  }
  const seconds = Math.max(1, Math.ceil((admission.retryAt.getTime() - now.getTime()) / 1000));
  const megabytes = Math.round(quotas.clientDailyBytes / 1024 / 1024);
  return new Refusal(
    429,
    {
      error: `Your connection has uploaded ${megabytes} MB of photos today, as much as one may in a day; try again in ${waitInWords(seconds)}.`,
      quota: 'daily',
    },
    { 'Retry-After': String(seconds) },
  );
}
