/**
 * The deployment template, synthesised here without an AWS account: CloudFormation's own schemas
 * and rules (CDK's CloudFormation Validate, strict: a warning fails too), then the security
 * properties a deployer relies on, then each function's environment read by the code that reads
 * it at start.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Stack } from 'aws-cdk-lib';
import { App } from 'aws-cdk-lib';
import { Annotations, Match, Template } from 'aws-cdk-lib/assertions';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILD_SETTINGS, GlobeArchiveStack } from '../../../infra/globeArchiveStack';
import { readDeploySettings, type DeploySettings } from '../../../infra/settings';
import { APP_ROUTES, OAI_ROUTE } from '../../../infra/site';
import { readLoginConfig } from '../../../server/config/loginConfig';
import { readLambdaSetup } from '../../../server/lambda/lambdaSetup';

type Json = Record<string, unknown>;
type Statement = {
  Effect: string;
  Action: string | string[];
  Resource?: unknown;
  Principal?: unknown;
};

const ENV = { account: '123456789012', region: 'eu-west-1' };
let folder: string;
let settings: DeploySettings;

beforeAll(() => {
  folder = mkdtempSync(join(tmpdir(), 'globe-infra-'));
  const functionsDir = join(folder, 'functions');
  const indexHtml = join(folder, 'index.html');
  writeFileSync(indexHtml, '<script>first()</script><script type="module">second()</script>');
  mkdirSync(functionsDir);
  writeFileSync(join(functionsDir, 'lambda.js'), 'export const handler = () => null;');
  settings = readDeploySettings({ GLOBE_FUNCTIONS_DIR: functionsDir, GLOBE_INDEX_HTML: indexHtml });
});
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** Synthesises the stack as `cdk deploy` does, failing on any finding of CloudFormation Validate. */
function synth(change?: (stack: Stack) => void): Template {
  const app = new App({
    outdir: mkdtempSync(join(folder, 'cdk.out-')),
    context: {
      '@aws-cdk/core:validateAgainstDefaultRules': true,
      '@aws-cdk/core:strictCfnValidateErrors': true,
    },
  });
  const stack = new GlobeArchiveStack(app, 'globe-archive', settings, { env: ENV });
  change?.(stack);
  const template = Template.fromStack(stack);
  // The constructs' own warnings (a setting that has no effect, say) count as much as the rules'.
  Annotations.fromStack(stack).hasNoWarning('*', Match.anyValue());
  return template;
}

let template: Template;
beforeAll(() => {
  template = synth();
}, 60_000);

function resourcesOf(type: string): [string, Json][] {
  return Object.entries(template.findResources(type)) as [string, Json][];
}

function statementsOf(document: unknown): Statement[] {
  return ((document as { Statement?: Statement[] }).Statement ?? []) as Statement[];
}

/** Every Allow statement any role may act on: its inline policies and its attached ones. */
function roleStatements(t: Template): Statement[] {
  const policies = Object.values(t.findResources('AWS::IAM::Policy')) as Json[];
  const roles = Object.values(t.findResources('AWS::IAM::Role')) as Json[];
  return [
    ...policies.flatMap((p) => statementsOf((p.Properties as Json).PolicyDocument)),
    ...roles.flatMap((r) =>
      (((r.Properties as Json).Policies ?? []) as Json[]).flatMap((p) =>
        statementsOf(p.PolicyDocument),
      ),
    ),
  ].filter((s) => s.Effect === 'Allow');
}

const asList = (value: unknown): unknown[] => (Array.isArray(value) ? value : [value]);

