import type { ReactNode } from 'react';
import './device-message.css';

export interface DeviceMessageProps {
  kind: 'ok' | 'error';
  children: ReactNode;
  /** For an input that the message is about (aria-describedby). */
  id?: string;
  className?: string;
}

/**
 * A message on a device's screen (a door display, a visitor kiosk) that looks like what it is: an error in a red box with a warning mark
 * (announced at once), a success in a green one with a tick. Colour is never the only sign.
 */
export function DeviceMessage({ kind, children, id, className }: DeviceMessageProps) {
  return (
    <div id={id} role={kind === 'error' ? 'alert' : 'status'} className={['device-message', `device-message-${kind}`, className].filter(Boolean).join(' ')}>
      <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" className="device-message-icon">
        {kind === 'error' ? (
          <>
            <path d="M12 3 2 21h20L12 3Z" fill="currentColor" />
            <path d="M12 10v5" stroke="#fff" strokeWidth="2.2" strokeLinecap="round" />
            <circle cx="12" cy="18" r="1.3" fill="#fff" />
          </>
        ) : (
          <>
            <circle cx="12" cy="12" r="10" fill="currentColor" />
            <path d="m7.5 12.5 3 3 6-6.5" stroke="#fff" strokeWidth="2.2" fill="none" strokeLinecap="round" strokeLinejoin="round" />
          </>
        )}
      </svg>
      <span className="device-message-text">{children}</span>
    </div>
  );
}
