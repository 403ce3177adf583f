import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The entry point and the start scripts as a person runs them: real processes, real signals.
 */
const root = fileURLToPath(new URL('../../../../', import.meta.url));
const temp = mkdtempSync(join(tmpdir(), 'globe-processes-'));
const archive = join(temp, 'archive.json');
writeFileSync(archive, JSON.stringify([{ video_id: 'a', title: 'A', lat: 1, lng: 2 }]));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

interface Watched {
  child: ChildProcess;
  output: () => string;
  waitFor: (pattern: RegExp) => Promise<RegExpMatchArray>;
  exited: Promise<number | null>;
}

function watch(args: string[], env: Record<string, string> = {}): Watched {
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const listeners = new Set<() => void>();
  const append = (chunk: Buffer) => {
    output += chunk.toString();
    for (const listener of listeners) listener();
  };
  child.stdout?.on('data', append);
  child.stderr?.on('data', append);
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  return {
    child,
    output: () => output,
    exited,
    waitFor: (pattern) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const match = pattern.exec(output);
          if (match) {
            listeners.delete(check);
            resolve(match);
          }
        };
        listeners.add(check);
        check();
        void exited.then(() => {
          check();
          reject(new Error(`exited before printing ${pattern}:\n${output}`));
        });
      }),
  };
}

describe('server/node/main.ts', () => {
  it('prints the URL it serves, answers there, and stops cleanly on SIGTERM', async () => {
    const run = watch(
      ['--import', 'tsx', '--import', './scripts/lingui/register.mjs', 'server/node/main.ts'],
      {
        PORT: '0',
        STATIC_DIR: 'none',
        ARCHIVE_FILE: archive,
      },
    );
    const [, nodesUrl = ''] = await run.waitFor(/Nodes: (http:\/\/127\.0\.0\.1:\d+\/api\/nodes)/);
    // The local identity server's block: its accounts and code, ready to type.
    expect(run.output()).toMatch(/Identity: http:\/\/127\.0\.0\.1:\d+\/identity\/ \(local Cognito/);
    expect(run.output()).toMatch(
      /editor +Editor-Local-2025! +\(editor\)\n +visitor +Visitor-Local-2025!\n/,
    );
    expect(run.output()).toContain('Sign-up confirmation code: 123456');
    const res = await fetch(nodesUrl);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([{ video_id: 'a', title: 'A', lat: 1, lng: 2 }]);
    run.child.kill('SIGTERM');
    expect(await run.exited).toBe(0);
    expect(run.output()).toContain('stopping');
  }, 60_000);

  it('exits 1 with a one-line reason when the configuration is wrong', async () => {
    const run = watch(
      ['--import', 'tsx', '--import', './scripts/lingui/register.mjs', 'server/node/main.ts'],
      { PORT: 'eighty' },
    );
    expect(await run.exited).toBe(1);
    expect(run.output().trim()).toBe('PORT: "eighty" is not a port number (0-65535).');
  }, 30_000);
});

describe('scripts/start.mjs supervisor', () => {
  const child = (name: string, code: string) =>
    `{ name: ${JSON.stringify(name)}, command: process.execPath, args: ['-e', ${JSON.stringify(code)}] }`;
  const sleeper = child(
    'sleeper',
    `process.on('SIGTERM', () => { console.log('sleeper stopped'); process.exit(0); });
     console.log('sleeper ready'); setInterval(() => {}, 1000);`,
  );
  const supervisor = (children: string[]) =>
    watch([
      '--input-type=module',
      '-e',
      `import { supervise } from './scripts/start.mjs';
       process.exit(await supervise([${children.join(', ')}]));`,
    ]);

  it('stops the others and exits non-zero when one child dies', async () => {
    const run = supervisor([sleeper, child('quitter', 'setTimeout(() => process.exit(3), 500)')]);
    expect(await run.exited).toBe(3);
    expect(run.output()).toContain('quitter exited with code 3; stopping the others.');
    expect(run.output()).toContain('sleeper stopped');
  }, 30_000);

  // Issue 45: `npm start` runs every local service in one process; one crash (an import that ran
  // the heap out, say) must not leave them all down, and must be said.
  const restarting = (name: string, code: string) =>
    `{ name: ${JSON.stringify(name)}, command: process.execPath, args: ['-e', ${JSON.stringify(code)}], restart: true }`;

  it('starts a child marked restart again when it dies, says so, and the others go on', async () => {
    const marker = join(temp, 'crashed-once');
    const run = supervisor([
      sleeper,
      restarting(
        'crasher',
        `const fs = require('node:fs');
         if (!fs.existsSync(${JSON.stringify(marker)})) {
           fs.writeFileSync(${JSON.stringify(marker)}, '');
           process.abort();
         }
         process.on('SIGTERM', () => { console.log('crasher stopped'); process.exit(0); });
         console.log('crasher back'); setInterval(() => {}, 1000);`,
      ),
    ]);
    await run.waitFor(/crasher back/);
    expect(run.output()).toContain(
      'crasher was killed by SIGABRT; starting it again in 1 s (the others go on; what is stored on disk is kept).',
    );
    // The sleeper was never stopped or started again.
    expect(run.output().match(/sleeper ready/g)).toHaveLength(1);
    expect(run.output()).not.toContain('sleeper stopped');
    run.child.kill('SIGTERM');
    expect(await run.exited).toBe(0);
    expect(run.output()).toContain('crasher stopped');
  }, 30_000);

  it('stops starting a child that dies three times within a minute, and stops the others', async () => {
    const run = supervisor([sleeper, restarting('crasher', 'process.exit(7)')]);
    expect(await run.exited).toBe(7);
    expect(run.output().match(/crasher exited with code 7; starting it again/g)).toHaveLength(2);
    expect(run.output()).toContain(
      'crasher exited with code 7, 3 times within a minute; not starting it again; stopping the others.',
    );
    expect(run.output()).toContain('sleeper stopped');
  }, 30_000);

  it('stops every child on SIGTERM and exits 0', async () => {
    const run = supervisor([sleeper, sleeper.replaceAll('sleeper', 'napper')]);
    await run.waitFor(/sleeper ready[\s\S]*napper ready|napper ready[\s\S]*sleeper ready/);
    run.child.kill('SIGTERM');
    expect(await run.exited).toBe(0);
    expect(run.output()).toContain('sleeper stopped');
    expect(run.output()).toContain('napper stopped');
  }, 30_000);
});