describe('the template', () => {
  it('passes CloudFormation Validate, and it does catch a mistake', () => {
    expect(Object.keys(template.toJSON().Resources as Json).length).toBeGreaterThan(30);
    expect(() =>
      synth((stack) => {
        const bucket = stack.node.findChild('Uploads').node.defaultChild as s3.CfnBucket;
        bucket.addPropertyOverride('NotAProperty', true);
      }),
    ).toThrow(/NotAProperty: Additional properties are not allowed/);
  });

  it('keeps every bucket private: all public access blocked, TLS only', () => {
    const buckets = resourcesOf('AWS::S3::Bucket');
    expect(buckets).toHaveLength(2);
    for (const [, bucket] of buckets) {
      expect((bucket.Properties as Json).PublicAccessBlockConfiguration).toEqual({
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      });
    }
    for (const [, policy] of resourcesOf('AWS::S3::BucketPolicy')) {
      const statements = statementsOf((policy.Properties as Json).PolicyDocument);
      expect(statements).toContainEqual(
        expect.objectContaining({
          Effect: 'Deny',
          Condition: { Bool: { 'aws:SecureTransport': 'false' } },
        }),
      );
    }
  });

  it('lets only the site’s own distribution read a bucket, and never a waiting photo', () => {
    const distribution = resourcesOf('AWS::CloudFront::Distribution')[0]?.[0];
    expect(distribution).toMatch(/^Site/);
    for (const [, policy] of resourcesOf('AWS::S3::BucketPolicy')) {
      for (const statement of statementsOf((policy.Properties as Json).PolicyDocument)) {
        if (statement.Effect !== 'Allow') continue;
        expect(statement.Principal).toEqual({ Service: 'cloudfront.amazonaws.com' });
        expect(statement.Action).toBe('s3:GetObject');
        expect(JSON.stringify(statement)).toContain(`"Ref":"${distribution}"`);
      }
    }
    const uploads = resourcesOf('AWS::S3::BucketPolicy').find(([id]) => id.startsWith('Uploads'));
    expect(JSON.stringify(uploads?.[1])).toMatch(
      /"Action":"s3:GetObject","Effect":"Deny","Principal":\{"Service":"cloudfront.amazonaws.com"\},"Resource":\{"Fn::Join":\["",\[\{"Fn::GetAtt":\["Uploads\w+","Arn"\]\},"\/uploads\/pending\/\*"\]\]\}/,
    );
  });

  it('fails when a bucket becomes public', () => {
    const opened = synth((stack) => {
      const bucket = stack.node.findChild('AppFiles') as s3.Bucket;
      bucket.addToResourcePolicy(
        new iam.PolicyStatement({
          principals: [new iam.AnyPrincipal()],
          actions: ['s3:GetObject'],
          resources: [bucket.arnForObjects('*')],
        }),
      );
    });
    const readers = Object.values(opened.findResources('AWS::S3::BucketPolicy')).flatMap((p) =>
      statementsOf(((p as Json).Properties as Json).PolicyDocument)
        .filter((s) => s.Effect === 'Allow')
        .map((s) => s.Principal),
    );
    expect(readers).toContainEqual({ AWS: '*' });
  });

  it('gives no role a wildcard action or a wildcard resource', () => {
    const statements = roleStatements(template);
    expect(statements.length).toBeGreaterThanOrEqual(8);
    for (const statement of statements) {
      for (const action of asList(statement.Action)) expect(String(action)).not.toContain('*');
      for (const resource of asList(statement.Resource)) expect(resource).not.toBe('*');
    }
    expect(
      resourcesOf('AWS::IAM::Role').flatMap(
        ([, r]) => (r.Properties as Json).ManagedPolicyArns ?? [],
      ),
    ).toEqual([]);
    // The check itself: a role given `s3:*` is seen.
    const widened = synth((stack) => {
      const role = stack.node.findChild('LoginRole') as iam.Role;
      role.addToPolicy(new iam.PolicyStatement({ actions: ['s3:*'], resources: ['*'] }));
    });
    expect(roleStatements(widened).flatMap((s) => asList(s.Action))).toContain('s3:*');
  });

  it('allows each function exactly the calls its code makes', () => {
    const actionsOf = (rolePrefix: string) =>
      Object.entries(template.findResources('AWS::IAM::Policy'))
        .filter(([id]) => id.startsWith(rolePrefix))
        .flatMap(([, p]) => statementsOf(((p as Json).Properties as Json).PolicyDocument))
        .flatMap((s) => asList(s.Action))
        .sort();
    const logs = ['logs:CreateLogStream', 'logs:PutLogEvents'];
    const photos = ['s3:DeleteObject', 's3:GetObject', 's3:ListBucket', 's3:PutObject'];
    expect(actionsOf('NodesRole')).toEqual(
      ['cognito-idp:AdminListGroupsForUser', ...logs, ...photos].sort(),
    );
    expect(actionsOf('SweepRole')).toEqual([...logs, ...photos].sort());
    expect(actionsOf('LoginRole')).toEqual(['cognito-idp:AdminAddUserToGroup', ...logs].sort());
    // The database's secret: its one ARN, and only when one is named.
    template.hasResource('AWS::IAM::Policy', {
      Condition: 'HasDatabase',
      Properties: {
        PolicyDocument: {
          Statement: [
            {
              Action: 'secretsmanager:GetSecretValue',
              Effect: 'Allow',
              Resource: { Ref: 'DatabaseUrlSecretArn' },
            },
          ],
        },
        Roles: [
          { Ref: Match.stringLikeRegexp('^NodesRole') },
          { Ref: Match.stringLikeRegexp('^SweepRole') },
        ],
      },
    });
  });

  it('sweeps hourly with the sweep’s own handler', () => {
    const sweep = resourcesOf('AWS::Lambda::Function').find(
      ([, f]) => (f.Properties as Json).Handler === 'lambda.sweepUploads',
    )?.[0];
    template.hasResourceProperties('AWS::Events::Rule', {
      ScheduleExpression: 'rate(1 hour)',
      Targets: [{ Arn: { 'Fn::GetAtt': [sweep, 'Arn'] } }],
    });
  });

  it('keeps old versions of the photos for 30 days, and of waiting photos for a day', () => {
    const [, uploads] =
      resourcesOf('AWS::S3::Bucket').find(([id]) => id.startsWith('Uploads')) ?? [];
    expect((uploads as Json).Properties).toMatchObject({
      VersioningConfiguration: { Status: 'Enabled' },
      LifecycleConfiguration: {
        Rules: [
          {
            Id: 'old-versions',
            Status: 'Enabled',
            NoncurrentVersionExpiration: { NoncurrentDays: 30 },
            ExpiredObjectDeleteMarker: true,
            AbortIncompleteMultipartUpload: { DaysAfterInitiation: 7 },
          },
          {
            Id: 'old-versions-of-waiting-photos',
            Status: 'Enabled',
            Prefix: 'uploads/pending/',
            NoncurrentVersionExpiration: { NoncurrentDays: 1 },
          },
        ],
      },
    });
    // The app's own files are rebuilt at every deploy: no versions to keep.
    const [, app] = resourcesOf('AWS::S3::Bucket').find(([id]) => id.startsWith('AppFiles')) ?? [];
    expect((app as Json).Properties).not.toHaveProperty('VersioningConfiguration');
  });

  it('serves the IIIF tiles and manifests to any site: CORS on /uploads/* and /iiif/*', () => {
    const [, distribution] = resourcesOf('AWS::CloudFront::Distribution')[0] ?? [];
    const config = (distribution as Json).Properties as Json;
    const behaviors = (config.DistributionConfig as Json).CacheBehaviors as Json[];
    const byPath = new Map(behaviors.map((b) => [b.PathPattern as string, b]));
    const policies = Object.fromEntries(
      resourcesOf('AWS::CloudFront::ResponseHeadersPolicy').map(([id, policy]) => [id, policy]),
    );
    const corsOf = (path: string) => {
      const ref = (byPath.get(path)?.ResponseHeadersPolicyId as { Ref?: string } | undefined)?.Ref;
      const policy = ref === undefined ? undefined : (policies[ref] as Json | undefined);
      return ((policy?.Properties as Json | undefined)?.ResponseHeadersPolicyConfig as Json)
        ?.CorsConfig as Json | undefined;
    };
    for (const path of ['/uploads/*', '/iiif/*']) {
      expect(corsOf(path), path).toMatchObject({
        AccessControlAllowOrigins: { Items: ['*'] },
        AccessControlAllowMethods: { Items: ['GET', 'HEAD'] },
      });
    }
    // The manifests come from the function, as the sitemap does.
    expect(byPath.get('/iiif/*')?.TargetOriginId).toBe(byPath.get('/sitemap.xml')?.TargetOriginId);
  });

  it("answers OAI-PMH at Identify's base URL, {SITE_URL}/api/oai, from the function, uncached", () => {
    const [, distribution] = resourcesOf('AWS::CloudFront::Distribution')[0] ?? [];
    const config = (distribution as Json).Properties as Json;
    const behaviors = (config.DistributionConfig as Json).CacheBehaviors as Json[];
    const oai = behaviors.find((b) => b.PathPattern === '/api/oai');
    const sitemap = behaviors.find((b) => b.PathPattern === '/sitemap.xml');
    expect(oai?.TargetOriginId).toBe(sitemap?.TargetOriginId);
    // POST too (OAI-PMH allows its arguments as a form), and each answer its own.
    expect(oai?.AllowedMethods).toEqual(expect.arrayContaining(['GET', 'HEAD', 'POST']));
    expect(oai?.CachePolicyId).toBe('4135ea2d-6df8-44a3-9df3-4b5a84be39ad'); // CachingDisabled
    // Only that address: nothing else under /api/ reaches the function through the site.
    expect(behaviors.filter((b) => String(b.PathPattern).startsWith('/api'))).toHaveLength(1);
    const handler = new Function(`${OAI_ROUTE}\nreturn handler;`)() as (event: {
      request: { uri: string; querystring: Json };
    }) => { uri: string; querystring: Json };
    const query = { verb: { value: 'ListRecords' }, metadataPrefix: { value: 'oai_dc' } };
    expect(handler({ request: { uri: '/api/oai', querystring: query } })).toEqual({
      uri: '/oai',
      querystring: query,
    });
  });

  it('makes the pool the app signs in with: SRP, no client secret, the editor group', () => {
    template.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      GenerateSecret: false,
      ExplicitAuthFlows: ['ALLOW_USER_SRP_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
      PreventUserExistenceErrors: 'ENABLED',
      EnableTokenRevocation: true,
    });
    template.hasResourceProperties('AWS::Cognito::UserPoolGroup', { GroupName: 'editor' });
    template.hasResource('AWS::Cognito::UserPool', { DeletionPolicy: 'Retain' });
    template.hasResource('AWS::S3::Bucket', { DeletionPolicy: 'Retain' });
  });

  it('sends the site’s pages with the app’s Content-Security-Policy and its scripts’ hashes', () => {
    const policy = JSON.stringify(template.findResources('AWS::CloudFront::ResponseHeadersPolicy'));
    for (const hash of settings.scriptHashes) expect(policy).toContain(hash);
    expect(policy).toContain("object-src 'none'");
    expect(policy).toContain('https://cognito-idp.eu-west-1.amazonaws.com');
  });

  it('allows the password flow only where the app is built with it, and refuses CUSTOM_AUTH', () => {
    const passwordSettings = readDeploySettings({
      GLOBE_FUNCTIONS_DIR: settings.functionsDir,
      GLOBE_INDEX_HTML: join(folder, 'index.html'),
      VITE_COGNITO_AUTH_FLOW: 'USER_PASSWORD_AUTH',
    });
    const app = new App({ outdir: mkdtempSync(join(folder, 'cdk.out-')) });
    Template.fromStack(
      new GlobeArchiveStack(app, 'password', passwordSettings, { env: ENV }),
    ).hasResourceProperties('AWS::Cognito::UserPoolClient', {
      ExplicitAuthFlows: [
        'ALLOW_USER_PASSWORD_AUTH',
        'ALLOW_USER_SRP_AUTH',
        'ALLOW_REFRESH_TOKEN_AUTH',
      ],
    });
    expect(() =>
      readDeploySettings({
        GLOBE_FUNCTIONS_DIR: settings.functionsDir,
        GLOBE_INDEX_HTML: join(folder, 'index.html'),
        VITE_COGNITO_AUTH_FLOW: 'CUSTOM_AUTH',
      }),
    ).toThrow(/CUSTOM_AUTH needs the pool’s challenge functions/);
  });

  it('outputs every setting the app is built with', () => {
    const outputs = template.toJSON().Outputs as Record<string, { Description?: string }>;
    for (const [setting, output] of Object.entries(BUILD_SETTINGS)) {
      expect(outputs[output]?.Description).toBe(setting);
    }
  });
});

