/**
 * The editor group call: AdminAddUserToGroup on the user pool's admin API, signed as AWS signs it,
 * here against the stand-in pool.
 */
import { describe, expect, it } from 'vitest';
import { createCognitoGroups } from '../../../../server/login/cognitoGroups';
import { pool, useFakePool } from '../support/loginHarness';

useFakePool();

describe('createCognitoGroups', () => {
  it('calls AdminAddUserToGroup on the configured endpoint, signed with stand-in credentials', async () => {
    const groups = createCognitoGroups({
      region: 'local',
      userPoolId: 'local_TestPool',
      endpoint: pool.url,
      env: {},
    });
    await groups.ensureEditor('alice');
    expect(pool.adminCalls).toEqual([
      {
        target: 'AWSCognitoIdentityProviderService.AdminAddUserToGroup',
        body: { UserPoolId: 'local_TestPool', Username: 'alice', GroupName: 'editor' },
        signed: true,
      },
    ]);
  });

  it('rejects with the pool’s error', async () => {
    pool.adminFailure = { status: 400, type: 'UserNotFoundException' };
    const groups = createCognitoGroups({
      region: 'local',
      userPoolId: 'local_TestPool',
      endpoint: pool.url,
      env: {},
    });
    await expect(groups.ensureEditor('ghost')).rejects.toMatchObject({
      name: 'UserNotFoundException',
    });
  });
});
