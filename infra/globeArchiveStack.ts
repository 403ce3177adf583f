/**
 * Globe Archive on AWS, in one stack (`npm run deploy`): the app and the photos behind CloudFront,
 * the nodes-service and /login as Lambda functions behind an HTTP API, the hourly sweep, the
 * Cognito user pool with its `editor` group, and the database as an existing PostgreSQL whose URL
 * is kept in Secrets Manager. Its outputs are the settings the app is built with.
 */
import {
  CfnCondition,
  CfnOutput,
  CfnParameter,
  Duration,
  Fn,
  RemovalPolicy,
  Stack,
  type StackProps,
  Validations,
} from 'aws-cdk-lib';
import * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import * as s3 from 'aws-cdk-lib/aws-s3';
import type { Construct } from 'constructs';
import { SECRET_ARN } from '../server/lambda/databaseSecret';
import { createAccounts } from './accounts';
import { createFunctions } from './functions';
import type { DeploySettings } from './settings';
import { createSite } from './site';
import { UPLOADS_PREFIX } from './settings';

/** The stack's outputs by the app's build setting each one is. */
export const BUILD_SETTINGS = {
  VITE_NODES_URL: 'NodesUrl',
  VITE_LOGIN_FUNCTION_URL: 'LoginFunctionUrl',
  VITE_COGNITO_REGION: 'CognitoRegion',
  VITE_COGNITO_USER_POOL_ID: 'CognitoUserPoolId',
  VITE_COGNITO_CLIENT_ID: 'CognitoClientId',
} as const;

/** A private bucket: no public access of any kind, TLS only, encrypted at rest. */
function privateBucket(
  scope: Construct,
  id: string,
  removalPolicy: RemovalPolicy,
  more: s3.BucketProps = {},
): s3.Bucket {
  return new s3.Bucket(scope, id, {
    ...more,
    blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
    objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
    encryption: s3.BucketEncryption.S3_MANAGED,
    enforceSSL: true,
    removalPolicy,
  });
}

/** How long a replaced or deleted photo can still be brought back (S3 versioning), days. */
export const OLD_VERSION_DAYS = 30;
/** The same for a visitor's photo never published (expired, declined): kept private, not long. */
export const OLD_PENDING_VERSION_DAYS = 1;

/**
 * Versioning on the photos' bucket (issue 52): a photo deleted or overwritten by mistake, by a
 * bug or by a stolen key can be brought back for `OLD_VERSION_DAYS`, then goes for good (so a
 * photo taken down at its maker's request does not linger). A waiting photo's old versions go
 * after a day: a visitor's unpublished photo must not outlive its expiry by a month.
 */
const KEEP_OLD_VERSIONS: s3.BucketProps = {
  versioned: true,
  lifecycleRules: [
    {
      id: 'old-versions',
      noncurrentVersionExpiration: Duration.days(OLD_VERSION_DAYS),
      expiredObjectDeleteMarker: true,
      abortIncompleteMultipartUploadAfter: Duration.days(7),
    },
    {
      id: 'old-versions-of-waiting-photos',
      prefix: `${UPLOADS_PREFIX}pending/`,
      noncurrentVersionExpiration: Duration.days(OLD_PENDING_VERSION_DAYS),
    },
  ],
};

