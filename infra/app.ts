/**
 * The CDK app `npm run deploy` synthesises (cdk.json names it): one Globe Archive stack, named by
 * `--stack` (`GLOBE_STACK`), in the account and region of the deployer's profile.
 */
import { App } from 'aws-cdk-lib';
import { GlobeArchiveStack } from './globeArchiveStack';
import { readDeploySettings } from './settings';

const app = new App();
new GlobeArchiveStack(
  app,
  process.env.GLOBE_STACK ?? 'globe-archive',
  readDeploySettings(process.env),
  {
    env: { account: process.env.CDK_DEFAULT_ACCOUNT, region: process.env.CDK_DEFAULT_REGION },
  },
);
