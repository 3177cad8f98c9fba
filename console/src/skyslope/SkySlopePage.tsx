import { Fragment, useEffect } from 'react';
import { useNotify } from 'react-admin';
import { PageFrame } from '../shared/page/PageFrame';
import { LoadError, LoadingRows } from '../shared/load/LoadState';
import { useLoad } from '../shared/load/useLoad';
import { skyslopeApi } from '.';
import { ApiConfigurationPanel } from './ApiConfigurationPanel';
import { serverMessageOf } from './errors';
import { MatchedUsersPanel } from './MatchedUsersPanel';
import { SKYSLOPE_LABELS as L, SKYSLOPE_MESSAGES as M } from './messages';
import { OfficeMappingPanel } from './OfficeMappingPanel';
import { PreferencesPanel } from './PreferencesPanel';
import { hasCredentials } from './rules';
import { SyncActivityPanel } from './SyncActivityPanel';

/**
 * /app/admin/skyslope (ADMIN of a team with transaction_sync; spec 002 section 2.6): API
 * Configuration, and once keys are saved Office Mapping, Preferences, Matched Users and Sync Activity.
 */
const SkySlopePage = () => {
  const notify = useNotify();
  // useLoad keeps the message only; the toast wants the server's own words or the fallback.
  const settings = useLoad(
    () => skyslopeApi.getSettings().catch((error: unknown) => Promise.reject(new Error(serverMessageOf(error, M.settingsLoadFailed)))),
    [],
  );

  useEffect(() => {
    if (settings.error) notify(settings.error, { type: 'error' });
  }, [settings.error, notify]);

  const connected = hasCredentials(settings.data?.access_keys);
  return (
    <PageFrame title={L.title} testId="skyslope-page" maxWidth={960}>
      {settings.error ? (
        <LoadError message={settings.error} testId="skyslope-settings-error" onRetry={settings.reload} />
      ) : settings.loading && !settings.data ? (
        <LoadingRows testId="skyslope-settings-loading" />
      ) : (
        <>
          <ApiConfigurationPanel settings={settings.data} onSaved={settings.reload} />
          {connected && settings.data && (
            // New keys: the panels read SkySlope again.
            <Fragment key={`${settings.data.access_keys.access_key}|${settings.data.access_keys.access_secret}`}>
              <OfficeMappingPanel />
              <PreferencesPanel settings={settings.data} onChange={(next) => settings.setData(next)} />
              <MatchedUsersPanel />
              <SyncActivityPanel />
            </Fragment>
          )}
        </>
      )}
    </PageFrame>
  );
};

export default SkySlopePage;
