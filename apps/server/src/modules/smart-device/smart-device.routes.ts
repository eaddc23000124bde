import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DEVICE_TOKEN_HEADER, DOOR_DISPLAY_LIMITS, SMART_DEVICE_LIMITS, SmartDeviceActivateBody, SmartDeviceActivateResult, SmartDeviceReadingsBody, SmartDeviceRecordResult, SmartDeviceStateBody } from '@atrium/contract';
import { z } from 'zod';
import { requireDevice } from '../../platform/access.js';
import { envelopeResponses, success } from '../../platform/envelope.js';
import type { SmartDeviceService } from './smart-device.service.js';

const TAGS = ['device API'];
const DEVICE = { access: 'device', deviceKind: 'smartDevice' } as const;
const ACTIVATION = { access: 'public' } as const;

/** The smart devices' HTTP API (docs/api.md, Smart devices; docs/devices-mqtt.md): activation, and what devices without MQTT send. */
export function smartDeviceRoutes({ smartDevices }: { smartDevices: SmartDeviceService }): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/device/smart/activate',
      {
        config: ACTIVATION,
        schema: {
          tags: TAGS,
          summary: 'A smart device trades its 5-digit activation code for its secret (single use, answered once)',
          description: `The secret is the \`${DEVICE_TOKEN_HEADER}\` of the HTTP calls and the MQTT password. A wrong, used or expired code answers 404; ${DOOR_DISPLAY_LIMITS.wrongCodesPerWindow} wrong codes from one address in ${DOOR_DISPLAY_LIMITS.wrongCodeWindowMinutes} minutes answer 429 until the window passes. With broker accounts (MQTT_BROKER_AUTH=dynsec), a broker that refuses or does not answer 503: nothing is handed out and the code still works.`,
          body: SmartDeviceActivateBody,
          response: envelopeResponses(SmartDeviceActivateResult),
        },
      },
      async (request) => success(request, await smartDevices.activate(request.body, request.ip)),
    );

    app.post(
      '/device/smart/readings',
      {
        config: DEVICE,
        schema: {
          tags: TAGS,
          summary: 'Property values of a device that cannot speak MQTT, recorded as if published',
          description: `Header \`${DEVICE_TOKEN_HEADER}\`. At most ${SMART_DEVICE_LIMITS.readingsPerRequest} values; \`at\` defaults to the time of receipt and may not be in the future. Answers once they are stored; a value sent again with the same \`at\` is stored once.`,
          body: SmartDeviceReadingsBody,
          response: envelopeResponses(SmartDeviceRecordResult),
        },
      },
      async (request) => success(request, await smartDevices.recordReadings(requireDevice(request, 'smartDevice'), request.body)),
    );

    app.post(
      '/device/smart/state',
      {
        config: DEVICE,
        schema: {
          tags: TAGS,
          summary: "The Homie $state (and $description) of a device that cannot speak MQTT",
          description: `Header \`${DEVICE_TOKEN_HEADER}\`.`,
          body: SmartDeviceStateBody,
          response: envelopeResponses(z.null()),
        },
      },
      async (request) => success(request, await smartDevices.recordState(requireDevice(request, 'smartDevice'), request.body)),
    );
  };
}
