/** Runs `node --import tsx server/main.ts` as a child process, as npm start does. */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

/** Starts the server on a free port and resolves once it says it is running. Used by tests and benches. */
export async function spawnServer(
  env: Record<string, string>,
  nodeArgs: string[] = [],
): Promise<{ child: ChildProcess; url: string }> {
  const port = await freePort();
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    // SERVER_START_MS: more time on a loaded machine (tsx compiles the server first).
    const timer = setTimeout(
      () => reject(new Error(`server did not start:\n${output}`)),
      Number(process.env.SERVER_START_MS ?? 20_000),
    );
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('is running on')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });
  child.removeAllListeners('exit');
  return { child, url: `http://127.0.0.1:${port}` };
}

export function waitForExit(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
  });
}
