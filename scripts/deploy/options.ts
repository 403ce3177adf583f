/**
 * What `npm run deploy` and `npm run destroy` are told: the AWS profile and the stack's name, and
 * the settings that become the template's parameters (kept from the last deploy when not given).
 */
import { parseArgs } from 'node:util';

export interface DeployOptions {
  /** The named AWS profile whose account and region receive the stack. */
  profile: string;
  /** The CloudFormation stack's name: one archive per stack. */
  stack: string;
  /** The archive JSON the functions carry (it seeds a new database). */
  archive: string;
  /** The template's parameters given this time; the others keep their deployed values. */
  parameters: Record<string, string>;
  /** `--yes`: tear down without asking (destroy). */
  yes: boolean;
}

export const USAGE = `Usage:
  npm run deploy -- --profile NAME [--stack globe-archive] [--database-secret ARN]
                    [--editors 'alice,@example.org'] [--admin-email ADDRESS] [--archive FILE]
  npm run destroy -- --profile NAME [--stack globe-archive] --yes`;

/** Stack names CloudFormation takes: a letter, then letters, digits and hyphens, 128 at most. */
const STACK_NAME = /^[A-Za-z][A-Za-z0-9-]{0,127}$/;

/** Reads the command line; `AWS_PROFILE` stands in for `--profile`. */
export function readDeployOptions(
  args: readonly string[],
  env: NodeJS.ProcessEnv = process.env,
): DeployOptions {
  const { values } = parseArgs({
    args: [...args],
    strict: true,
    options: {
      profile: { type: 'string' },
      stack: { type: 'string', default: 'globe-archive' },
      archive: { type: 'string', default: 'server/data/sample-archive.json' },
      'database-secret': { type: 'string' },
      editors: { type: 'string' },
      'admin-email': { type: 'string' },
      yes: { type: 'boolean', default: false },
    },
  });
  const profile = values.profile ?? env.AWS_PROFILE;
  if (!profile) throw new Error(`Name the AWS profile to deploy with.\n${USAGE}`);
  const stack = values.stack;
  if (!STACK_NAME.test(stack)) {
    throw new Error(`--stack: "${stack}" is not a stack name (a letter, then letters, digits, -).`);
  }
  const given: [string, string | undefined][] = [
    ['DatabaseUrlSecretArn', values['database-secret']],
    ['EditorAllowList', values.editors],
    ['AdminEmail', values['admin-email']],
  ];
  const parameters = Object.fromEntries(
    given.filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
  return { profile, stack, archive: values.archive, parameters, yes: values.yes };
}
