import { useCallback, useState } from 'react';
import { readPadToken, writePadToken } from '../api/pad.api';
import { PadActivation } from '../components/pad-activation';
import { PadScreen } from '../components/pad-screen';
import './pad-page.css';

/** /pad (public, no console shell): a tablet at a room's door. Activation code first, then the room. */
export function PadPage() {
  const [token, setToken] = useState<string | null>(() => readPadToken());
  const forget = useCallback(() => {
    writePadToken(null);
    setToken(null);
  }, []);
  const remember = useCallback((value: string) => {
    writePadToken(value);
    setToken(value);
  }, []);
  return <div className="pad-root">{token ? <PadScreen token={token} onSignedOut={forget} /> : <PadActivation onActivated={remember} />}</div>;
}
