import { lazy, useMemo, type ReactNode } from 'react';
import { AccessDenied, Admin, CustomRoutes, Loading, Resource, usePermissions } from 'react-admin';
import { Route } from 'react-router-dom';
import { authProvider } from '../auth';
import type { ConsolePermissions } from '../auth/authProvider';
import { APP_PATH } from '../auth/routes';
import { dataProvider } from '../dataProvider';
import { HomePage } from '../home/HomePage';
import { AppLayout } from '../layout/AppLayout';
import { DocumentTitle } from '../layout/DocumentTitle';
import { BRAND_NAME } from '../layout/messages';
import { canSee, DATA_ONLY_RESOURCES, MENU, type MenuEntry } from '../layout/menu';
import { LAYOUT_MESSAGES } from '../layout/messages';
import { accountApi } from '../account';
import { UiSettingsProvider, useUiSettings } from '../account/settings/UiSettingsContext';
import { applyUiSettings } from '../account/settings/uiSettings';
import { darkTheme, lightTheme } from '../theme/adminThemes';

// /app/landing: Exit Display Mode comes here and goes on to the user's default landing page.
const LandingPage = lazy(() => import('../landing/LandingPage'));

const resources = [...DATA_ONLY_RESOURCES, ...MENU.flatMap((entry) => (entry.enabled && entry.resource ? [entry.resource] : []))];
const pages = MENU.filter((entry) => entry.enabled && entry.page);

/**
 * A page for some roles or permissions only: someone else who types its URL gets a plain refusal
 * instead of a screen whose calls all answer 403 (the server checks them on every call regardless).
 */
const AccessGate = ({ entry, children }: { entry: Pick<MenuEntry, 'roles' | 'permissions'>; children: ReactNode }) => {
  const { permissions, isPending } = usePermissions<ConsolePermissions>();
  if (!entry.roles && !entry.permissions) return <>{children}</>;
  if (isPending) return <Loading />;
  if (!canSee(entry, permissions?.roles, permissions?.permissions)) {
    return (
      <AccessDenied data-testid="access-denied" textPrimary={LAYOUT_MESSAGES.noAccess} textSecondary={LAYOUT_MESSAGES.noAccessDetail} />
    );
  }
  return <>{children}</>;
};

/**
 * The signed-in console under /app. The sign-in screen lives outside (at /auth/login), so
 * react-admin's own login route is off and the auth provider redirects there.
 */
const ConsoleAdmin = () => {
  // The user's UI settings (scale, font weight) shape both themes; dark mode picks one (UiSettingsSync).
  const { settings } = useUiSettings();
  const themes = useMemo(() => ({ light: applyUiSettings(lightTheme, settings), dark: applyUiSettings(darkTheme, settings) }), [settings]);
  return (
    <Admin
      basename={APP_PATH}
      title={BRAND_NAME}
      disableTelemetry
      requireAuth
      loginPage={false}
      authCallbackPage={false}
      authProvider={authProvider}
      dataProvider={dataProvider}
      layout={AppLayout}
      dashboard={HomePage}
      theme={themes.light}
      darkTheme={themes.dark}
    >
      {resources.map((resource) => (
        <Resource key={resource.name} {...resource} />
      ))}
      <CustomRoutes noLayout>
        <Route path="landing" element={<LandingPage />} />
      </CustomRoutes>
      <CustomRoutes>
        {pages.flatMap((entry) => {
          const Page = entry.page!;
          // `/*`: a page may hold its own <Routes> (users/new, users/:id, ...); `routes` mount it elsewhere too.
          return [entry.to, ...(entry.routes ?? [])].map((path) => (
            <Route
              key={`${entry.key}:${path}`}
              path={`${path}/*`}
              element={
                <AccessGate entry={entry}>
                  <Page />
                </AccessGate>
              }
            />
          ));
        })}
      </CustomRoutes>
    </Admin>
  );
};

const loadUiSettings = () => accountApi.getDefaults();

const ConsoleApp = () => (
  <UiSettingsProvider load={loadUiSettings}>
    <DocumentTitle />
    <ConsoleAdmin />
  </UiSettingsProvider>
);

// Default export: App.tsx loads this chunk with React.lazy.
export default ConsoleApp;
