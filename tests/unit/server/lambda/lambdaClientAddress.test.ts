/**
 * The Lambda function's rate limits count clients by API Gateway's source IP, in both payload
 * formats: never by X-Forwarded-For, which a client writes itself (TRUST_PROXY has no say here).
 */
import { describe, expect, it } from 'vitest';
import { FORMS_PER_MINUTE } from '@/lib/submissionSchema';
import {
  createApiGatewayHandler,
  type ApiGatewayEvent,
} from '../../../../server/lambda/apiGatewayEvent';
import { createNodesHandler } from '../../../../server/nodesHandler';
import { createMemoryStore } from '../../../../server/storage/memoryStore';
import { CONTACT_MESSAGE, VIDEO_SUBMISSION } from '../support/communityHarness';

function handler() {
  const store = createMemoryStore([]);
  return createApiGatewayHandler(
    createNodesHandler({ openStore: () => Promise.resolve(store), log: () => undefined }).app,
  );
}

type Post = (sourceIp: string, forwardedFor?: string) => ApiGatewayEvent;

/** A JSON POST to `path` as an HTTP API (2.0) event. */
function httpPost(path: string, body: unknown): Post {
  return (sourceIp, forwardedFor) => ({
    rawPath: `/prod${path}`,
    headers: {
      'content-type': 'application/json',
      ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}),
    },
    body: JSON.stringify(body),
    requestContext: { http: { method: 'POST', sourceIp }, stage: 'prod' },
  });
}

/** The same as a REST API (1.0) event. */
function restPost(path: string, body: unknown): Post {
  return (sourceIp, forwardedFor) => ({
    httpMethod: 'POST',
    path: `/api${path}`,
    headers: {
      'Content-Type': 'application/json',
      ...(forwardedFor ? { 'X-Forwarded-For': forwardedFor } : {}),
    },
    body: JSON.stringify(body),
    requestContext: { identity: { sourceIp } },
  });
}

describe('lambda rate limits', () => {
  it.each([
    ['POST /submissions, HTTP API', httpPost('/submissions', VIDEO_SUBMISSION)],
    ['POST /messages, HTTP API', httpPost('/messages', CONTACT_MESSAGE)],
    ['POST /submissions, REST API', restPost('/submissions', VIDEO_SUBMISSION)],
  ])("%s: count API Gateway's source IP, never X-Forwarded-For", async (_name, post) => {
    const handle = handler();
    for (let i = 0; i < FORMS_PER_MINUTE; i++) {
      // A fresh forged header every time must not buy a fresh limit.
      const result = await handle(post('203.0.113.5', `10.0.0.${i}`));
      expect(result.statusCode, result.body).toBe(201);
    }
    const refused = await handle(post('203.0.113.5', '10.9.9.9'));
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['Retry-After']).toMatch(/^\d+$/);
    expect((await handle(post('198.51.100.20'))).statusCode).toBe(201);
  });

  it('counts an IPv6 client by its /64, as the local server does', async () => {
    const handle = handler();
    const post = httpPost('/messages', CONTACT_MESSAGE);
    for (let i = 0; i < FORMS_PER_MINUTE; i++) {
      expect((await handle(post(`2001:db8:1:2::${i + 1}`))).statusCode).toBe(201);
    }
    expect((await handle(post('2001:db8:1:2::ff'))).statusCode).toBe(429);
  });
});
