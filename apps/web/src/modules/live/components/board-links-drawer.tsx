import { LIVE_LIMITS, type LiveLocation } from '@atrium/contract';
import { SecretLinksDrawer } from '../../../shared/ui/secret-links-drawer';
import { useBoardLinks, useCreateBoardLink, useRevokeBoardLink } from '../api/live.api';
import { locationTree } from './live-format';

/** Administrators create, copy and revoke the secret links of the public room board. */
export function BoardLinksDrawer({ open, onClose, locations }: { open: boolean; onClose: () => void; locations: LiveLocation[] }) {
  const links = useBoardLinks(open);
  const create = useCreateBoardLink();
  const revoke = useRevokeBoardLink();
  return (
    <SecretLinksDrawer
      open={open}
      onClose={onClose}
      texts="live.links"
      testIds="live"
      places={locationTree(locations)}
      nameMax={LIVE_LIMITS.linkNameMax}
      canEdit
      links={{ list: links.data?.list, isLoading: links.isLoading }}
      create={{ run: (body) => create.mutateAsync(body), isPending: create.isPending }}
      revoke={(id) => revoke.mutateAsync(id)}
    />
  );
}
