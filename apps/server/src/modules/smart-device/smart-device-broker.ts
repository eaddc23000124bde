import { DynsecError, runDynsec, type DynsecAnswer, type DynsecClient, type DynsecCommand } from '../../platform/mqtt-dynsec.js';

/** One dynsec access rule: higher `priority` is checked first; the first rule whose topic matches decides. */
export interface DynsecAcl {
  acltype: 'publishClientSend' | 'publishClientReceive' | 'subscribePattern';
  topic: string;
  priority?: number;
  allow: boolean;
}

/** A device as the broker knows it: its company and Homie id (its account `<companyId>.<homieId>`). */
export interface BrokerDevice {
  companyId: number;
  homieId: string;
}

export interface SmartDeviceBrokerOptions {
  dynsec: DynsecClient;
  /** MQTT_TOPIC_PREFIX. */
  prefix: string;
  /** MQTT_URL's user: the dynsec admin this module speaks as, and the gateway's account. */
  serviceUsername: string;
  log: { warn(object: unknown, message: string): void; info(object: unknown, message: string): void };
}

/** The role that lets MQTT_URL's user (a dynsec admin, which may only administer) publish under the prefix. */
export const SERVICE_ROLE = 'atrium-service';

/** Device accounts and their roles are named `<companyId>.<homieId>`; the reconcile owns every name of this shape. */
const DEVICE_ACCOUNT = /^[1-9]\d{0,9}\.[a-z0-9][a-z0-9-]{0,63}$/;

/** Deletes sent per message when the reconcile clears many accounts. */
const DELETES_PER_MESSAGE = 100;

/** The device's broker account (and its role's) name, the `mqtt.username` activation answers. */
export const brokerUsername = (companyId: number, homieId: string) => `${companyId}.${homieId}`;

/**
 * What a device may do on the broker (docs/devices-mqtt.md, "Getting on the broker"): publish its own Homie
 * topics (not their `/set` commands), its SenML packs, its acknowledgements and its Home Assistant discovery and state
 * under `homeassistant/<component>/<homieId>/`; subscribe to and receive only its own commands.
 */
export function deviceAcls(prefix: string, companyId: number, homieId: string): DynsecAcl[] {
  const root = `${prefix}/${companyId}`;
  const own = `${root}/homie/5/${homieId}`;
  const commands = `${own}/+/+/set`;
  return [
    { acltype: 'publishClientSend', topic: commands, priority: 1, allow: false },
    { acltype: 'publishClientSend', topic: `${own}/#`, allow: true },
    { acltype: 'publishClientSend', topic: `${root}/senml/${homieId}`, allow: true },
    { acltype: 'publishClientSend', topic: `${root}/atrium/ack/${homieId}`, allow: true },
    { acltype: 'publishClientSend', topic: `${root}/homeassistant/+/${homieId}/#`, allow: true },
    { acltype: 'subscribePattern', topic: commands, allow: true },
    { acltype: 'publishClientReceive', topic: commands, priority: 1, allow: true },
    // The plug-in's default lets a client receive whatever it may subscribe to; a device receives its commands only.
    { acltype: 'publishClientReceive', topic: '#', allow: false },
  ];
}

const isNotFound = (answer: DynsecAnswer) => /not found/i.test(answer.error ?? '');

/**
 * Device accounts on Mosquitto's dynamic security plug-in (decision 0020, "Broker credentials"): made at
 * activation with the secret as password and a role of the device's own topics, deleted with the
 * device, and reconciled with the activated devices.
 */
