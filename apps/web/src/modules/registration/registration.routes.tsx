import type { PageRoute } from '../../shared/routing/page-route';

/** The registration wizard's pages, public; they share the wizard state (RegistrationLayout). */
export const registrationWizardRoutes: PageRoute[] = [
  { path: '/register', titleKey: 'registration.email.title', load: () => import('./pages/register-page').then((m) => m.RegisterPage) },
  { path: '/register-code', titleKey: 'registration.code.title', load: () => import('./pages/register-code-page').then((m) => m.RegisterCodePage) },
  { path: '/register-pwd', titleKey: 'registration.password.title', load: () => import('./pages/register-password-page').then((m) => m.RegisterPasswordPage) },
  { path: '/register-type', titleKey: 'registration.type.title', load: () => import('./pages/register-type-page').then((m) => m.RegisterTypePage) },
  { path: '/create', titleKey: 'registration.company.title', load: () => import('./pages/create-company-page').then((m) => m.CreateCompanyPage) },
];

/** Password recovery, public. */
export const recoveryRoutes: PageRoute[] = [
  { path: '/retrieve', titleKey: 'registration.retrieve.title', load: () => import('./pages/retrieve-page').then((m) => m.RetrievePage) },
  { path: '/reset/:reqToken', titleKey: 'registration.reset.title', load: () => import('./pages/reset-page').then((m) => m.ResetPage) },
];
