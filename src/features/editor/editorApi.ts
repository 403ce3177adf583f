/**
 * The editor's calls to the nodes-service: items with their versions, the journal, uploads, the
 * moderation queue and contact messages. Every call carries the signed-in editor's access token,
 * fetched fresh each time (the session refreshes itself when it expires).
 */
import { t } from '@lingui/core/macro';
import type { BlurRegion } from '@/lib/blurRegions';
import type { NodeCapture } from '@/lib/capture';
import type { ImportReport, ImportResult, RowPlace } from '@/lib/archiveImport';
import type { NodeImageInput } from '@/lib/nodeSchema';
import {
  callService,
  SERVICE_TIMEOUT_MS,
  ServiceError,
  uploadCaptureFile,
  uploadImage,
  type CallOptions,
  type ServiceAccess,
} from '@/lib/serviceApi';
import { uploadKeyOfUrl } from '@/lib/uploadKeys';
import type {
  JournalEntry,
  RemovalStatus,
  StoredMessage,
  StoredNode,
  StoredRemovalRequest,
  StoredSubmission,
  SubmissionStatus,
} from '@/lib/archiveRecords';

/** One item with its version (what optimistic concurrency needs). */
export type VersionedNode = StoredNode;
/** A community submission in the moderation queue. */
export type Submission = StoredSubmission;
/** A message sent with the contact form. */
export type ContactMessage = StoredMessage;
export type RemovalRequest = StoredRemovalRequest;
/** A removal or correction request about a published item. */
export type { JournalEntry, RemovalStatus, SubmissionStatus };

/** A file to import, as the service takes it. */
export interface ImportFile {
  name: string;
  format: 'csv' | 'json';
  text: string;
}

/** An import or export of a large archive takes longer than an ordinary call, ms. */
const IMPORT_TIMEOUT_MS = 120_000;

/** Entries the editor's lists read at a time ("Show older" reads the next as many). */
export const EDITOR_PAGE_SIZE = 100;

/** One page of a list, newest first, and where the next one starts. */
export interface Page<T> {
  items: T[];
  /** The `before` that reads the entries after these; null when there are none. */
  older: string | null;
}

/** Everything the editor asks of the service. */
export interface EditorApi {
  /** The public list, as raw nodes (fresh: never a cached copy). */
  listNodes(): Promise<unknown[]>;
  getNode(id: string): Promise<VersionedNode>;
  createNode(body: unknown): Promise<VersionedNode>;
  /** @throws ServiceError 409 with `body.current` when `version` is stale. */
  updateNode(id: string, body: unknown, version: number): Promise<VersionedNode>;
  deleteNode(id: string, version: number): Promise<VersionedNode>;
  restoreNode(id: string): Promise<VersionedNode>;
  /** The journal, newest first; `before` (a page's `older`) reads the page after it. */
  journal(query?: {
    nodeId?: string;
    limit?: number;
    before?: string | null;
  }): Promise<Page<JournalEntry>>;
  upload(file: File): Promise<NodeImageInput>;
  /** Uploads a 3D capture (public at once, like an editor's photo). */
  uploadCapture(file: File): Promise<NodeCapture>;
  /**
   * A visitor's photo or 3D capture that waits for review (its URL answers 404 until then),
   * fetched with the editor's token; null when the service holds no such file (published, or not
   * an upload).
   */
  waitingPhoto(url: string): Promise<Blob | null>;
  /** Submissions with this status, newest first, a page at a time (see `journal`). */
  submissions(status: SubmissionStatus, before?: string | null): Promise<Page<Submission>>;
  submission(id: string): Promise<Submission>;
  /** Creates the item from the editor's version of the submission and marks it approved. */
  approve(id: string, body: unknown): Promise<{ submission: Submission } & VersionedNode>;
  reject(id: string, reason: string): Promise<Submission>;
  /**
   * A copy of a photo the waiting submission `id` sent, with `regions` blurred: a new upload of
   * that submission's, private until its approval shows it (the photo as sent is never changed).
   */
  blurPhoto(id: string, photo: string, regions: readonly BlurRegion[]): Promise<NodeImageInput>;
  /**
   * An import's dry run: what each row of the file would do (nothing is written). Rejects with a
   * ServiceError saying why a file cannot be read.
   */
  importDryRun(file: ImportFile, places?: Record<string, RowPlace>): Promise<ImportReport>;
  /** Imports what the dry run said, at the versions it read (`expected`); 409 if any moved. */
  importArchive(
    file: ImportFile,
    expected: Record<string, number>,
    places?: Record<string, RowPlace>,
  ): Promise<ImportResult>;
  /** The whole archive as a file to save: JSON (with the journal if asked) or CSV. */
  exportArchive(
    format: 'json' | 'csv',
    journal: boolean,
  ): Promise<{ blob: Blob; fileName: string }>;
  /**
   * A link to the preservation package (a BagIt bag in one tar file) that the browser follows
   * itself, so that the file streams to disk: good once, for a minute.
   *
   * @throws ServiceError 501 with the service's words where it cannot send one (a serverless
   *   deployment names the command that makes it).
   */
  packageLink(): Promise<string>;
  /** Contact messages, newest first, a page at a time (see `journal`). */
  messages(before?: string | null): Promise<Page<ContactMessage>>;
  /** Removal and correction requests with this status, newest first, a page at a time. */
  removalRequests(status: RemovalStatus, before?: string | null): Promise<Page<RemovalRequest>>;
  /** One removal or correction request, as it stands now (its item listed or not). */
  removalRequest(id: string): Promise<RemovalRequest>;
  /** Hides the request's item at once (restorable) and marks the request decided. */
  hideForRemoval(id: string, note: string): Promise<RemovalRequest>;
  /** Marks a request corrected (the item was changed) or declined. */
  decideRemoval(
    id: string,
    status: 'corrected' | 'declined',
    note: string,
  ): Promise<RemovalRequest>;
}

