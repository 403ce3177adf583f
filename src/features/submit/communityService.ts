/**
 * The community's calls to the nodes-service: photo uploads, submissions and messages. Visitors
 * send them without a sign-in, so no token goes with them.
 */
import { plural, t } from '@lingui/core/macro';
import type { NodeImageInput } from '@/lib/nodeSchema';
import type { NodeCapture } from '@/lib/capture';
import { callService, ServiceError, uploadCaptureFile, uploadImage } from '@/lib/serviceApi';
import type { ContactRequest } from '@/features/submit/contactDraft';
import type { SubmissionRequest } from '@/features/submit/submitDraft';

/** The reference the service gives what it received (`''` if the answer had none). */
function referenceOf(data: unknown): string {
  const id = typeof data === 'object' && data !== null ? (data as { id?: unknown }).id : null;
  return typeof id === 'string' || typeof id === 'number' ? String(id) : '';
}

/** `POST {base}/submissions`; resolves with the submission's reference. */
export async function postSubmission(baseUrl: string, body: SubmissionRequest): Promise<string> {
  const { data } = await callService<unknown>(`${baseUrl}/submissions`, { method: 'POST', body });
  return referenceOf(data);
}

/** `POST {base}/messages`; resolves with the message's reference. */
export async function postMessage(baseUrl: string, body: ContactRequest): Promise<string> {
  const { data } = await callService<unknown>(`${baseUrl}/messages`, { method: 'POST', body });
  return referenceOf(data);
}

/** `POST {base}/removal-requests`; resolves with the request's reference. */
export async function postRemovalRequest(
  baseUrl: string,
  body: Record<string, unknown>,
): Promise<string> {
  const { data } = await callService<unknown>(`${baseUrl}/removal-requests`, {
    method: 'POST',
    body,
  });
  return referenceOf(data);
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
