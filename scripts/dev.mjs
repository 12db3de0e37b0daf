import { spawn } from 'node:child_process';
import { ROOT } from './build-steps.mjs';

// `npm run dev`: the API with reload on :3000 and Vite with hot reload on :5173 (proxying /api).
const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'src/server/main.ts'], {
    cwd: ROOT,
    stdio: 'inherit',
  }),
  spawn('npx', ['vite'], { cwd: ROOT, stdio: 'inherit' }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
children.forEach((child) =>
  child.on('exit', (code) => {
    if (code) {
      stop();
      process.exitCode = code;
    }
  }),
);
