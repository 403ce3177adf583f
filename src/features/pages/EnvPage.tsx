import type { AppConfig } from '@/lib/config';
import { InfoPage } from '@/features/pages/InfoPage';

/** For whoever deploys: what this build is and what it talks to (no secrets are ever in it). */
export function EnvPage({ config }: { config: AppConfig }) {
  const rows: [string, string][] = [
    ['Build version', config.version],
    ['Nodes-service', config.nodesUrl],
    [
      'Accounts',
      config.cognito
        ? `on (${config.cognito.region}, pool ${config.cognito.userPoolId})`
        : 'off (no Cognito settings)',
    ],
    ['Login function', config.loginFunctionUrl ?? 'not configured'],
    ['Analytics', config.analyticsId ? 'on' : 'off (no measurement id)'],
  ];
  return (
    <InfoPage title="Environment">
      <dl className="env-table">
        {rows.map(([name, value]) => (
          <div key={name}>
            <dt>{name}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </InfoPage>
  );
}