export class GlobeArchiveStack extends Stack {
  constructor(scope: Construct, id: string, settings: DeploySettings, props: StackProps = {}) {
    super(scope, id, {
      description: 'Globe Archive: the app, the nodes-service, /login, accounts and photos.',
      ...props,
    });

    const databaseSecretArn = new CfnParameter(this, 'DatabaseUrlSecretArn', {
      type: 'String',
      default: '',
      description:
        'The full ARN of a Secrets Manager secret holding the PostgreSQL URL (or an RDS ' +
        'secret’s JSON). Empty: the archive is served read-only from the bundled file.',
      // Empty, or an ARN as the function checks it at start.
      allowedPattern: `^$|${SECRET_ARN.source}`,
    });
    const editorAllowList = new CfnParameter(this, 'EditorAllowList', {
      type: 'String',
      default: '',
      description:
        'EDITOR_ALLOWLIST: usernames, or @domain for a verified e-mail’s domain, comma-separated, ' +
        'who become editors when they sign in. Empty: nobody does.',
    });
    const adminEmail = new CfnParameter(this, 'AdminEmail', {
      type: 'String',
      default: '',
      description: 'ADMIN_EMAIL: whom libraries harvesting the archive may write to.',
    });
    Validations.of(this).acknowledge({
      id: 'CloudFormation-Validate::W2509',
      reason: 'DatabaseUrlSecretArn names the secret; the URL it holds is never a parameter.',
    });
    const hasDatabase = new CfnCondition(this, 'HasDatabase', {
      expression: Fn.conditionNot(Fn.conditionEquals(databaseSecretArn.valueAsString, '')),
    });

    // The app is rebuilt from the repository at every deploy; photos are the archive's data.
    const appBucket = privateBucket(this, 'AppFiles', RemovalPolicy.DESTROY);
    const uploads = privateBucket(this, 'Uploads', RemovalPolicy.RETAIN, KEEP_OLD_VERSIONS);
    const accounts = createAccounts(this, settings.authFlow);

    // The API first, without routes: the site names it, and the functions name the site.
    const api = new apigw.HttpApi(this, 'Api', {
      description: 'Globe Archive: the nodes-service and /login.',
      createDefaultStage: false,
    });
    const apiDomain = `${api.apiId}.execute-api.${this.region}.${this.urlSuffix}`;
    const site = createSite(this, {
      app: appBucket,
      uploads,
      apiDomain,
      serviceOrigins: [`https://${apiDomain}`, `https://cognito-idp.${this.region}.amazonaws.com`],
      scriptHashes: settings.scriptHashes,
      analytics: settings.analytics,
    });
    const siteOrigin = `https://${site.distributionDomainName}`;

    const functions = createFunctions(this, {
      functionsDir: settings.functionsDir,
      accounts,
      uploads,
      siteOrigin,
      databaseSecretArn,
      hasDatabase,
      editorAllowList,
      adminEmail,
    });
    api.addRoutes({
      path: '/login',
      methods: [apigw.HttpMethod.ANY],
      integration: new HttpLambdaIntegration('LoginRoute', functions.login),
    });
    api.addRoutes({
      path: '/{proxy+}',
      methods: [apigw.HttpMethod.ANY],
      integration: new HttpLambdaIntegration('NodesRoute', functions.nodes),
    });
    // A client sending more than this is refused by API Gateway before any function runs.
    new apigw.HttpStage(this, 'ApiStage', {
      httpApi: api,
      stageName: '$default',
      autoDeploy: true,
      throttle: { rateLimit: 50, burstLimit: 100 },
    });
    const apiUrl = `https://${apiDomain}`;

    const outputs: Record<(typeof BUILD_SETTINGS)[keyof typeof BUILD_SETTINGS], string> = {
      NodesUrl: `${apiUrl}/nodes`,
      LoginFunctionUrl: apiUrl,
      CognitoRegion: this.region,
      CognitoUserPoolId: accounts.pool.userPoolId,
      CognitoClientId: accounts.client.userPoolClientId,
    };
    for (const [setting, output] of Object.entries(BUILD_SETTINGS)) {
      new CfnOutput(this, output, { value: outputs[output], description: setting });
    }
    new CfnOutput(this, 'SiteUrl', { value: siteOrigin, description: 'The archive’s address.' });
    new CfnOutput(this, 'DistributionId', { value: site.distributionId });
    new CfnOutput(this, 'AppBucket', { value: appBucket.bucketName });
    new CfnOutput(this, 'UploadsBucket', { value: uploads.bucketName });
    new CfnOutput(this, 'ApiUrl', { value: apiUrl });
  }
}
