import type { LoginResult } from '@atrium/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useRef } from 'react';
import { api } from '../../../shared/api/api';
import { deploymentProfileQuery, signInThroughProxy } from '../../../shared/deployment/deployment.api';

export interface ProfileSignInOptions {
  /** The visitor just arrived (no change form, no notice to show): only then is the form skipped. */
  isArrival: boolean;
  redirect: string | null;
  onSignedIn: (result: LoginResult) => void;
}

/**
 * The deployment profile's sign-in page (decision 0021): `sso` goes straight to the company's
 * identity provider, `proxy` takes the session the trusted reverse proxy vouches for. Once per visit;
 * whatever fails leaves the ordinary form in place.
 */
export function useProfileSignIn({ isArrival, redirect, onSignedIn }: ProfileSignInOptions) {
  const { data: profile } = useQuery(deploymentProfileQuery);
  const hasTried = useRef(false);
  const signedIn = useEffectEvent(onSignedIn);

  useEffect(() => {
    if (!profile || !isArrival || hasTried.current || profile.signInPage === 'form') return;
    hasTried.current = true;
    if (profile.signInPage === 'proxy') {
      signInThroughProxy().then(signedIn, () => undefined);
    } else if (profile.ssoDomain) {
      api
        .get<{ url: string }>('/oauth/getSSOLoginUrl', { query: { domain: profile.ssoDomain, redirect: redirect ?? undefined }, notify: false })
        .then(({ url }) => window.location.assign(url), () => undefined);
    }
  }, [profile, isArrival, redirect]);
}
