import type { PadBroadcast } from '@atrium/contract';
import { useTranslation } from 'react-i18next';
import { useDeviceImage } from '../api/pad.queries';

/**
 * The running broadcast notice as a banner between the room's header and its screen: it shares the
 * display, so the room's state, its meetings and its buttons stay in sight and in reach.
 */
export function PadBroadcastBanner({ broadcast, token }: { broadcast: PadBroadcast; token: string }) {
  const { t } = useTranslation();
  const image = useDeviceImage(broadcast.imageUrl ?? undefined, token);
  return (
    <section className="pad-broadcast" aria-label={t('pad.broadcast')} aria-live="polite" data-testid="pad-broadcast">
      {image ? <img src={image} alt="" className="pad-broadcast-image" /> : null}
      <div className="pad-broadcast-text">
        <span className="pad-broadcast-label">
          <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path d="M3 10v4h3l6 4V6L6 10H3Zm12.5 2a4.5 4.5 0 0 0-2.5-4v8a4.5 4.5 0 0 0 2.5-4Zm-2.5-8.8v2.1a7 7 0 0 1 0 13.4v2.1a9 9 0 0 0 0-17.6Z" fill="currentColor" />
          </svg>
          {t('pad.notice')}
        </span>
        <h2 className="pad-broadcast-title" title={broadcast.title}>
          {broadcast.title}
        </h2>
      </div>
    </section>
  );
}
