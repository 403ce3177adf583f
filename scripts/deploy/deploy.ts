/**
 * `npm run deploy -- --profile NAME [--stack globe-archive] …`: builds the functions and the app,
 * deploys the stack (infra/) with the AWS CDK into the profile's account and region, rebuilds the
 * app with the stack's outputs when they changed, and uploads it. Run it again to release; a
 * failed stack update is rolled back by CloudFormation, and the app already online stays.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadEnv } from 'vite';
import { inlineScriptHashes } from '../../server/app/firstPaintPage';
import { cdk, ROOT, vite } from './commands';
import { assembleFunctions } from './functionsFolder';
import { readDeployOptions, USAGE } from './options';
import { uploadSite } from './siteUpload';
import { buildSettingsOf, readStackOutputs, type StackOutputs } from './stackOutputs';

function buildApp(settings: Record<string, string>): string[] {
  console.info(
    `Building the app with ${Object.keys(settings).join(', ') || 'no stack settings yet'}`,
  );
  vite(['build'], settings);
  return inlineScriptHashes(readFileSync(join(ROOT, 'dist', 'index.html'), 'utf8'));
}

function same(a: Record<string, string>, b: Record<string, string>): boolean {
  return JSON.stringify(Object.entries(a).sort()) === JSON.stringify(Object.entries(b).sort());
}

async function main(): Promise<void> {
  const options = readDeployOptions(process.argv.slice(2));
  // The SDK and the CDK's CLI both take the account, the region and the keys from the profile.
  process.env.AWS_PROFILE = options.profile;
  const workDir = join(ROOT, '.deploy', options.stack);
  mkdirSync(workDir, { recursive: true });

  // Asked first, so a profile that cannot reach AWS is said before anything is built. The app
  // names the stack's API and pool; before the first deploy it is built without them, and rebuilt
  // below. Its inline scripts' hashes go into the site's Content-Security-Policy.
  const before = buildSettingsOf(await readStackOutputs(options.stack, options.profile));

  console.info('Building the functions');
  vite(['build', '--config', 'vite.server.config.ts']);
  const functionsDir = assembleFunctions(options.stack, options.archive);
  const hashes = buildApp(before);

  // What the build reads besides the stack's settings (.env and the environment, as Vite reads them).
  const built = loadEnv('production', ROOT, 'VITE_');
  const env = {
    GLOBE_STACK: options.stack,
    GLOBE_FUNCTIONS_DIR: functionsDir,
    GLOBE_INDEX_HTML: join(ROOT, 'dist', 'index.html'),
    GLOBE_ANALYTICS: String(Boolean(built.VITE_GA_MEASUREMENT_ID?.trim())),
    VITE_COGNITO_AUTH_FLOW: built.VITE_COGNITO_AUTH_FLOW ?? '',
  };
  const outputsFile = join(workDir, 'outputs.json');
  cdk(['bootstrap', '--profile', options.profile], env);
  cdk(
    [
      'deploy',
      options.stack,
      '--profile',
      options.profile,
      '--require-approval',
      'never',
      '--outputs-file',
      outputsFile,
      ...Object.entries(options.parameters).flatMap(([name, value]) => [
        '--parameters',
        `${name}=${value}`,
      ]),
    ],
    env,
  );
  const outputs = (JSON.parse(readFileSync(outputsFile, 'utf8')) as Record<string, StackOutputs>)[
    options.stack
  ];
  if (!outputs) throw new Error(`${outputsFile} has no outputs for ${options.stack}.`);

  const after = buildSettingsOf(outputs);
  if (!same(before, after)) {
    const rebuilt = buildApp(after);
    if (rebuilt.join(' ') !== hashes.join(' ')) {
      throw new Error(
        "The app's inline scripts changed between its two builds, so the site's policy would " +
          'refuse them; run npm run deploy again (it builds once with the settings it now knows).',
      );
    }
  }
  const { AppBucket: bucket, DistributionId: distribution, SiteUrl: site } = outputs;
  if (!bucket || !distribution || !site) throw new Error('The stack named no bucket or site.');
  const count = await uploadSite(join(ROOT, 'dist'), bucket, distribution);
  console.info(`\nUploaded ${count} files of the app.\n`);
  console.info(`The archive: ${site}`);
  for (const [setting, value] of Object.entries(after)) console.info(`  ${setting}=${value}`);
  console.info(
    `Photos: s3://${outputs.UploadsBucket ?? '?'}/uploads/; editors: EDITOR_ALLOWLIST ` +
      `(npm run deploy -- --editors …).`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  // An unknown or malformed option (node:util's parseArgs): say what the options are.
  if (String((error as { code?: unknown }).code).startsWith('ERR_PARSE_ARGS')) console.error(USAGE);
  process.exitCode = 1;
});
