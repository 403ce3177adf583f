/**
 * The community's calls to the nodes-service: photo uploads, submissions and messages. Visitors
 * send them without a sign-in, so no token goes with them.
 */
import { plural, t } from '@lingui/core/macro';
import type { NodeImageInput } from '@/lib/nodeSchema';
import type { NodeCapture } from '@/lib/capture';
import { callService, ServiceError, uploadCaptureFile, uploadImage } from '@/lib/serviceApi';
import { CURRENT_TERMS } from '@/lib/terms';
import {
  askToSendLater,
  keepInOutbox,
  newOutboxId,
  OUTBOX_KINDS,
  outboxAvailable,
  sendOutbox,
  type OutboxKind,
  type OutboxFile,
} from '@/offline/outbox';

/** The reference the service gives what it received (`''` if the answer had none). */
function referenceOf(data: unknown): string {
  const id = typeof data === 'object' && data !== null ? (data as { id?: unknown }).id : null;
  return typeof id === 'string' || typeof id === 'number' ? String(id) : '';
}

/** What a send came to: the service's reference, or kept in the outbox to be sent later. */
export type SendResult = { reference: string } | { kept: true };

/** What a form sends, for the outbox to keep when the network fails it. */
interface Sent {
  kind: OutboxKind;
  body: Record<string, unknown>;
  /** What it is, in the visitor's words, for the outbox's list. */
  summary: string;
  /** A submission's photos and captures chosen offline, by the placeholders its body names. */
  files?: OutboxFile[];
}

/**
 * Sends a form with a key of its own (`Idempotency-Key`), or keeps it in the outbox (issue 50)
 * when there is no network, when the network fails it or the service is down (5xx), or when its
 * files (photos, a 3D capture) still wait to be uploaded: the outbox sends it, with the same key,
 * once it can. A refusal of the service's (fields to fix, a rate limit) is the visitor's to read,
 * as before.
 */
export async function sendOrKeep(baseUrl: string, sent: Sent): Promise<SendResult> {
  const id = newOutboxId();
  const keep = async (): Promise<SendResult> => {
    await keepInOutbox({ id, ...sent });
    void askToSendLater();
    // Files to upload while the network is there: the outbox starts at once.
    if (navigator.onLine) void sendOutbox({ baseUrl, termsVersion: CURRENT_TERMS.version });
    return { kept: true };
  };
  const canKeep = outboxAvailable();
  if (canKeep && (!navigator.onLine || (sent.files?.length ?? 0) > 0)) return keep();
  try {
    const { data } = await callService<unknown>(`${baseUrl}${OUTBOX_KINDS[sent.kind]}`, {
      method: 'POST',
      body: sent.body,
      headers: { 'Idempotency-Key': `"${id}"` },
    });
    return { reference: referenceOf(data) };
  } catch (failure) {
    const lost = failure instanceof ServiceError && (failure.status === 0 || failure.status >= 500);
    if (canKeep && lost) return keep();
    throw failure;
  }
}

/**
 * A rate limit worded for the visitor, with the wait the service asked for; other refusals (the
 * day's quota included, whose wait is in hours) already carry words meant for a person.
 */
async function worded<T>(sending: Promise<T>): Promise<T> {
  try {
    return await sending;
  } catch (failure) {
    if (
      failure instanceof ServiceError &&
      failure.status === 429 &&
      failure.body.quota === undefined
    ) {
      const seconds = failure.retryAfter ?? 0;
      const message =
        failure.retryAfter === null
          ? t`You have uploaded many files in a short time; try again in a few minutes.`
          : plural(seconds, {
              one: 'You have uploaded many files in a short time; try again in # second.',
              other: 'You have uploaded many files in a short time; try again in # seconds.',
            });
      throw new Error(message, { cause: failure });
    }
    throw failure;
  }
}

/** Uploads one photo of a submission. */
export async function uploadSubmissionPhoto(baseUrl: string, file: File): Promise<NodeImageInput> {
  return (await worded(uploadImage(baseUrl, file, null))).image;
}

/** Uploads one 3D capture of a submission (private until an editor publishes it). */
export async function uploadSubmissionCapture(baseUrl: string, file: File): Promise<NodeCapture> {
  return (await worded(uploadCaptureFile(baseUrl, file, null))).capture;
}
