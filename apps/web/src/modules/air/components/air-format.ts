import { AIR_METRIC_CATALOGUE, type SmartDeviceStatus, type AirMetric, type AirState, type LocationNode } from '@atrium/contract';

/** Number formats by language and decimals, made once (a chart's axis and every card print many values). */
const numberFormats = new Map<string, Intl.NumberFormat>();

/** A value with the catalogue's decimals, grouped and written as the language writes numbers (unit apart). */
export function formatAirNumber(metric: AirMetric, value: number, lang: string): string {
  const { decimals } = AIR_METRIC_CATALOGUE[metric];
  const key = `${lang}|${decimals}`;
  let format = numberFormats.get(key);
  if (!format) numberFormats.set(key, (format = new Intl.NumberFormat(lang, { minimumFractionDigits: decimals, maximumFractionDigits: decimals })));
  return format.format(value);
}

/** A value with its unit: `1,250 ppm`, `22.5 °C`, `45%`. */
export function formatAirValue(metric: AirMetric, value: number, lang: string): string {
  const { unit } = AIR_METRIC_CATALOGUE[metric];
  return unit === '%' ? `${formatAirNumber(metric, value, lang)}%` : `${formatAirNumber(metric, value, lang)} ${unit}`;
}

/** The colour of a state: green, amber, red (the same on the console and the lobby board). */
export const AIR_STATE_COLOR: Readonly<Record<AirState, string>> = { ok: '#389e0d', beyond: '#d48806', alert: '#cf1322' };

export const AIR_STATUS_COLOR: Readonly<Record<SmartDeviceStatus, string>> = { online: 'success', partially_online: 'warning', offline: 'error', inactive: 'default' };

/** A TreeSelect's data from the location tree. */
export interface LocationOption {
  value: number;
  title: string;
  children: LocationOption[];
}

export function locationOptions(nodes: readonly LocationNode[]): LocationOption[] {
  return nodes.map((node) => ({ value: node.id, title: node.locationName, children: locationOptions(node.childList) }));
}

/** Every node of the tree by id, with its path of names. */
export function locationPaths(nodes: readonly LocationNode[], parent: string[] = [], out = new Map<number, string[]>()): Map<number, string[]> {
  for (const node of nodes) {
    const path = [...parent, node.locationName];
    out.set(node.id, path);
    locationPaths(node.childList, path, out);
  }
  return out;
}
