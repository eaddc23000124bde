import type { Permission } from '@atrium/contract';
import { Route, Routes } from 'react-router';
import { SessionProvider } from '../../../shared/session/session-context';
import { makeUser } from '../../../test/factories';
import { renderWithProviders } from '../../../test/render';
import { GroupDetailPage } from './group-detail-page';
import { GroupPage } from './group-page';

/** The group pages alone (no shell around them), signed in with `permissions`: lighter than the whole console. */
export function renderGroupPage(path: string, permissions: Permission[]) {
  const session = { user: makeUser({ permissions }), menu: [], menuNodes: [], menuItems: [], menuPaths: ['/group'] };
  return renderWithProviders(
    <SessionProvider value={session}>
      <Routes>
        <Route path="/group" element={<GroupPage />} />
        <Route path="/group-detail/:id" element={<GroupDetailPage />} />
      </Routes>
    </SessionProvider>,
    { path },
  );
}