describe('the site’s routes', () => {
  // The CloudFront function, run as CloudFront runs it: on the viewer's request.
  type Request = {
    uri: string;
    headers?: Record<string, { value: string }>;
    cookies?: Record<string, { value: string }>;
    querystring?: Record<string, { value: string; multiValue?: { value: string }[] }>;
  };
  type Answer = Request & { statusCode?: number; headers?: Record<string, { value: string }> };
  const handler = new Function(`${APP_ROUTES}\nreturn handler;`)() as (event: {
    request: Request;
  }) => Answer;
  const served = (uri: string) => handler({ request: { uri, headers: {}, cookies: {} } }).uri;

  it('answers the app’s routes with index.html and a file with itself', () => {
    for (const route of ['/', '/video/clip-1', '/gallery/oak', '/editor/items/new', '/about/']) {
      expect(served(route), route).toBe('/index.html');
    }
    for (const file of ['/assets/index-1a2b.js', '/map.webp', '/sample/a.jpg', '/favicon.svg']) {
      expect(served(file), file).toBe(file);
    }
  });

  it("answers a language's routes with its own first paint (issue 49)", () => {
    expect(served('/es/')).toBe('/es/index.html');
    expect(served('/es')).toBe('/es/index.html');
    expect(served('/bs/video/clip-1')).toBe('/bs/index.html');
    expect(served('/en/editor/items')).toBe('/en/index.html');
    expect(served('/essays')).toBe('/index.html');
    expect(served('/es/assets/x.js')).toBe('/es/assets/x.js');
  });

  it("sends a route without a prefix to the visitor's language, as the Node server does", () => {
    const answer = (headers: Record<string, string>, cookies: Record<string, string> = {}) =>
      handler({
        request: {
          uri: '/video/clip-1',
          headers: Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, { value: v }])),
          cookies: Object.fromEntries(Object.entries(cookies).map(([k, v]) => [k, { value: v }])),
          querystring: {
            skipIntro: { value: 'true' },
            q: { value: 'roof', multiValue: [{ value: 'roof' }, { value: 'tree' }] },
          },
        },
      });
    const spanish = answer({ 'accept-language': 'es-MX,es;q=0.9,en;q=0.8' });
    expect(spanish.statusCode).toBe(302);
    expect(spanish.headers?.location?.value).toBe('/es/video/clip-1?skipIntro=true&q=roof&q=tree');
    expect(answer({ 'accept-language': 'hr-HR' }).headers?.location?.value).toMatch(/^\/bs\/video/);
    expect(answer({ 'accept-language': 'es' }, { lang: 'en' }).headers?.location?.value).toMatch(
      /^\/en\/video/,
    );
    for (const [headers, cookies] of [
      [{ 'accept-language': 'en-US,es;q=0.5' }, {}],
      [{ 'accept-language': 'es;q=2, fr' }, {}],
      [{}, { lang: '../evil' }],
      [{}, { lang: 'pseudo' }],
      [{}, {}],
    ] as const) {
      const english = answer(headers, cookies);
      expect(english.statusCode, JSON.stringify([headers, cookies])).toBeUndefined();
      expect(english.uri).toBe('/index.html');
    }
  });
});