export function createSmartDeviceBroker({ dynsec, prefix, serviceUsername, log }: SmartDeviceBrokerOptions) {
  const serviceAcl: DynsecAcl = { acltype: 'publishClientSend', topic: `${prefix}/#`, allow: true };

  const deleteCommands = (name: string): DynsecCommand[] => [
    { command: 'deleteClient', username: name },
    { command: 'deleteRole', rolename: name },
  ];

  /** Reads MQTT_URL's user and the service role: whether it may publish under the prefix, and what is missing. */
  async function readService(): Promise<DynsecCommand[]> {
    const [client, role] = await dynsec.send([
      { command: 'getClient', username: serviceUsername },
      { command: 'getRole', rolename: SERVICE_ROLE },
    ]);
    if (client!.error) throw new DynsecError(`MQTT_URL's user is not a dynsec client: ${client!.error}`, client);
    const roles = ((client!.data?.client as { roles?: { rolename: string }[] } | undefined)?.roles ?? []).map((held) => held.rolename);
    const acls = (role!.data?.role as { acls?: DynsecAcl[] } | undefined)?.acls ?? [];
    const missing: DynsecCommand[] = [];
    if (role!.error) missing.push({ command: 'createRole', rolename: SERVICE_ROLE, textdescription: 'Atrium: publish under the topic prefix', acls: [serviceAcl] });
    else if (!acls.some((acl) => acl.acltype === serviceAcl.acltype && acl.topic === serviceAcl.topic && acl.allow)) missing.push({ command: 'addRoleACL', rolename: SERVICE_ROLE, ...serviceAcl });
    if (!roles.includes(SERVICE_ROLE)) missing.push({ command: 'addClientRole', username: serviceUsername, rolename: SERVICE_ROLE });
    return missing;
  }

  return {
    /**
     * Gives the device the account `<companyId>.<homieId>` with this password and a role of its own topics.
     * An account already there is deleted first (its sessions are dropped: an old secret stops at once)
     * and made again, in one message the plug-in runs in one go. Throws a DynsecError when the broker
     * refuses or does not answer.
     */
    async provisionDevice(companyId: number, homieId: string, password: string): Promise<void> {
      const name = brokerUsername(companyId, homieId);
      await runDynsec(
        dynsec,
        [
          ...deleteCommands(name),
          { command: 'createRole', rolename: name, acls: deviceAcls(prefix, companyId, homieId) },
          { command: 'createClient', username: name, password, roles: [{ rolename: name }] },
        ],
        (answer) => answer.command.startsWith('delete') && isNotFound(answer),
      );
    },

    /** Deletes the device's account and role (its sessions are dropped); one already gone is fine. */
    async removeDevice(companyId: number, homieId: string): Promise<void> {
      await runDynsec(dynsec, deleteCommands(brokerUsername(companyId, homieId)), isNotFound);
    },

    /**
     * Lets MQTT_URL's user publish under the prefix (the gateway's commands, the door grants): the role
     * `atrium-service` with `publishClientSend <prefix>/#`, added to the user. Changing the user's roles
     * drops its connections, this one and the gateway's (both come back), so the answer may be lost: what
     * the broker holds is read again after.
     */
    async grantService(): Promise<void> {
      const missing = await readService();
      if (missing.length === 0) return;
      let failure: unknown;
      try {
        await runDynsec(dynsec, missing);
      } catch (error) {
        // A dropped answer, or another process granting the same at once: what counts is what the broker holds now.
        if (!(error instanceof DynsecError)) throw error;
        failure = error;
      }
      if ((await readService()).length > 0) throw new DynsecError(`MQTT_URL's user could not be given the role ${SERVICE_ROLE}: ${(failure as Error | undefined)?.message ?? 'unknown'}`);
      log.info({ role: SERVICE_ROLE, topic: serviceAcl.topic }, "MQTT_URL's user may now publish under the topic prefix");
    },

    /**
     * Deletes the accounts and roles named like devices (`<companyId>.<homieId>`) that belong to no
     * activated device, and counts the activated devices without an account (a lost broker store: only
     * the secrets' hashes are kept, so those devices need a new activation). The broker is listed before
     * the devices are read, so a device activated meanwhile (its row is written before its account) is
     * never taken for a stale account.
     */
    async reconcile(listActivated: () => Promise<BrokerDevice[]>): Promise<{ removed: string[]; withoutAccount: string[] }> {
      const [clients, roles] = await runDynsec(dynsec, [{ command: 'listClients' }, { command: 'listRoles' }]);
      const clientNames = ((clients!.data?.clients as string[] | undefined) ?? []).filter((name) => DEVICE_ACCOUNT.test(name));
      const roleNames = ((roles!.data?.roles as string[] | undefined) ?? []).filter((name) => DEVICE_ACCOUNT.test(name));
      const activated = new Set((await listActivated()).map((device) => brokerUsername(device.companyId, device.homieId)));
      const staleClients = clientNames.filter((name) => !activated.has(name));
      const staleRoles = roleNames.filter((name) => !activated.has(name));
      const commands: DynsecCommand[] = [
        ...staleClients.map((name) => ({ command: 'deleteClient', username: name })),
        ...staleRoles.map((name) => ({ command: 'deleteRole', rolename: name })),
      ];
      for (let start = 0; start < commands.length; start += DELETES_PER_MESSAGE) await runDynsec(dynsec, commands.slice(start, start + DELETES_PER_MESSAGE), isNotFound);
      const present = new Set(clientNames);
      const withoutAccount = [...activated].filter((name) => !present.has(name));
      if (staleClients.length > 0) log.info({ removed: staleClients.length }, 'Broker accounts of devices no longer activated removed');
      if (withoutAccount.length > 0) log.warn({ devices: withoutAccount.length }, 'Activated devices have no broker account (a lost broker store?): they need a new activation code');
      return { removed: staleClients, withoutAccount };
    },

    close: () => dynsec.close(),
  };
}

export type SmartDeviceBroker = ReturnType<typeof createSmartDeviceBroker>;
