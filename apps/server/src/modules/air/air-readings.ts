import type { DeviceReading, SmartDeviceRepository } from '../smart-device/smart-device.repository.js';
import type { AirDeviceReadings, AirEvaluationEvent, AirService } from './air.service.js';

/**
 * Judges the device gateway's committed readings for air quality (decision 0020, "Air quality"): each device's
 * `air.*` readings, in time order, against the thresholds of the device's place (its room, else its location, else
 * the company's default). Presence and other readings are not air's. Answers the alerts raised or cleared.
 */
export async function judgeAirReadings(
  { air, devices }: { air: Pick<AirService, 'evaluateMany'>; devices: Pick<SmartDeviceRepository, 'placesOf'> },
  readings: readonly DeviceReading[],
): Promise<AirEvaluationEvent[]> {
  const byDevice = new Map<number, DeviceReading[]>();
  for (const reading of readings) {
    if (!reading.metric.startsWith('air.')) continue;
    const list = byDevice.get(reading.deviceId);
    if (list) list.push(reading);
    else byDevice.set(reading.deviceId, [reading]);
  }
  if (byDevice.size === 0) return [];
  const places = await devices.placesOf([...byDevice.keys()]);
  // A company's devices are judged together (in few transactions, not one each).
  const byCompany = new Map<number, AirDeviceReadings[]>();
  for (const [deviceId, list] of byDevice) {
    const place = places.get(deviceId);
    // A device deleted since its batch was written has no place to judge for.
    if (!place || place.companyId !== list[0]!.companyId) continue;
    const ordered = list.map(({ metric, at, value }) => ({ metric, at, value })).sort((a, b) => a.at - b.at);
    const companyDevices = byCompany.get(place.companyId);
    const entry = { deviceId, locationId: place.placeId, readings: ordered };
    if (companyDevices) companyDevices.push(entry);
    else byCompany.set(place.companyId, [entry]);
  }
  const events: AirEvaluationEvent[] = [];
  for (const [companyId, companyDevices] of byCompany) events.push(...(await air.evaluateMany(companyId, companyDevices)));
  return events;
}
