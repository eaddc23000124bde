import { ConfigError, parseConfig } from './config.js';
import { startServer, type RunningServer } from './start.js';

/** Entry point of `npm start`: configuration errors print one clear line and exit 1. */
async function main(): Promise<void> {
  let server: RunningServer;
  try {
    server = await startServer(parseConfig(process.env));
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    process.stderr.write(error instanceof ConfigError ? `Atrium cannot start: ${reason}\n` : `Atrium failed to start: ${reason}\n`);
    process.exit(1);
  }

  let isStopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (isStopping) {
      // A second signal means the operator does not want to wait for requests in flight.
      process.stderr.write(`Atrium: ${signal} again, exiting now\n`);
      process.exit(1);
    }
    isStopping = true;
    server.app.log.info({ signal }, 'shutting down');
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        process.stderr.write(`Atrium: shutdown failed: ${error instanceof Error ? error.message : String(error)}\n`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

await main();
