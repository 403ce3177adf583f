/**
 * Calls to the nodes-service beyond the public list: the editors' writes, uploads and the
 * community's forms. One request helper, so every call times out, reads the service's JSON error
 * (`{ error, errors }`) and turns a network failure into words a person can act on.
 */
import { t } from '@lingui/core/macro';
import type { NodeCapture } from '@/lib/capture';
import type { FieldError, NodeImageInput } from '@/lib/nodeSchema';
import { countText } from '@/lib/numbers';
import {
  CAPTURE_MAX_BYTES,
  captureFormatsWords,
  UPLOAD_MAX_BYTES,
  uploadFormatsWords,
} from '@/lib/uploadLimits';

/** Longest wait for one call, ms (uploads get longer: a phone's photo on a slow line). */
export const SERVICE_TIMEOUT_MS = 15_000;
export const UPLOAD_TIMEOUT_MS = 120_000;

/** How the app reaches the service: its base URL and, for editors, the current access token. */
export interface ServiceAccess {
  /** The nodes-service base, e.g. `/api` (the list is `${baseUrl}/nodes`). */
  baseUrl: string;
  /** The signed-in user's access token, refreshed when expired; null when nobody is signed in. */
  accessToken(): Promise<string | null>;
}

/** The service base of a nodes list URL: `/api/nodes` → `/api`. */
export function serviceBaseUrl(nodesUrl: string): string {
  return nodesUrl.replace(/\/nodes\/?$/, '');
}

/** A refusal or failure, with what the service said. */
export class ServiceError extends Error {
  override name = 'ServiceError';
  constructor(
    message: string,
    /** HTTP status; 0 when the service could not be reached. */
    readonly status: number,
    /** Field errors of a 400, in form order. */
    readonly errors: readonly FieldError[] = [],
    /** The whole JSON body (a 409 carries the current item). */
    readonly body: Record<string, unknown> = {},
    /** Seconds to wait, from Retry-After (429, 503). */
    readonly retryAfter: number | null = null,
  ) {
    super(message);
  }
}

/** The messages of a 400 by field path. */
export function errorsByPath(errors: readonly FieldError[]): Record<string, string> {
  const byPath: Record<string, string> = {};
  for (const { path, message } of errors) byPath[path] ??= message;
  return byPath;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function fieldErrors(value: unknown): FieldError[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item) =>
    isRecord(item) && typeof item.path === 'string' && typeof item.message === 'string'
      ? [{ path: item.path, message: item.message }]
      : [],
  );
}

/** Words for a refusal whose answer said none, by its status, in the active language. */
function fallbackMessage(status: number): string {
  switch (status) {
    case 401:
      return t`Your sign-in has expired; sign in again.`;
    case 403:
      return t`Only editors can do this.`;
    case 404:
      return t({
        message: 'It is not there any more.',
        comment: 'The archive service answered 404: what was asked for has gone',
      });
    case 413:
      return t`That is too large to send.`;
    case 429:
      return t`Too many requests; wait a minute and try again.`;
    case 503:
      return t`The archive service is unavailable; try again shortly.`;
    default:
      return t({
        message: `The archive service answered ${status}.`,
        comment: '{status} is an HTTP status code, such as 500',
      });
  }
}

/** Options of one call. */
export interface CallOptions {
  method?: string;
  /** JSON-encoded unless it is a Blob (sent as is). */
  body?: unknown;
  headers?: Record<string, string>;
  /** Bearer token, when the call needs an editor. */
  token?: string | null;
  timeoutMs?: number;
  signal?: AbortSignal;
  fetchImpl?: typeof fetch;
}

/** The JSON answer of a call and its headers. */
export interface CallResult<T> {
  data: T;
  headers: Headers;
  status: number;
}

/**
 * Calls the service.
 *
 * @throws ServiceError with the service's message (or a plain one for its status), or status 0
 *   when it could not be reached or did not answer in time.
 */
export async function callService<T>(
  url: string,
  options: CallOptions = {},
): Promise<CallResult<T>> {
  const {
    method = 'GET',
    body,
    token,
    timeoutMs = SERVICE_TIMEOUT_MS,
    fetchImpl = fetch,
  } = options;
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  if (token) headers.Authorization = `Bearer ${token}`;
  let payload: BodyInit | undefined;
  if (body instanceof Blob) payload = body;
  else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  let response: Response;
  try {
    response = await fetchImpl(url, { method, headers, body: payload, signal });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new ServiceError(
      timeout.aborted
        ? t`The archive service did not answer in time; check your connection and try again.`
        : t`The archive service could not be reached; check your connection and try again.`,
      0,
    );
  }
  let json: unknown = null;
  const text = await response.text().catch(() => '');
  if (text !== '') {
    try {
      json = JSON.parse(text);
    } catch {
      json = null;
    }
  }
  if (!response.ok) {
    const data = isRecord(json) ? json : {};
    const retry = Number(response.headers.get('Retry-After'));
    throw new ServiceError(
      typeof data.error === 'string' ? data.error : fallbackMessage(response.status),
      response.status,
      fieldErrors(data.errors),
      data,
      Number.isFinite(retry) && retry > 0 ? retry : null,
    );
  }
  return { data: json as T, headers: response.headers, status: response.status };
}

