import { ConfigError, loadDotEnvFile, loadEnv } from './env';
import { createServer } from './server';
import { runMigrateCommand } from './cli/migrate-command';
import { runBackupCommand, runRestoreCommand } from './cli/backup-commands';

// Entry point: fail fast on bad configuration with one line, then serve until a signal.
async function main() {
  loadDotEnvFile();
  const env = loadEnv();
  // One-off commands (npm run migrate / backup / restore), then exit.
  const [command, ...args] = process.argv.slice(2);
  if (command === 'migrate') return void (await runMigrateCommand(env));
  if (command === 'backup') return void (await runBackupCommand(env, args));
  if (command === 'restore') return void (await runRestoreCommand(env, args));
  const server = await createServer(env);
  const shutdown = async (signal: string) => {
    server.app.log.info({ signal }, 'shutting down');
    // The bound: an orchestrator kills a process that outstays its grace period anyway.
    setTimeout(() => {
      server.app.log.error('shutdown took too long: exiting');
      process.exit(1);
    }, env.SHUTDOWN_TIMEOUT_SECONDS * 1000).unref();
    await server.shutdown({ drainMs: env.SHUTDOWN_DRAIN_SECONDS * 1000 });
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  await server.app.listen({ port: env.PORT, host: env.HOST });
  // One plain line for the person who typed `npm start` (the JSON logs are for machines).
  console.log(`Tutora is running at ${env.PUBLIC_URL}`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(`tutora: ${error.message}`);
  } else if (isConnectionError(error)) {
    console.error(`tutora: cannot reach the database: ${(error as Error).message}`);
  } else if (process.argv[2] && ['backup', 'restore'].includes(process.argv[2])) {
    console.error(`tutora: ${(error as Error).message}`);
  } else {
    console.error('tutora: failed to start:', error);
  }
  process.exit(1);
});

function isConnectionError(error: unknown): boolean {
  const code = (error as { code?: string } | undefined)?.code;
  return [
    'ECONNREFUSED',
    'ENOTFOUND',
    'ETIMEDOUT',
    'EAI_AGAIN',
    '28P01',
    '3D000',
    '28000',
  ].includes(code ?? '');
}
