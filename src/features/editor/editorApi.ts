/**
 * The editor's calls to the nodes-service: items with their versions, the journal, uploads, the
 * moderation queue and contact messages. Every call carries the signed-in editor's access token,
 * fetched fresh each time (the session refreshes itself when it expires).
 */
import type { NodeImageInput } from '@/lib/nodeSchema';
import { callService, ServiceError, uploadImage, type ServiceAccess } from '@/lib/serviceApi';
import type {
  JournalEntry,
  StoredMessage,
  StoredNode,
  StoredSubmission,
  SubmissionStatus,
} from '@/lib/archiveRecords';

/** One item with its version (what optimistic concurrency needs). */
export type VersionedNode = StoredNode;
/** A community submission in the moderation queue. */
export type Submission = StoredSubmission;
/** A message sent with the contact form. */
export type ContactMessage = StoredMessage;
export type { JournalEntry, SubmissionStatus };

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
  journal(query?: { nodeId?: string; limit?: number }): Promise<JournalEntry[]>;
  upload(file: File): Promise<NodeImageInput>;
  submissions(status: SubmissionStatus): Promise<Submission[]>;
  submission(id: string): Promise<Submission>;
  /** Creates the item from the editor's version of the submission and marks it approved. */
  approve(id: string, body: unknown): Promise<{ submission: Submission } & VersionedNode>;
  reject(id: string, reason: string): Promise<Submission>;
  messages(): Promise<ContactMessage[]>;
}

const path = (id: string) => encodeURIComponent(id);

/** The editor's API over a service access (the app's, or a test's). */
export function createEditorApi(access: ServiceAccess, fetchImpl: typeof fetch = fetch): EditorApi {
  const base = access.baseUrl;

  async function token(): Promise<string> {
    const current = await access.accessToken();
    if (!current)
      throw new ServiceError('Your sign-in has ended; sign in again as an editor.', 401);
    return current;
  }

  async function call<T>(
    url: string,
    options: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
  ): Promise<T> {
    const { data } = await callService<T>(`${base}${url}`, {
      ...options,
      token: await token(),
      fetchImpl,
    });
    return data;
  }

  const ifMatch = (version: number) => ({ 'If-Match': `"${version}"` });

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
      const params = new URLSearchParams({ limit: String(query.limit ?? 100) });
      if (query.nodeId) params.set('nodeId', query.nodeId);
      return (await call<{ entries: JournalEntry[] }>(`/nodes/journal?${params}`)).entries;
    },
    async upload(file) {
      return (await uploadImage(base, file, await token(), fetchImpl)).image;
    },
    async submissions(status) {
      const params = new URLSearchParams({ status, limit: '200' });
      return (await call<{ submissions: Submission[] }>(`/submissions?${params}`)).submissions;
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
    async messages() {
      return (await call<{ messages: ContactMessage[] }>('/messages?limit=200')).messages;
    },
  };
}
