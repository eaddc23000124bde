import { AIR_METRICS, type AirBoardPlace } from '@atrium/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AIR_STATE_COLOR, formatAirValue } from './air-format';

export interface PlaceCardProps {
  place: AirBoardPlace;
  /** Under the values: the monitors online, alerts (the console's card). */
  footer?: ReactNode;
  testId: string;
}

/** A place's air now: a tile per metric it reports, coloured by its state. Used by /air-sensors and the lobby board. */
export function PlaceCard({ place, footer, testId }: PlaceCardProps) {
  const { t, i18n } = useTranslation();
  const metrics = AIR_METRICS.filter((metric) => place.values[metric] !== undefined || place.states[metric] !== undefined);
  const worst = Object.values(place.states).includes('alert') ? 'alert' : Object.values(place.states).includes('beyond') ? 'beyond' : 'ok';
  return (
    <article className={`air-place is-${worst}`} style={{ borderTopColor: AIR_STATE_COLOR[worst] }} data-testid={testId} data-state={worst}>
      <header className="air-place-head">
        <h2 className="air-place-name">{place.name}</h2>
        <span className="air-place-path">{place.path.slice(0, -1).slice(-2).join(' · ')}</span>
      </header>
      {metrics.length === 0 ? (
        <p className="air-place-empty">{t('air.sensors.noValues')}</p>
      ) : (
        <ul className="air-values">
          {metrics.map((metric) => {
            const state = place.states[metric] ?? 'ok';
            const value = place.values[metric];
            return (
              <li key={metric} className={`air-value is-${state}`} style={{ borderLeftColor: AIR_STATE_COLOR[state] }} data-testid={`${testId}-${metric}`} data-state={state}>
                <span className="air-value-label">{t(`air.metric.${metric}`)}</span>
                <span className="air-value-number">{value === undefined ? '—' : formatAirValue(metric, value, i18n.language)}</span>
                <span className="air-value-state">{t(`air.state.${state}`)}</span>
              </li>
            );
          })}
        </ul>
      )}
      {footer}
    </article>
  );
}
