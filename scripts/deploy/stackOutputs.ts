/** A deployed stack's outputs, read with the deployer's profile (none when it is not deployed). */
import { CloudFormationClient, DescribeStacksCommand } from '@aws-sdk/client-cloudformation';
import { BUILD_SETTINGS } from '../../infra/globeArchiveStack';

export type StackOutputs = Record<string, string>;

/** The stack's outputs by key; null when there is no such stack yet. */
export async function readStackOutputs(stack: string): Promise<StackOutputs | null> {
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
    throw error;
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
