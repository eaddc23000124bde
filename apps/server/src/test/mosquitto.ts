import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import mqtt from 'mqtt';
import { freePort } from './free-port.js';
import { waitForServer } from './wait-for.js';

/** Debian's Mosquitto 2.0 and its dynamic security plug-in. */
const MOSQUITTO = '/usr/sbin/mosquitto';
const DYNSEC_PLUGIN = '/usr/lib/x86_64-linux-gnu/mosquitto_dynamic_security.so';

export interface TestBroker {
  /** `mqtt://127.0.0.1:<port>`, without credentials. */
  url: string;
  /** The URL with the dynsec admin's user and password. */
  adminUrl: string;
  /** Stops the broker answering (SIGSTOP): connections stay open, nothing comes back. */
  pause(): void;
  resume(): void;
  stop(): Promise<void>;
}

/**
 * A Mosquitto of the test's own on a free port, with the dynamic security plug-in, a store made by
 * `mosquitto_ctrl dynsec init` (one admin) and no anonymous access; in memory, quiet.
 */
export async function startDynsecBroker({ adminUser, adminPassword }: { adminUser: string; adminPassword: string }): Promise<TestBroker> {
  const dir = mkdtempSync(path.join(tmpdir(), 'atrium-mosquitto-'));
  const store = path.join(dir, 'dynamic-security.json');
  const init = spawnSync('mosquitto_ctrl', ['dynsec', 'init', store, adminUser, adminPassword], { encoding: 'utf8' });
  if (init.status !== 0) throw new Error(`mosquitto_ctrl dynsec init failed: ${init.stderr}`);
  const port = await freePort();
  const conf = path.join(dir, 'mosquitto.conf');
  writeFileSync(
    conf,
    // Started as root, Mosquitto would become the user `mosquitto`, who cannot read the store in our private directory.
    [`listener ${port} 127.0.0.1`, `user ${userInfo().username}`, 'allow_anonymous false', `plugin ${DYNSEC_PLUGIN}`, `plugin_opt_config_file ${store}`, 'persistence false', 'log_dest none', ''].join('\n'),
  );
  const child = spawn(MOSQUITTO, ['-c', conf], { stdio: 'ignore' });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `mqtt://127.0.0.1:${port}`;
  const adminUrl = `mqtt://${encodeURIComponent(adminUser)}:${encodeURIComponent(adminPassword)}@127.0.0.1:${port}`;
  // Ready once the admin can sign in: the dynamic security plug-in has read its store.
  await waitForServer(child, async () => (await mqtt.connectAsync(adminUrl, { reconnectPeriod: 0, connectTimeout: 1_000 })).endAsync());
  return {
    url,
    adminUrl,
    pause: () => void child.kill('SIGSTOP'),
    resume: () => void child.kill('SIGCONT'),
    async stop() {
      child.kill('SIGCONT');
      child.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