const path = (id: string) => encodeURIComponent(id);

/** The query of one page: `limit` entries, older than `before` when given. */
export function pageParams(limit: number, before: string | null | undefined): URLSearchParams {
  const params = new URLSearchParams({ limit: String(limit) });
  if (before) params.set('before', before);
  return params;
}

/**
 * A page as the service answers it. A service from before paging answers no `older`; that reads
 * as the last page, so the editor sees the first page only, as it did then.
 */
export function pageOf<T>(items: T[] | undefined, older: unknown): Page<T> {
  return { items: items ?? [], older: typeof older === 'string' && older !== '' ? older : null };
}

/** What an editor's JSON call may set; the token and the fetch are the request's own. */
type RequestOptions = Pick<CallOptions, 'method' | 'body' | 'headers' | 'timeoutMs'>;

/** What every group of the editor's calls shares: the service's address and the editor's token. */
export interface EditorRequest {
  base: string;
  fetchImpl: typeof fetch;
  /**
   * The signed-in editor's access token, fetched fresh.
   *
   * @throws ServiceError 401 when the sign-in has ended.
   */
  token(): Promise<string>;
  /** A JSON call below the service's address, with the token; its answer's data. */
  call<T>(url: string, options?: RequestOptions): Promise<T>;
  /**
   * A file the service sends (a waiting photo, an export), with the token, answered as it comes.
   *
   * @throws ServiceError 0 with `offline` when the service could not be reached in time.
   */
  download(url: string, timeoutMs: number, offline: string): Promise<Response>;
}

