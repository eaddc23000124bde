/** `npm run simulate:devices`: simulated smart-room devices speaking the device topic contract to the broker. */
import { readCredentials, readDevices, demoDevices } from './devices.js';
import { parseOptions, USAGE } from './options.js';
import { startSimulator } from './simulator.js';

const log = (line: string) => console.log(`${new Date().toISOString().slice(11, 19)} ${line}`);

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  if (argv.includes('--help') || argv.includes('-h')) {
    console.log(USAGE);
    return;
  }
  const options = parseOptions(argv, process.env);
  const simulator = startSimulator({
    url: options.url,
    prefix: options.prefix,
    companyId: options.companyId,
    devices: options.devicesFile ? readDevices(options.devicesFile) : demoDevices(),
    ...(options.credentialsFile ? { credentials: readCredentials(options.credentialsFile) } : {}),
    rateSeconds: options.rateSeconds,
    occupiedRooms: options.occupiedRooms,
    emptyRooms: options.emptyRooms,
    log,
  });
  // Listening before any device connects: a Ctrl-C during start-up still leaves cleanly.
  let isLeaving = false;
  const leave = () => {
    if (isLeaving) return;
    isLeaving = true;
    log('stopping: every device says disconnected');
    simulator.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', leave);
  process.on('SIGTERM', leave);
  if (options.isOnce) {
    await simulator.started;
    isLeaving = true;
    await simulator.close();
  }
}

main().catch((error: Error) => {
  console.error(`device simulator: ${error.message}`);
  console.error(USAGE);
  process.exit(1);
});
