/**
 * The nodes-service as an AWS Lambda function behind API Gateway (a REST API or an HTTP API) or a
 * function URL: everything the local server serves under `/api` except `/login` (its own
 * function, `loginLambda.ts`). The handler, its store, its token keys and its compressed list are
 * made once per container and reused by every invocation it serves.
 *
 * - Store: `DATABASE_URL` (PostgreSQL, shared by every instance, so it takes writes and the
 *   community's inbox), else the bundled `ARCHIVE_FILE`, read-only (see `lambdaSetup.ts`).
 * - Editors: the pool of the /login function's `LOGIN_*`; without it the service is read-only.
 * - Photos: the S3 bucket of `UPLOADS_BUCKET`; without it `/uploads` answers 405. Visitors'
 *   uploads nobody will publish are swept now and then by later uploads; `sweepUploads` is a
 *   second entry point for a schedule that sweeps without waiting for one.
 */
import '../support/serverLanguage';
import { Hono } from 'hono';
import { reply, type AppEnv } from '../app/appEnv';
import { ConfigError } from '../config/serverConfig';
import {
  createApiGatewayHandler,
  type ApiGatewayEvent,
  type ApiGatewayHandler,
  type ApiGatewayResult,
} from './apiGatewayEvent';
import { readLambdaSetup } from './lambdaSetup';
import { createNodesHandler, type NodesHandler } from '../nodesHandler';
import type { SweepReport } from '../uploads/uploadSweep';

export type {
  ApiGatewayEvent,
  ApiGatewayResult,
  HttpApiEvent,
  RestApiEvent,
} from './apiGatewayEvent';

const log = (line: string) => console.error(line);

/**
 * Builds the handler from the environment. A wrong setting answers 503 with its reason instead
 * of failing the container's init (as the /login function does), so the reason shows in the
 * response as well as in the log, and nothing is left half-configured.
 */
async function setUp(): Promise<{ handle: ApiGatewayHandler; nodes: NodesHandler | null }> {
  try {
    const { options, summary } = await readLambdaSetup(process.env, log);
    log(summary);
    const nodes = createNodesHandler(options);
    // Opening the store starts during init; the first request waits for it rather than for a
    // connection it would only then begin. warmUp never rejects (a failure is logged).
    void nodes.warmUp();
    return { handle: createApiGatewayHandler(nodes.app, log), nodes };
  } catch (error) {
    const config = error instanceof ConfigError;
    log(`nodes-service: ${config ? error.message : String((error as Error).stack ?? error)}`);
    const message = config
      ? error.message
      : "The nodes-service could not start; the function's log says why.";
    const refusing = new Hono<AppEnv>().all('*', () => reply(503, { error: message }));
    return { handle: createApiGatewayHandler(refusing, log), nodes: null };
  }
}

// Started at init, so a warm container keeps everything it made (setUp never rejects).
const service = setUp();

/** The Lambda entry point (`lambda.handler`), for payload format 1.0 and 2.0 events alike. */
export async function handler(event: ApiGatewayEvent): Promise<ApiGatewayResult> {
  return (await service).handle(event);
}

/**
 * A second entry point (`lambda.sweepUploads`), for a schedule (an EventBridge rule, hourly):
 * deletes visitors' uploads past keeping, a bounded amount per call, and says what it did. Any
 * event is accepted and ignored.
 *
 * @throws when the function is misconfigured or its store cannot be read (the log says why).
 */
export async function sweepUploads(): Promise<SweepReport | { skipped: string }> {
  const { nodes } = await service;
  if (nodes === null)
    throw new Error("The nodes-service could not start; the function's log says why.");
  const report = await nodes.sweepUploads();
  if (report === null) return { skipped: 'no photo storage or no database: nothing to sweep' };
  log(`nodes-service: swept uploads: ${report.deleted} deleted, ${report.failed} failed.`);
  return report;
}
