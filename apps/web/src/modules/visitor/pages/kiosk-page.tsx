import { useCallback, useState } from 'react';
import { kioskToken } from '../api/kiosk.api';
import { KioskActivation } from '../components/kiosk-activation';
import { KioskScreen } from '../components/kiosk-screen';
import './kiosk-page.css';

/**
 * /visitor-kiosk (public, no console shell): the tablet at reception where visitors check in by
 * their invitation's QR code (the spec's visitor pad). Activation code first, then the welcome screen.
 */
export function KioskPage() {
  const [token, setToken] = useState<string | null>(() => kioskToken.read());
  const forget = useCallback(() => {
    kioskToken.write(null);
    setToken(null);
  }, []);
  const remember = useCallback((value: string) => {
    kioskToken.write(value);
    setToken(value);
  }, []);
  return <div className="kiosk-root">{token ? <KioskScreen token={token} onSignedOut={forget} /> : <KioskActivation onActivated={remember} />}</div>;
}