/** A template value as CloudFormation would make it, with stand-ins for what AWS names. */
function resolve(value: unknown, resources: Json, parameters: Record<string, string>): string {
  if (typeof value === 'string') return value;
  const v = value as Json;
  if ('Ref' in v) {
    const name = String(v.Ref);
    if (name in parameters) return parameters[name] ?? '';
    if (name === 'AWS::URLSuffix') return 'amazonaws.com';
    const type = (resources[name] as Json | undefined)?.Type;
    const standIns: Record<string, string> = {
      'AWS::Cognito::UserPool': 'eu-west-1_AbCdEf123',
      'AWS::Cognito::UserPoolClient': '1example23456789abcdefghij',
      'AWS::S3::Bucket': `globe-archive-${name.toLowerCase()}`,
      'AWS::ApiGatewayV2::Api': 'a1b2c3d4e5',
    };
    const standIn = standIns[String(type)];
    if (standIn === undefined) throw new Error(`No stand-in for ${name} (${String(type)})`);
    return standIn;
  }
  if ('Fn::GetAtt' in v) {
    const [, attribute] = v['Fn::GetAtt'] as [string, string];
    if (attribute === 'DomainName') return 'd111111abcdef8.cloudfront.net';
    throw new Error(`No stand-in for ${JSON.stringify(v)}`);
  }
  if ('Fn::Join' in v) {
    const [separator, parts] = v['Fn::Join'] as [string, unknown[]];
    return parts.map((part) => resolve(part, resources, parameters)).join(separator);
  }
  throw new Error(`Cannot resolve ${JSON.stringify(v)}`);
}