/** What an upload answers. */
export interface UploadedImage {
  /** The photo's URLs: full size, thumbnail and (from services that make one) card-sized copy. */
  image: NodeImageInput;
  width: number;
  height: number;
}

/**
 * Uploads one photo. The service checks the content; this only spares a visitor the wait for a
 * file that is plainly too large or not an image.
 */
export async function uploadImage(
  baseUrl: string,
  file: Blob,
  token: string | null,
  fetchImpl: typeof fetch = fetch,
): Promise<UploadedImage> {
  if (file.size > UPLOAD_MAX_BYTES) {
    const size = countText(UPLOAD_MAX_BYTES / 1024 / 1024);
    throw new ServiceError(t`The photo is too large: at most ${size} MB.`, 413);
  }
  if (file.type !== '' && !file.type.startsWith('image/')) {
    const formats = uploadFormatsWords();
    throw new ServiceError(
      t({
        message: `This file is not a photo: send a ${formats} image.`,
        comment: '{formats} lists the kinds of photo: "JPEG, PNG, WebP, GIF, AVIF or TIFF"',
      }),
      415,
    );
  }
  const { data } = await callService<UploadedImage>(`${baseUrl}/uploads`, {
    method: 'POST',
    body: file,
    token,
    timeoutMs: UPLOAD_TIMEOUT_MS,
    fetchImpl,
    headers: { 'Content-Type': file.type || 'application/octet-stream' },
  });
  // Only the image's URLs go into a record: the card-sized copy's when the service made one.
  const { thumbUrl, fullUrl, cardUrl } = data.image;
  const image: NodeImageInput =
    typeof cardUrl === 'string' ? { thumbUrl, fullUrl, cardUrl } : { thumbUrl, fullUrl };
  return { ...data, image };
}

/** What a 3D capture's upload answers. */
export interface UploadedCapture {
  capture: NodeCapture;
  /** Vertices of a model, splats of a splat. */
  count: number;
  bytes: number;
}

/** The names a capture file may have: its format is read from its content, not from these. */
const CAPTURE_FILE_NAME = /\.(?:glb|ply|splat|spz)$/i;

/** The refusal of a file that is not a 3D capture, in the person's language (415). */
export function notCaptureFile(): ServiceError {
  const formats = captureFormatsWords();
  return new ServiceError(
    t({
      message: `This file is not a 3D capture: send ${formats}.`,
      comment: '{formats} is "a .glb model or a .ply, .splat or .spz splat"',
    }),
    415,
  );
}

/**
 * Why a file cannot go as a 3D capture before anything is sent (too large; a name that is none of
 * the formats'), or null.
 */
export function captureFileRefusal(file: File): ServiceError | null {
  if (file.size > CAPTURE_MAX_BYTES) {
    const size = countText(CAPTURE_MAX_BYTES / 1024 / 1024);
    return new ServiceError(t`The 3D capture is too large: at most ${size} MB.`, 413);
  }
  return CAPTURE_FILE_NAME.test(file.name) ? null : notCaptureFile();
}

/**
 * Uploads one 3D capture (`POST /captures`). The service reads its format from its content; the
 * file's name goes along as a hint for the one format that has no signature (a `.splat`). This
 * only spares the wait for a file that is plainly too large or of another kind. A large model on
 * a slow line takes a while: the wait allows about 50 KB a second beyond the usual upload's.
 */
export async function uploadCaptureFile(
  baseUrl: string,
  file: File,
  token: string | null,
  fetchImpl: typeof fetch = fetch,
): Promise<UploadedCapture> {
  const refusal = captureFileRefusal(file);
  if (refusal) throw refusal;
  const { data } = await callService<UploadedCapture>(
    `${baseUrl}/captures?name=${encodeURIComponent(file.name)}`,
    {
      method: 'POST',
      body: file,
      token,
      timeoutMs: UPLOAD_TIMEOUT_MS + Math.ceil(file.size / 50),
      fetchImpl,
      headers: { 'Content-Type': 'application/octet-stream' },
    },
  );
  const { url, format } = data.capture;
  return { capture: { url, format }, count: data.count, bytes: data.bytes };
}
