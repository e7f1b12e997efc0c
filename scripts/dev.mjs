// `npm run dev`: the API with reload on 127.0.0.1:8080 and Vite (with a proxy to it) on 5173.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const apiPort = process.env.PORT ?? '8080';
const children = [
  spawn('npm', ['run', 'dev', '--workspace', 'apps/api'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, PORT: apiPort, HOST: process.env.HOST ?? '127.0.0.1' },
  }),
  spawn('npm', ['run', 'dev', '--workspace', 'apps/web'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, API_PORT: apiPort },
  }),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
for (const child of children) child.once('exit', stop);
