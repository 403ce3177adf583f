/**
 * What a deployment is made from besides the template's parameters: the functions' folder the
 * deploy script assembles, the built app's index.html (its inline scripts' hashes go into the
 * site's Content-Security-Policy), and whether the app was built with analytics.
 */
import { readFileSync } from 'node:fs';
import { inlineScriptHashes } from '../server/app/firstPaintPage';

export interface DeploySettings {
  /** The folder zipped for the three functions: dist-server's code, the archive, sharp. */
  functionsDir: string;
  /** The `'sha256-…'` sources of the built index.html's inline scripts. */
  scriptHashes: readonly string[];
  /** The app was built with `VITE_GA_MEASUREMENT_ID`: the policy lets its tag in. */
  analytics: boolean;
  /** `VITE_COGNITO_AUTH_FLOW` as the app is built: the pool's client allows that flow. */
  authFlow: 'USER_SRP_AUTH' | 'USER_PASSWORD_AUTH';
}

/** The name of the archive file in the functions' folder (`ARCHIVE_FILE`). */
export const ARCHIVE_IN_FUNCTIONS = 'archive.json';

/** Where uploads live in their bucket and under the site (`UPLOADS_PREFIX`, the `/uploads/*` path). */
export const UPLOADS_PREFIX = 'uploads/';

/**
 * The sign-in flow the app will use. CUSTOM_AUTH is refused: its challenge is asked by functions of
 * the pool's own (Lambda triggers), which are the deployer's to write and this stack does not make.
 */
function readAuthFlow(value: string | undefined): DeploySettings['authFlow'] {
  const flow = value?.trim() || 'USER_SRP_AUTH';
  if (flow === 'USER_SRP_AUTH' || flow === 'USER_PASSWORD_AUTH') return flow;
  throw new Error(
    `VITE_COGNITO_AUTH_FLOW: "${flow}" cannot be deployed by this stack: USER_SRP_AUTH (the ` +
      'default) or USER_PASSWORD_AUTH. CUSTOM_AUTH needs the pool’s challenge functions.',
  );
}

/**
 * The settings the deploy script hands the CDK app in its environment (`GLOBE_FUNCTIONS_DIR`,
 * `GLOBE_INDEX_HTML`, `GLOBE_ANALYTICS`), and the app's own `VITE_COGNITO_AUTH_FLOW`.
 *
 * @throws when a setting is missing: the template is never made without the app's hashes.
 */
export function readDeploySettings(env: NodeJS.ProcessEnv): DeploySettings {
  const functionsDir = env.GLOBE_FUNCTIONS_DIR?.trim();
  const indexHtml = env.GLOBE_INDEX_HTML?.trim();
  if (!functionsDir || !indexHtml) {
    throw new Error(
      'GLOBE_FUNCTIONS_DIR and GLOBE_INDEX_HTML are not set: deploy with `npm run deploy`, ' +
        'which builds the functions and the app first.',
    );
  }
  const scriptHashes = inlineScriptHashes(readFileSync(indexHtml, 'utf8'));
  if (scriptHashes.length === 0) throw new Error(`${indexHtml}: no inline scripts; is it built?`);
  return {
    functionsDir,
    scriptHashes,
    analytics: env.GLOBE_ANALYTICS === 'true',
    authFlow: readAuthFlow(env.VITE_COGNITO_AUTH_FLOW),
  };
}
