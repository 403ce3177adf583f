/**
 * The /login auth function as an AWS Lambda function behind an API Gateway HTTP API (payload
 * format 2.0) or a Lambda function URL, deployed like the nodes-service (`loginLambda.handler`):
 * the same handler as the local server, with the pool's signing keys cached per container.
 */
import '../support/serverLanguage';
import { Hono } from 'hono';
import { reply, type AppEnv } from '../app/appEnv';
import { ConfigError } from '../config/serverConfig';
import {
  createApiGatewayHandler,
  type ApiGatewayResult,
  type HttpApiEvent,
} from './apiGatewayEvent';
import { createCognitoGroups } from '../login/cognitoGroups';
import { readLoginConfig } from '../config/loginConfig';
import { createLoginApp } from '../routes/login';

/** The parts of an HTTP API v2 / function URL event /login reads: those of /nodes, and the body. */
export interface LoginHttpApiEvent extends HttpApiEvent {
  body?: string;
  isBase64Encoded?: boolean;
}

/**
 * Builds the application from the environment, or one that says what to configure. A broken
 * configuration answers 503 with the reason instead of failing the container's init, so the reason
 * shows in the response as well as in the log.
 */
function setUp(): Hono<AppEnv> {
  let reason: string;
  try {
    const config = readLoginConfig(process.env);
    if (config !== null) {
      return createLoginApp({
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
    }
    reason = 'The /login function is off: LOGIN_USER_POOL_ID is not set.';
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    reason = error.message;
  }
  console.error(`login: ${reason}`);
  return new Hono<AppEnv>().all('*', () => reply(503, { error: reason }));
}

// Created at init so that a warm container keeps its JWKS cache and its SDK client; a stage or a
// mount prefix (`/prod/login`, `/api/login`) leaves the function's own path.
const login = createApiGatewayHandler(setUp());

/** The Lambda entry point (`loginLambda.handler`). */
export function handler(event: LoginHttpApiEvent): Promise<ApiGatewayResult> {
  return login(event);
}
