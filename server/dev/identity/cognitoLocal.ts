import { randomBytes } from 'node:crypto';
import { createServer, type RequestListener, type Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import type { Config, UserPoolDefaults } from 'cognito-local/lib/server/config';
import type { Services } from 'cognito-local/lib/services';
import type { CognitoService } from 'cognito-local/lib/services/cognitoService';
import type { Context } from 'cognito-local/lib/services/context';
import type { MessageSender } from 'cognito-local/lib/services/messageDelivery/messageSender';
// Types only: pino is cognito-local's dependency, loaded below from cognito-local's folder.
import type { Logger, LoggerOptions } from 'pino';
import { guardUpstream, UPSTREAM_KEY_HEADER } from './upstreamGuard';
import type { InstallationSecrets } from './signingKey';
import { InstallationTokenGenerator } from './tokenGenerator';

/** How long open connections get when cognito-local stops. */
const CLOSE_GRACE_MS = 2000;

/** cognito-local running in this process, with its services at hand. */
export interface CognitoLocal {
  /**
   * Its base URL, `http://127.0.0.1:{port}`: the API (POST /) and the tokens' issuer domain. It
   * answers only requests that carry `frontHeaders` (the SRP front's) or the installation's admin
   * key id, and never a browser's (see `guardUpstream`).
   */
  url: string;
  /** The headers the front sends with every request it passes on. */
  frontHeaders: Readonly<Record<string, string>>;
  /** Its user pools, read and written directly (bootstrap, the SRP front's password lookups). */
  cognito: CognitoService;
  /** The context its services expect on every call. */
  ctx: Context;
  /** Stops listening and ends open connections. */
  close(): Promise<void>;
}

/** Settings for `runCognitoLocal`. */
export interface CognitoLocalOptions {
  /** Its data folder: `clients.json` and one `{poolId}.json` per user pool. */
  dataDir: string;
  /** The installation's signing key and admin key id (`loadInstallationSecrets`). */
  secrets: InstallationSecrets;
  /** Every code it sends (sign-up, forgotten password, attribute verification). */
  confirmationCode: string;
  /** Where its errors and the codes it "delivers" are reported. */
  log: (line: string) => void;
}

function listen(server: Server): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

/** A pino logger that reports errors only, as one line each, through `log`. */
function createLogger(log: (line: string) => void): Logger {
  // pino is cognito-local's dependency, not ours: resolve it from cognito-local's folder.
  const fromCognitoLocal = createRequire(
    createRequire(import.meta.url).resolve('cognito-local/package.json'),
  );
  const pino = fromCognitoLocal('pino') as (
    options: LoggerOptions,
    stream: { write(line: string): void },
  ) => Logger;
  // It warns on every Cognito error it answers (a wrong password is one): only its own failures
  // are worth a line in the server's output.
  return pino(
    { level: 'error', base: undefined },
    {
      write(line: string) {
        try {
          const entry = JSON.parse(line) as { msg?: string; err?: { message?: string } };
          log(`Identity (cognito-local): ${entry.msg ?? ''} ${entry.err?.message ?? ''}`.trim());
        } catch {
          log(`Identity (cognito-local): ${line.trim()}`);
        }
      },
    },
  );
}

/** cognito-local's modules, imported only when a local identity server starts. */
async function importCognitoLocal() {
  const [server, router, services, cognitoService, userPoolService, stormDb, delivery] =
    await Promise.all([
      import('cognito-local/lib/server/server.js'),
      import('cognito-local/lib/server/Router.js'),
      import('cognito-local/lib/services/index.js'),
      import('cognito-local/lib/services/cognitoService.js'),
      import('cognito-local/lib/services/userPoolService.js'),
      import('cognito-local/lib/services/dataStore/stormDb.js'),
      import('cognito-local/lib/services/messageDelivery/messageDelivery.js'),
    ]);
  return { server, router, services, cognitoService, userPoolService, stormDb, delivery };
}

/** Builds cognito-local's services and its Express application for the server at `url`. */
async function wire(url: string, port: number, options: CognitoLocalOptions) {
  const modules = await importCognitoLocal();
  const { services } = modules;
  const logger = createLogger(options.log);
  const ctx: Context = { logger };
  // Merged by cognito-local over Cognito's defaults for every pool it opens. Its own default
  // makes email the username (UsernameAttributes: ['email']); the archive's pool signs in by
  // username, and lodash's merge would keep 'email' from a default array, so [] is set here.
  const userPoolDefaults: UserPoolDefaults = { UsernameAttributes: [] };
  const config: Config = {
    LambdaClient: {},
    TriggerFunctions: {},
    UserPoolDefaults: userPoolDefaults,
    TokenConfig: { IssuerDomain: url },
    ServerConfig: { port, hostname: '127.0.0.1', development: false, https: false },
  };
  const clock = new services.DateClock();
  const dataStoreFactory = new modules.stormDb.StormDBDataStoreFactory(options.dataDir);
  const cognito = await new modules.cognitoService.CognitoServiceFactoryImpl(
    options.dataDir,
    dataStoreFactory,
    new modules.userPoolService.UserPoolServiceFactoryImpl(clock, dataStoreFactory),
  ).create(ctx, userPoolDefaults);
  // No trigger functions are configured, so the Lambda client and the KMS decryption that only
  // triggers use are never called.
  const triggers = new services.TriggersService(
    clock,
    cognito,
    new services.LambdaService({}, null as never),
    null as never,
  );
  const report: MessageSender['sendEmail'] = async (_ctx, user, destination, message) =>
    options.log(`Identity: code ${message.__code} for ${user.Username} (to ${destination}).`);
  const all: Services = {
    clock,
    cognito,
    config,
    messages: new services.MessagesService(
      triggers,
      new modules.delivery.MessageDeliveryService({ sendEmail: report, sendSms: report }),
    ),
    // Its default reads process.env.CODE on every call; a function of our own fixes the code
    // without touching this process's environment.
    otp: () => options.confirmationCode,
    // Not cognito-local's own generator, which signs with the key its package ships.
    tokenGenerator: new InstallationTokenGenerator(options.secrets, url),
    triggers,
  };
  const application = modules.server.createServer(
    modules.router.Router(all),
    logger,
    config.ServerConfig,
    all,
  ).application as RequestListener;
  return { cognito, ctx, application };
}

/**
 * Runs cognito-local in this process on 127.0.0.1 and a free port, wired as its own
 * `createDefaultServer` does but with our folder instead of `./.cognito`, our confirmation code,
 * tokens signed with the installation's key, no Lambda triggers (so neither the AWS SDK nor KMS is
 * loaded), a one-line log for the codes it would email, and a guard in front of its port. Loaded
 * with dynamic imports: cognito-local is a devDependency, and a server with `IDENTITY=off` never
 * reaches this module.
 */
export async function runCognitoLocal(options: CognitoLocalOptions): Promise<CognitoLocal> {
  // Listen first: the tokens' issuer names the port, and the token generator reads it at start.
  let application: RequestListener | null = null;
  const frontKey = randomBytes(32).toString('base64url');
  let port = 0;
  const server = createServer(
    guardUpstream({
      frontKey,
      adminKeyId: options.secrets.adminKeyId,
      port: () => port,
      next: (req, res) => {
        if (application) return application(req, res);
        res.writeHead(503).end();
      },
    }),
  );
  port = await listen(server);
  const url = `http://127.0.0.1:${port}`;
  let wired: Awaited<ReturnType<typeof wire>>;
  try {
    wired = await wire(url, port, options);
  } catch (error) {
    server.close();
    throw error;
  }
  application = wired.application;
  const { cognito, ctx } = wired;

  let closing: Promise<void> | null = null;
  return {
    url,
    frontHeaders: { [UPSTREAM_KEY_HEADER]: frontKey },
    cognito,
    ctx,
    close() {
      closing ??= new Promise<void>((resolve) => {
        const force = setTimeout(() => server.closeAllConnections(), CLOSE_GRACE_MS);
        server.close(() => {
          clearTimeout(force);
          resolve();
        });
        server.closeIdleConnections();
      });
      return closing;
    },
  };
}
