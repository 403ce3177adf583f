/** A deployed stack's outputs, read with the deployer's profile (none when it is not deployed). */
import { CloudFormationClient, DescribeStacksCommand } from '@aws-sdk/client-cloudformation';
import { BUILD_SETTINGS } from '../../infra/globeArchiveStack';

export type StackOutputs = Record<string, string>;

/**
 * The stack's outputs by key; null when there is no such stack yet.
 *
 * @throws an error naming the profile when AWS cannot be asked with it (no such profile, no
 *   region, expired keys).
 */
export async function readStackOutputs(
  stack: string,
  profile: string,
): Promise<StackOutputs | null> {
  try {
    const answer = await new CloudFormationClient({}).send(
      new DescribeStacksCommand({ StackName: stack }),
    );
    const outputs = answer.Stacks?.[0]?.Outputs ?? [];
    return Object.fromEntries(
      outputs.flatMap((o) => (o.OutputKey && o.OutputValue ? [[o.OutputKey, o.OutputValue]] : [])),
    );
  } catch (error) {
    if (error instanceof Error && /does not exist/.test(error.message)) return null;
    const why = error instanceof Error ? error.message : String(error);
    throw new Error(
      `AWS could not be asked about the stack ${stack} with the profile "${profile}": ${why}. ` +
        `Set the profile up (aws configure sso --profile ${profile}, or keys and a region in ` +
        '~/.aws), or name another with --profile.',
      { cause: error },
    );
  }
}

/** The app's build settings (`VITE_*`) the outputs name; {} before the first deploy. */
export function buildSettingsOf(outputs: StackOutputs | null): Record<string, string> {
  if (outputs === null) return {};
  return Object.fromEntries(
    Object.entries(BUILD_SETTINGS).flatMap(([setting, key]) =>
      outputs[key] === undefined ? [] : [[setting, outputs[key]]],
    ),
  );
}
