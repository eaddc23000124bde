import { useCallback, useState } from 'react';
import { padToken } from '../api/pad.api';
import { PadActivation } from '../components/pad-activation';
import { PadScreen } from '../components/pad-screen';
import './pad-page.css';

/** /pad (public, no console shell): a tablet at a room's door. Activation code first, then the room. */
export function PadPage() {
  const [token, setToken] = useState<string | null>(() => padToken.read());
  const forget = useCallback(() => {
    padToken.write(null);
    setToken(null);
  }, []);
  const remember = useCallback((value: string) => {
    padToken.write(value);
    setToken(value);
  }, []);
  return <div className="pad-root">{token ? <PadScreen token={token} onSignedOut={forget} /> : <PadActivation onActivated={remember} />}</div>;
}
