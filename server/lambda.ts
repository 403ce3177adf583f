/**
 * The nodes-service as an AWS Lambda function behind an API Gateway HTTP API (payload format 2.0)
 * or a Lambda function URL: the same handler as the local server, with the store opened once per
 * container and reused by every invocation it serves.
 */
import { readArchiveFile } from './archiveFile';
import { readConfig } from './config';
import { createNodesHandler } from './nodesHandler';
import { createMemoryStore } from './storage/memoryStore';
import type { NodeStore } from './storage/nodeStore';
import { StoreOpenError } from './storage/nodeStore';

/** The parts of an HTTP API v2 / function URL event the service reads. */
export interface HttpApiEvent {
  rawPath: string;
  headers?: Record<string, string | undefined>;
  requestContext: { http: { method: string } };
}

/** An HTTP API v2 / function URL result. */
export interface HttpApiResult {
  statusCode: number;
  headers: Record<string, string>;
  body: string;
  isBase64Encoded: boolean;
}

async function openStore(): Promise<NodeStore> {
  if (process.env.DATABASE_URL) {
    throw new StoreOpenError('DATABASE_URL is not supported yet; bundle ARCHIVE_FILE instead.');
  }
  // Relative to the function's folder (the working directory of a Lambda runtime).
  const { archiveFile } = readConfig(process.env);
  if (archiveFile === null) {
    throw new StoreOpenError(
      'ARCHIVE_FILE is not set: name the archive JSON bundled with the function.',
    );
  }
  return createMemoryStore(await readArchiveFile(archiveFile, process.env.ARCHIVE_FILE));
}

// Created at init so that a warm container keeps its store and its serialised, compressed list.
const nodes = createNodesHandler({ openStore, appOrigins: readConfig(process.env).appOrigins });

/** The Lambda entry point (`lambda.handler`). */
export async function handler(event: HttpApiEvent): Promise<HttpApiResult> {
  // A stage or a mount prefix (`/prod/nodes`, `/api/nodes`) leaves the service's own path.
  const path = /\/nodes\/?$/.test(event.rawPath) ? '/nodes' : event.rawPath;
  const response = await nodes.handle({
    method: event.requestContext.http.method,
    path,
    headers: event.headers ?? {},
  });
  const binary = typeof response.body !== 'string' && 'Content-Encoding' in response.headers;
  return {
    statusCode: response.status,
    headers: response.headers,
    body: binary ? response.body.toString('base64') : response.body.toString(),
    isBase64Encoded: binary,
  };
}