function environmentOf(handler: string, parameters: Record<string, string>): NodeJS.ProcessEnv {
  const json = template.toJSON() as { Resources: Json };
  const [, fn] = resourcesOf('AWS::Lambda::Function').find(
    ([, f]) => (f.Properties as Json).Handler === handler,
  ) ?? ['', {}];
  const variables = (((fn.Properties as Json).Environment as Json).Variables ?? {}) as Json;
  return Object.fromEntries(
    Object.entries(variables).map(([name, value]) => [
      name,
      resolve(value, json.Resources, parameters),
    ]),
  );
}

describe('the functions’ environments, read by the code that reads them at start', () => {
  const parameters = {
    DatabaseUrlSecretArn: 'arn:aws:secretsmanager:eu-west-1:123456789012:secret:globe-db-AbC123',
    EditorAllowList: 'alice,@example.org',
    AdminEmail: 'editors@example.org',
  };

  it.each(['lambda.handler', 'lambda.sweepUploads'])(
    '%s: the database, the editors’ pool and the photos, all configured',
    async (handler) => {
      const env = environmentOf(handler, parameters);
      const { summary, options } = await readLambdaSetup(
        env,
        () => undefined,
        async (arn) => {
          expect(arn).toBe(parameters.DatabaseUrlSecretArn);
          return 'postgres://archive:pw@db.example.org:5432/archive';
        },
      );
      expect(summary).toBe(
        'nodes-service: PostgreSQL, database "archive" on db.example.org:5432; ' +
          'editors of https://cognito-idp.eu-west-1.amazonaws.com/eu-west-1_AbCdEf123; ' +
          'photos to s3://globe-archive-uploads4f6eb0fd/uploads/ ' +
          '(read at https://d111111abcdef8.cloudfront.net).',
      );
      expect(options.appOrigins).toEqual(['https://d111111abcdef8.cloudfront.net']);
      expect(options.siteUrl?.()).toBe('https://d111111abcdef8.cloudfront.net');
      expect(options.adminEmail).toBe('editors@example.org');
    },
  );

  it('lambda.handler without a database: the bundled archive, read-only', async () => {
    const env = environmentOf('lambda.handler', { ...parameters, DatabaseUrlSecretArn: '' });
    const { summary } = await readLambdaSetup(
      env,
      () => undefined,
      async () => {
        throw new Error('no secret is named, so none is read');
      },
    );
    expect(summary).toMatch(/^nodes-service: archive\.json, in memory, read-only; editors of /);
  });

  it('loginLambda.handler: the pool, its client and the allow-list', () => {
    const config = readLoginConfig(environmentOf('loginLambda.handler', parameters));
    expect(config).toMatchObject({
      userPoolId: 'eu-west-1_AbCdEf123',
      clientId: '1example23456789abcdefghij',
      region: 'eu-west-1',
      allowList: ['alice', '@example.org'],
      appOrigins: ['https://d111111abcdef8.cloudfront.net'],
    });
  });
});
