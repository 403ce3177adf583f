/**
 * The service's three functions from one folder (the nodes-service, its hourly sweep, /login),
 * each with a role of its own that allows exactly the calls its code makes: no managed policy, no
 * wildcard action, no wildcard resource.
 */
import { Duration, RemovalPolicy, type CfnCondition, type CfnParameter } from 'aws-cdk-lib';
import * as events from 'aws-cdk-lib/aws-events';
import * as targets from 'aws-cdk-lib/aws-events-targets';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import type { Construct } from 'constructs';
import type { Accounts } from './accounts';
import { ARCHIVE_IN_FUNCTIONS, UPLOADS_PREFIX } from './settings';

export interface FunctionsProps {
  functionsDir: string;
  accounts: Accounts;
  uploads: s3.IBucket;
  /** `https://{the distribution's domain}`: the app's origin, the site's and the photos'. */
  siteOrigin: string;
  databaseSecretArn: CfnParameter;
  /** Whether `databaseSecretArn` names a secret. */
  hasDatabase: CfnCondition;
  editorAllowList: CfnParameter;
  adminEmail: CfnParameter;
}

export interface Functions {
  nodes: lambda.Function;
  login: lambda.Function;
  sweep: lambda.Function;
}

/** A function's log group, kept three months, and its role allowed to write there alone. */
function roleWithLogs(scope: Construct, id: string): { role: iam.Role; logGroup: logs.LogGroup } {
  const logGroup = new logs.LogGroup(scope, `${id}Logs`, {
    retention: logs.RetentionDays.THREE_MONTHS,
    removalPolicy: RemovalPolicy.DESTROY,
  });
  const role = new iam.Role(scope, `${id}Role`, {
    assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
  });
  role.addToPolicy(
    new iam.PolicyStatement({
      actions: ['logs:CreateLogStream', 'logs:PutLogEvents'],
      resources: [logGroup.logGroupArn],
    }),
  );
  return { role, logGroup };
}

/** What the nodes-service and the sweep do to photos: put, read, copy (publish) and delete. */
function uploadsStatements(uploads: s3.IBucket): iam.PolicyStatement[] {
  return [
    new iam.PolicyStatement({
      actions: ['s3:PutObject', 's3:GetObject', 's3:DeleteObject'],
      resources: [uploads.arnForObjects(`${UPLOADS_PREFIX}*`)],
    }),
    // Without it S3 answers a missing photo 403 instead of 404, which the service reads as a fault.
    new iam.PolicyStatement({
      actions: ['s3:ListBucket'],
      resources: [uploads.bucketArn],
      conditions: { StringLike: { 's3:prefix': [`${UPLOADS_PREFIX}*`] } },
    }),
  ];
}

export function createFunctions(scope: Construct, props: FunctionsProps): Functions {
  const { accounts, uploads, siteOrigin } = props;
  const code = lambda.Code.fromAsset(props.functionsDir);
  const common = {
    code,
    runtime: lambda.Runtime.NODEJS_22_X,
    architecture: lambda.Architecture.ARM_64,
  };
  const pool = {
    LOGIN_USER_POOL_ID: accounts.pool.userPoolId,
    LOGIN_CLIENT_ID: accounts.client.userPoolClientId,
  };
  const service = {
    ...pool,
    ARCHIVE_FILE: ARCHIVE_IN_FUNCTIONS,
    DATABASE_URL_SECRET_ARN: props.databaseSecretArn.valueAsString,
    UPLOADS_BUCKET: uploads.bucketName,
    UPLOADS_PUBLIC_URL: siteOrigin,
    UPLOADS_PREFIX,
    APP_ORIGIN: siteOrigin,
    SITE_URL: siteOrigin,
    ADMIN_EMAIL: props.adminEmail.valueAsString,
    // An RDS or Aurora database's certificate is signed by Amazon's CA, which Node does not know.
    NODE_EXTRA_CA_CERTS: '/var/runtime/ca-cert.pem',
  };

  const nodesAccess = roleWithLogs(scope, 'Nodes');
  for (const statement of uploadsStatements(uploads)) nodesAccess.role.addToPolicy(statement);
  // Every editor's token is checked with the pool at most 30 seconds apart.
  nodesAccess.role.addToPolicy(
    new iam.PolicyStatement({
      actions: ['cognito-idp:AdminListGroupsForUser'],
      resources: [accounts.pool.userPoolArn],
    }),
  );
  const nodes = new lambda.Function(scope, 'Nodes', {
    ...common,
    description: 'Globe Archive nodes-service: the archive, editors’ writes, uploads and forms.',
    handler: 'lambda.handler',
    role: nodesAccess.role,
    logGroup: nodesAccess.logGroup,
    // sharp re-encodes photos up to 10 MB; API Gateway gives up after 30 s.
    memorySize: 1024,
    timeout: Duration.seconds(29),
    environment: service,
  });

  const sweepAccess = roleWithLogs(scope, 'Sweep');
  for (const statement of uploadsStatements(uploads)) sweepAccess.role.addToPolicy(statement);
  const sweep = new lambda.Function(scope, 'Sweep', {
    ...common,
    description: 'Globe Archive: deletes visitors’ uploads past keeping, hourly.',
    handler: 'lambda.sweepUploads',
    role: sweepAccess.role,
    logGroup: sweepAccess.logGroup,
    memorySize: 512,
    timeout: Duration.minutes(5),
    environment: service,
  });
  new events.Rule(scope, 'SweepHourly', {
    description: 'Sweeps visitors’ uploads nobody will publish.',
    schedule: events.Schedule.rate(Duration.hours(1)),
    targets: [new targets.LambdaFunction(sweep, { retryAttempts: 0 })],
  });

  // The database's URL is read from its secret by these two functions alone, when one is named.
  const secretAccess = new iam.Policy(scope, 'DatabaseSecretAccess', {
    statements: [
      new iam.PolicyStatement({
        actions: ['secretsmanager:GetSecretValue'],
        resources: [props.databaseSecretArn.valueAsString],
      }),
    ],
    roles: [nodesAccess.role, sweepAccess.role],
  });
  (secretAccess.node.defaultChild as iam.CfnPolicy).cfnOptions.condition = props.hasDatabase;

  const loginAccess = roleWithLogs(scope, 'Login');
  loginAccess.role.addToPolicy(
    new iam.PolicyStatement({
      actions: ['cognito-idp:AdminAddUserToGroup'],
      resources: [accounts.pool.userPoolArn],
    }),
  );
  const login = new lambda.Function(scope, 'Login', {
    ...common,
    description: 'Globe Archive /login: puts allow-listed users in the editor group.',
    handler: 'loginLambda.handler',
    role: loginAccess.role,
    logGroup: loginAccess.logGroup,
    memorySize: 256,
    timeout: Duration.seconds(10),
    environment: {
      ...pool,
      EDITOR_ALLOWLIST: props.editorAllowList.valueAsString,
      APP_ORIGIN: siteOrigin,
    },
  });
  return { nodes, login, sweep };
}
