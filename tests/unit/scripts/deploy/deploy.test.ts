import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { functionFiles } from '../../../../scripts/deploy/functionsFolder';
import { readDeployOptions } from '../../../../scripts/deploy/options';
import { siteFiles } from '../../../../scripts/deploy/siteUpload';
import { buildSettingsOf, readStackOutputs } from '../../../../scripts/deploy/stackOutputs';

let folder: string;
beforeAll(() => {
  folder = mkdtempSync(join(tmpdir(), 'globe-deploy-'));
});
afterAll(() => rmSync(folder, { recursive: true, force: true }));

function write(path: string, text = '') {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
}

describe('npm run deploy’s options', () => {
  it('takes the profile and the stack, and only the parameters given (the rest stay)', () => {
    expect(
      readDeployOptions(['--profile', 'archive', '--editors', 'alice,@example.org'], {}),
    ).toEqual({
      profile: 'archive',
      stack: 'globe-archive',
      archive: 'server/data/sample-archive.json',
      parameters: { EditorAllowList: 'alice,@example.org' },
      yes: false,
    });
    expect(readDeployOptions(['--stack', 'tornado-2025'], { AWS_PROFILE: 'prod' })).toMatchObject({
      profile: 'prod',
      stack: 'tornado-2025',
      parameters: {},
    });
    // An empty value is a value: it clears the allow-list.
    expect(readDeployOptions(['--profile', 'p', '--editors', ''], {}).parameters).toEqual({
      EditorAllowList: '',
    });
  });

  it('refuses a missing profile, a bad stack name and an unknown option', () => {
    expect(() => readDeployOptions([], {})).toThrow(/Name the AWS profile/);
    expect(() => readDeployOptions(['--profile', 'p', '--stack', 'a b'], {})).toThrow(
      /not a stack name/,
    );
    expect(() => readDeployOptions(['--profile', 'p', '--stack', '1st'], {})).toThrow(
      /not a stack name/,
    );
    expect(() => readDeployOptions(['--profile', 'p', '--region', 'x'], {})).toThrow(/region/);
  });
});

describe('the functions’ folder', () => {
  it('takes the two entries and the chunks they import, nothing else', () => {
    const dist = join(folder, 'dist-server');
    write(
      join(dist, 'lambda.js'),
      'import { a } from "./assets/a-1.js";\nawait import("./assets/pg-2.js");',
    );
    write(join(dist, 'loginLambda.js'), 'import "./assets/login-3.js";');
    write(join(dist, 'assets/a-1.js'), 'export { b } from "./shared-4.js";');
    write(join(dist, 'assets/pg-2.js'), '');
    write(join(dist, 'assets/login-3.js'), 'import { b } from "./shared-4.js";');
    write(join(dist, 'assets/shared-4.js'), 'import { createHash } from "node:crypto";');
    write(join(dist, 'main.js'), 'import "./assets/localIdentity-5.js";');
    write(join(dist, 'assets/localIdentity-5.js'), '');
    expect(functionFiles(dist)).toEqual([
      'assets/a-1.js',
      'assets/login-3.js',
      'assets/pg-2.js',
      'assets/shared-4.js',
      'lambda.js',
      'loginLambda.js',
    ]);
  });
});

describe('the app’s upload', () => {
  it('sends each file with the Node server’s type and caching, no source maps, index.html last', () => {
    const dist = join(folder, 'dist');
    for (const file of [
      'index.html',
      'assets/index-1a2b.js',
      'assets/index-1a2b.js.map',
      'map.webp',
      'sample/a.jpg',
      'robots-notes.txt',
    ]) {
      write(join(dist, file));
    }
    expect(
      siteFiles(dist).map(({ key, contentType, cacheControl }) => [key, contentType, cacheControl]),
    ).toEqual([
      [
        'assets/index-1a2b.js',
        'text/javascript; charset=utf-8',
        'public, max-age=31536000, immutable',
      ],
      ['map.webp', 'image/webp', 'public, max-age=86400'],
      ['robots-notes.txt', 'text/plain; charset=utf-8', 'no-cache'],
      ['sample/a.jpg', 'image/jpeg', 'public, max-age=86400'],
      ['index.html', 'text/html; charset=utf-8', 'no-cache'],
    ]);
  });
});

describe('the stack’s outputs as the app’s settings', () => {
  it('maps each output to its VITE_ setting; none before the first deploy', () => {
    expect(buildSettingsOf(null)).toEqual({});
    expect(
      buildSettingsOf({
        NodesUrl: 'https://a1.execute-api.eu-west-1.amazonaws.com/nodes',
        LoginFunctionUrl: 'https://a1.execute-api.eu-west-1.amazonaws.com',
        CognitoRegion: 'eu-west-1',
        CognitoUserPoolId: 'eu-west-1_AbC',
        CognitoClientId: 'client',
        SiteUrl: 'https://d1.cloudfront.net',
      }),
    ).toEqual({
      VITE_NODES_URL: 'https://a1.execute-api.eu-west-1.amazonaws.com/nodes',
      VITE_LOGIN_FUNCTION_URL: 'https://a1.execute-api.eu-west-1.amazonaws.com',
      VITE_COGNITO_REGION: 'eu-west-1',
      VITE_COGNITO_USER_POOL_ID: 'eu-west-1_AbC',
      VITE_COGNITO_CLIENT_ID: 'client',
    });
  });
});

describe('a profile that cannot reach AWS', () => {
  it('is named, with what to do, before anything is built', async () => {
    const empty = join(folder, 'empty-aws-file');
    write(empty);
    vi.stubEnv('AWS_PROFILE', 'nosuch');
    vi.stubEnv('AWS_CONFIG_FILE', empty);
    vi.stubEnv('AWS_SHARED_CREDENTIALS_FILE', empty);
    vi.stubEnv('AWS_REGION', '');
    vi.stubEnv('AWS_DEFAULT_REGION', '');
    try {
      await expect(readStackOutputs('globe-archive', 'nosuch')).rejects.toThrow(
        /^AWS could not be asked about the stack globe-archive with the profile "nosuch": .+ Set the profile up \(aws configure sso --profile nosuch/,
      );
    } finally {
      vi.unstubAllEnvs();
    }
  });
});
