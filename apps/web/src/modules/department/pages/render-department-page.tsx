import type { Permission } from '@atrium/contract';
import { Route, Routes } from 'react-router';
import { SessionProvider } from '../../../shared/session/session-context';
import { makeUser } from '../../../test/factories';
import { renderWithProviders } from '../../../test/render';
import { DepartmentDetailPage } from './department-detail-page';
import { DepartmentPage } from './department-page';

/** The group pages alone (no shell around them), signed in with `permissions`: lighter than the whole console. */
export function renderDepartmentPage(path: string, permissions: Permission[]) {
  const session = { user: makeUser({ permissions }), menu: [], menuNodes: [], menuItems: [], menuPaths: ['/group'] };
  return renderWithProviders(
    <SessionProvider value={session}>
      <Routes>
        <Route path="/group" element={<DepartmentPage />} />
        <Route path="/group-detail/:id" element={<DepartmentDetailPage />} />
      </Routes>
    </SessionProvider>,
    { path },
  );
}
