import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseEnv } from 'node:util';

/** Read in this order; the first file to set a variable wins, and the real environment beats both. */
export const DOTENV_FILES = ['.env.local', '.env'];

/**
 * Applies the project's `.env` files (see `.env.example`) to `env` for every variable not already
 * set, so `node dist-server/main.js` honours the same file Vite reads for the app. Returns the
 * files it read.
 */
export function loadDotEnv(root: string, env: NodeJS.ProcessEnv = process.env): string[] {
  const loaded: string[] = [];
  for (const name of DOTENV_FILES) {
    let text: string;
    try {
      text = readFileSync(join(root, name), 'utf8');
    } catch {
      continue; // optional
    }
    loaded.push(name);
    for (const [key, value] of Object.entries(parseEnv(text))) {
      if (env[key] === undefined && value !== undefined) env[key] = value;
    }
  }
  return loaded;
}
