import {
  APPLICATIONS,
  applicationNodes,
  hasPermission,
  isApplicationBuilt,
  menuForPermissions,
  menuPaths,
  type ApplicationList,
  type MenuNode,
  type Permission,
  type SwitchApplicationBody,
} from '@atrium/contract';
import type { Clock } from '../../platform/clock.js';
import { refused } from '../../platform/errors.js';
import type { Actor, OperationLog } from '../operation-log/operation-log.service.js';
import type { ApplicationRepository } from './application.repository.js';

export interface ApplicationServiceDeps {
  applications: ApplicationRepository;
  /** The menu catalogue the user menu is built from; what is built decides what is available. */
  menuCatalogue: MenuNode[];
  clock: Clock;
  operationLog: OperationLog;
}

export type ApplicationService = ReturnType<typeof createApplicationService>;

/** Who asks: the company and what their role allows. */
export interface ApplicationCaller {
  companyId: number;
  permissions: ReadonlySet<Permission>;
}

/**
 * The application centre (spec 000 section 2, /application): each application, whether this build
 * has it, whether the company uses it, and the first page of it the caller may open.
 */
export function createApplicationService({ applications, menuCatalogue, clock, operationLog }: ApplicationServiceDeps) {
  async function list(caller: ApplicationCaller): Promise<ApplicationList> {
    const switchedOff = await applications.listSwitchedOff(caller.companyId);
    return {
      list: APPLICATIONS.map((application) => {
        const isBuilt = isApplicationBuilt(application.key, menuCatalogue);
        const isEnabled = !switchedOff.includes(application.key);
        const [path] = isEnabled ? menuPaths(menuForPermissions(caller.permissions, applicationNodes(application.key, menuCatalogue))) : [];
        return { key: application.key, icon: application.icon, isBuilt, isEnabled, path: path ?? null };
      }),
      canEdit: hasPermission(caller.permissions, 'accountGlobal:edit'),
    };
  }

  return {
    list,

    /** Switches a built application on or off for the whole company. */
    async switch(actor: Actor, body: SwitchApplicationBody): Promise<ApplicationList> {
      await operationLog.track(
        actor,
        { action: 'application.switch', targetType: 'application', targetName: body.key, detail: { key: body.key, isEnabled: body.isEnabled } },
        async () => {
          if (!isApplicationBuilt(body.key, menuCatalogue)) throw refused('applicationNotBuilt');
          await applications.setEnabled(actor.companyId, body.key, body.isEnabled, clock.now());
        },
      );
      return list(actor);
    },
  };
}
