import { AIR_BOARD_LINK_NAME_MAX } from '@atrium/contract';
import { SecretLinksDrawer } from '../../../shared/ui/secret-links-drawer';
import { useAirBoardLinks, useCreateAirBoardLink, useRevokeAirBoardLink } from '../api/air.api';
import type { LocationOption } from './air-format';

/** The lobby board's secret links: create one (its address shown once), see them, revoke one. */
export function AirBoardLinksDrawer({ open, onClose, locations, canEdit }: { open: boolean; onClose: () => void; locations: LocationOption[]; canEdit: boolean }) {
  const links = useAirBoardLinks(open);
  const create = useCreateAirBoardLink();
  const revoke = useRevokeAirBoardLink();
  return (
    <SecretLinksDrawer
      open={open}
      onClose={onClose}
      texts="air.links"
      testIds="air"
      places={locations}
      nameMax={AIR_BOARD_LINK_NAME_MAX}
      canEdit={canEdit}
      links={{ list: links.data?.list, isLoading: links.isLoading }}
      create={{ run: (body) => create.mutateAsync(body), isPending: create.isPending }}
      revoke={(id) => revoke.mutateAsync(id)}
    />
  );
}