/** The request helper over a service access (the app's, or a test's). */
export function editorRequest(access: ServiceAccess, fetchImpl: typeof fetch): EditorRequest {
  const base = access.baseUrl;

  async function token(): Promise<string> {
    const current = await access.accessToken();
    if (!current)
      throw new ServiceError(t`Your sign-in has ended; sign in again as an editor.`, 401);
    return current;
  }

  async function call<T>(url: string, options: RequestOptions = {}): Promise<T> {
    const { data } = await callService<T>(`${base}${url}`, {
      ...options,
      token: await token(),
      fetchImpl,
    });
    return data;
  }

  async function download(url: string, timeoutMs: number, offline: string): Promise<Response> {
    try {
      return await fetchImpl(`${base}${url}`, {
        headers: { Authorization: `Bearer ${await token()}` },
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch {
      throw new ServiceError(offline, 0);
    }
  }

  return { base, fetchImpl, token, call, download };
}

export const ifMatch = (version: number) => ({ 'If-Match': `"${version}"` });

/** The archive's items, each at its version, and the journal of their changes. */
function itemCalls({
  base,
  fetchImpl,
  call,
}: EditorRequest): Pick<
  EditorApi,
  'listNodes' | 'getNode' | 'createNode' | 'updateNode' | 'deleteNode' | 'restoreNode' | 'journal'
> {
  return {
    async listNodes() {
      const { data } = await callService<unknown>(`${base}/nodes`, {
        fetchImpl,
        headers: { 'Cache-Control': 'no-cache' },
      });
      return Array.isArray(data) ? data : [];
    },
    getNode: (id) => call(`/nodes/${path(id)}`),
    createNode: (body) => call('/nodes', { method: 'POST', body }),
    updateNode: (id, body, version) =>
      call(`/nodes/${path(id)}`, { method: 'PUT', body, headers: ifMatch(version) }),
    deleteNode: (id, version) =>
      call(`/nodes/${path(id)}`, { method: 'DELETE', headers: ifMatch(version) }),
    restoreNode: (id) => call(`/nodes/${path(id)}/restore`, { method: 'POST' }),
    async journal(query = {}) {
      const params = pageParams(query.limit ?? EDITOR_PAGE_SIZE, query.before);
      if (query.nodeId) params.set('nodeId', query.nodeId);
      const data = await call<{ entries?: JournalEntry[]; older?: unknown }>(
        `/nodes/journal?${params}`,
      );
      return pageOf(data.entries, data.older);
    },
  };
}

/** Files sent to the service (an editor's photos and captures) and visitors' waiting photos. */
function uploadCalls({
  base,
  fetchImpl,
  token,
  download,
}: EditorRequest): Pick<EditorApi, 'upload' | 'uploadCapture' | 'waitingPhoto'> {
  return {
    async upload(file) {
      return (await uploadImage(base, file, await token(), fetchImpl)).image;
    },
    async uploadCapture(file) {
      return (await uploadCaptureFile(base, file, await token(), fetchImpl)).capture;
    },
    async waitingPhoto(url) {
      const key = uploadKeyOfUrl(url);
      if (key === null) return null;
      const response = await download(
        `/uploads/${key}`,
        SERVICE_TIMEOUT_MS,
        t`The photo could not be loaded; check your connection.`,
      );
      if (response.status === 404) return null;
      if (!response.ok) {
        const status = response.status;
        throw new ServiceError(
          t({
            message: `The photo could not be loaded (${status}).`,
            comment: "{status} is the service's HTTP status code",
          }),
          status,
        );
      }
      return response.blob();
    },
  };
}

/** The moderation queue: community submissions, reviewed, blurred, approved or rejected. */
function submissionCalls({
  call,
}: EditorRequest): Pick<
  EditorApi,
  'submissions' | 'submission' | 'approve' | 'reject' | 'blurPhoto'
> {
  return {
    async submissions(status, before) {
      const params = pageParams(EDITOR_PAGE_SIZE, before);
      params.set('status', status);
      const data = await call<{ submissions?: Submission[]; older?: unknown }>(
        `/submissions?${params}`,
      );
      return pageOf(data.submissions, data.older);
    },
    async submission(id) {
      const data = await call<Submission | { submission: Submission }>(`/submissions/${path(id)}`);
      return 'submission' in data && 'status' in data.submission
        ? data.submission
        : (data as Submission);
    },
    approve: (id, body) => call(`/submissions/${path(id)}/approve`, { method: 'POST', body }),
    async reject(id, reason) {
      return (
        await call<{ submission: Submission }>(`/submissions/${path(id)}/reject`, {
          method: 'POST',
          body: { reason },
        })
      ).submission;
    },
    async blurPhoto(id, photo, regions) {
      try {
        return (
          await call<{ image: NodeImageInput }>(`/submissions/${path(id)}/blur`, {
            method: 'POST',
            body: { photo, regions },
          })
        ).image;
      } catch (error) {
        // A refused blur says which part to fix: that, not "Some fields need fixing".
        const first = error instanceof ServiceError ? error.errors[0] : undefined;
        if (error instanceof ServiceError && first) {
          throw new ServiceError(first.message, error.status, error.errors, error.body);
        }
        throw error;
      }
    },
  };
}

/** The whole archive in (an import, after its dry run) and out (an export to save). */
function archiveCalls({
  base,
  call,
  download,
}: EditorRequest): Pick<
  EditorApi,
  'importDryRun' | 'importArchive' | 'exportArchive' | 'packageLink'
> {
  return {
    async packageLink() {
      const { url } = await call<{ url: string }>('/exports/archive-bag', { method: 'POST' });
      // The service's own path, never an address elsewhere.
      if (!url.startsWith('/exports/archive-bag.tar?'))
        throw new ServiceError(t`The package could not be made.`, 502);
      return `${base}${url}`;
    },
    importDryRun: (file, places = {}) =>
      call('/imports', {
        method: 'POST',
        body: { ...file, dryRun: true, places },
        timeoutMs: IMPORT_TIMEOUT_MS,
      }),
    importArchive: (file, expected, places = {}) =>
      call('/imports', {
        method: 'POST',
        body: { ...file, dryRun: false, expected, places },
        timeoutMs: IMPORT_TIMEOUT_MS,
      }),
    async exportArchive(format, journal) {
      const response = await download(
        `/exports/archive.${format}${journal && format === 'json' ? '?journal=1' : ''}`,
        IMPORT_TIMEOUT_MS,
        t`The export could not be downloaded; check your connection.`,
      );
      if (!response.ok) {
        const status = response.status;
        throw new ServiceError(
          t({
            message: `The export could not be made (${status}).`,
            comment: "{status} is the service's HTTP status code",
          }),
          status,
        );
      }
      const named = /filename="([^"]+)"/.exec(response.headers.get('Content-Disposition') ?? '');
      return { blob: await response.blob(), fileName: named?.[1] ?? `globe-archive.${format}` };
    },
  };
}

/** What the public asks of the editors: contact messages, and removal or correction requests. */
function inboxCalls({
  call,
}: EditorRequest): Pick<
  EditorApi,
  'messages' | 'removalRequests' | 'removalRequest' | 'hideForRemoval' | 'decideRemoval'
> {
  return {
    async messages(before) {
      const params = pageParams(EDITOR_PAGE_SIZE, before);
      const data = await call<{ messages?: ContactMessage[]; older?: unknown }>(
        `/messages?${params}`,
      );
      return pageOf(data.messages, data.older);
    },
    async removalRequests(status, before) {
      const params = pageParams(EDITOR_PAGE_SIZE, before);
      params.set('status', status);
      const data = await call<{ requests?: RemovalRequest[]; older?: unknown }>(
        `/removal-requests?${params}`,
      );
      return pageOf(data.requests, data.older);
    },
    async removalRequest(id) {
      return (await call<{ request: RemovalRequest }>(`/removal-requests/${path(id)}`)).request;
    },
    async hideForRemoval(id, note) {
      return (
        await call<{ request: RemovalRequest }>(`/removal-requests/${path(id)}/hide`, {
          method: 'POST',
          body: { note },
        })
      ).request;
    },
    async decideRemoval(id, status, note) {
      return (
        await call<{ request: RemovalRequest }>(`/removal-requests/${path(id)}/decide`, {
          method: 'POST',
          body: { status, note },
        })
      ).request;
    },
  };
}

/** The editor's API over a service access (the app's, or a test's). */
export function createEditorApi(access: ServiceAccess, fetchImpl: typeof fetch = fetch): EditorApi {
  const request = editorRequest(access, fetchImpl);
  const api: EditorApi = {
    ...itemCalls(request),
    ...uploadCalls(request),
    ...submissionCalls(request),
    ...archiveCalls(request),
    ...inboxCalls(request),
  };
  for (const name of CHANGING_WHAT_WAITS) {
    const call = api[name] as (...args: unknown[]) => Promise<unknown>;
    (api as unknown as Record<string, unknown>)[name] = async (...args: unknown[]) => {
      const answer = await call(...args);
      if (typeof window !== 'undefined') window.dispatchEvent(new Event(INBOX_CHANGED));
      return answer;
    };
  }
  return api;
}

/**
 * Sent on `window` after a call that may change what waits for an editor (the navigation's
 * counts read it again): a review, a decision on a request, an item hidden or restored anywhere.
 */
export const INBOX_CHANGED = 'editor-inbox-changed';
const CHANGING_WHAT_WAITS = [
  'approve',
  'reject',
  'deleteNode',
  'restoreNode',
  'hideForRemoval',
  'decideRemoval',
] as const satisfies readonly (keyof EditorApi)[];
