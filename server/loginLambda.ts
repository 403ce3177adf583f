/**
 * The /login auth function as an AWS Lambda function behind an API Gateway HTTP API (payload
 * format 2.0) or a Lambda function URL, deployed like the nodes-service (`loginLambda.handler`):
 * the same handler as the local server, with the pool's signing keys cached per container.
 */
import { ConfigError } from './config';
import { noStoreJson } from './jsonReply';
import type { ApiGatewayResult, HttpApiEvent } from './lambda/apiGatewayEvent';
import type { ServiceResponse } from './serviceTypes';
import { createCognitoGroups } from './login/cognitoGroups';
import { readLoginConfig } from './login/loginConfig';
import { createLoginHandler, type LoginHandler } from './login/loginHandler';

/** The parts of an HTTP API v2 / function URL event /login reads: those of /nodes, and the body. */
export interface LoginHttpApiEvent extends HttpApiEvent {
  body?: string;
  isBase64Encoded?: boolean;
}

/**
 * Builds the handler from the environment, or says what to configure. A broken configuration
 * answers 503 with the reason instead of failing the container's init, so the reason shows in
 * the response as well as in the log.
 */
function setUp(): LoginHandler | string {
  try {
    const config = readLoginConfig(process.env);
    if (config === null) {
      return 'The /login function is off: LOGIN_USER_POOL_ID is not set.';
    }
    return createLoginHandler({
      issuer: config.issuer,
      clientId: config.clientId,
      keys: config.jwksUrl,
      allowList: config.allowList,
      usernamesCaseSensitive: config.usernamesCaseSensitive,
      appOrigins: config.appOrigins,
      groups: createCognitoGroups({
        region: config.region,
        userPoolId: config.userPoolId,
        endpoint: config.adminEndpoint,
      }),
    });
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    return error.message;
  }
}

// Created at init so that a warm container keeps its JWKS cache and its SDK client.
const login = setUp();
if (typeof login === 'string') console.error(`login: ${login}`);

function toResult(response: ServiceResponse): ApiGatewayResult {
  return {
    statusCode: response.status,
    headers: response.headers,
    body: response.body.toString(),
    isBase64Encoded: false,
  };
}

/** The Lambda entry point (`loginLambda.handler`). */
export async function handler(event: LoginHttpApiEvent): Promise<ApiGatewayResult> {
  if (typeof login === 'string') return toResult(noStoreJson(503, { error: login }));
  // A stage or a mount prefix (`/prod/login`, `/api/login`) leaves the function's own path.
  const path = /\/login\/?$/.test(event.rawPath) ? '/login' : event.rawPath;
  // API Gateway base64-encodes bodies it does not take for text; the handler wants the text.
  const body =
    event.body !== undefined && event.isBase64Encoded
      ? Buffer.from(event.body, 'base64').toString('utf8')
      : event.body;
  const response = await login({
    method: event.requestContext.http.method,
    path,
    headers: event.headers ?? {},
    body,
  });
  return toResult(response);
}
