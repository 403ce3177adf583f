/**
 * `npm run destroy -- --profile NAME [--stack globe-archive] --yes`: tears the stack down. The app's
 * files are deleted first (CloudFormation deletes no bucket that holds anything); the photos'
 * bucket and the user pool are the archive's data and stay, named at the end, to be deleted by
 * hand once nobody needs them.
 */
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DeleteObjectsCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { cdk } from './commands';
import { readDeployOptions, USAGE } from './options';
import { readStackOutputs } from './stackOutputs';

async function emptyBucket(bucket: string): Promise<number> {
  const s3 = new S3Client({});
  let deleted = 0;
  for (;;) {
    const page = await s3.send(new ListObjectsV2Command({ Bucket: bucket, MaxKeys: 1000 }));
    const keys = (page.Contents ?? []).flatMap((o) => (o.Key ? [{ Key: o.Key }] : []));
    if (keys.length === 0) return deleted;
    await s3.send(new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: keys } }));
    deleted += keys.length;
  }
}

async function main(): Promise<void> {
  const options = readDeployOptions(process.argv.slice(2));
  process.env.AWS_PROFILE = options.profile;
  const outputs = await readStackOutputs(options.stack, options.profile);
  if (outputs === null) throw new Error(`There is no stack ${options.stack} to tear down.`);
  if (!options.yes) {
    throw new Error(
      `This deletes ${options.stack}: the site at ${outputs.SiteUrl ?? '?'}, its functions and ` +
        'its API. Photos and accounts stay. Run again with --yes to go ahead.',
    );
  }
  if (outputs.AppBucket) {
    console.info(`Deleted ${await emptyBucket(outputs.AppBucket)} files of the app.`);
  }
  // The CDK's CLI synthesises the app to find the stack: it needs no real build for that.
  const stub = mkdtempSync(join(tmpdir(), 'globe-destroy-'));
  mkdirSync(join(stub, 'functions'));
  writeFileSync(join(stub, 'index.html'), '<script>/* destroy */</script>');
  cdk(['destroy', options.stack, '--profile', options.profile, '--force'], {
    GLOBE_STACK: options.stack,
    GLOBE_FUNCTIONS_DIR: join(stub, 'functions'),
    GLOBE_INDEX_HTML: join(stub, 'index.html'),
  });
  console.info(
    `\n${options.stack} is torn down. Kept, with the archive's data:\n` +
      `  photos: s3://${outputs.UploadsBucket ?? '?'} (aws s3 rb s3://… --force to delete)\n` +
      `  accounts: user pool ${outputs.CognitoUserPoolId ?? '?'} ` +
      '(aws cognito-idp delete-user-pool --user-pool-id … to delete)\n' +
      '  the database: yours, untouched.',
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  // An unknown or malformed option (node:util's parseArgs): say what the options are.
  if (String((error as { code?: unknown }).code).startsWith('ERR_PARSE_ARGS')) console.error(USAGE);
  process.exitCode = 1;
});
