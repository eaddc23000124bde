import { useLocation, useNavigation } from 'react-router';

/**
 * The thin bar at the top: grows while a navigation loads (a page's code on first visit) and
 * completes after every navigation (spec 000 section 2).
 */
export function NavProgress() {
  const navigation = useNavigation();
  const { key } = useLocation();
  const busy = navigation.state !== 'idle';
  // A new key restarts the completion animation after each navigation.
  return <div key={busy ? 'loading' : key} className={busy ? 'atrium-nav-progress is-running' : 'atrium-nav-progress is-done'} aria-hidden="true" />;
}
