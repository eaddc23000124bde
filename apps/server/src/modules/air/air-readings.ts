import type { DeviceReading, SmartDeviceRepository } from '../smart-device/smart-device.repository.js';
import type { AirEvaluationEvent, AirService } from './air.service.js';

/**
 * Judges the device gateway's committed readings for air quality (decision 0020, "Air quality"): each device's
 * `air.*` readings, in time order, against the thresholds of the device's place (its room, else its location, else
 * the company's default). Presence and other readings are not air's. Answers the alerts raised or cleared.
 */
export async function judgeAirReadings(
  { air, devices }: { air: Pick<AirService, 'evaluate'>; devices: Pick<SmartDeviceRepository, 'placesOf'> },
  readings: readonly DeviceReading[],
): Promise<AirEvaluationEvent[]> {
  const byDevice = new Map<number, DeviceReading[]>();
  for (const reading of readings) {
    if (!reading.metric.startsWith('air.')) continue;
    const list = byDevice.get(reading.deviceId) ?? [];
    list.push(reading);
    byDevice.set(reading.deviceId, list);
  }
  const places = await devices.placesOf([...byDevice.keys()]);
  const events: AirEvaluationEvent[] = [];
  for (const [deviceId, list] of byDevice) {
    const place = places.get(deviceId);
    // A device deleted since its batch was written has no place to judge for.
    if (!place || place.companyId !== list[0]!.companyId) continue;
    const ordered = list.map(({ metric, at, value }) => ({ metric, at, value })).sort((a, b) => a.at - b.at);
    events.push(...(await air.evaluate(place.companyId, deviceId, place.placeId, ordered)));
  }
  return events;
}
