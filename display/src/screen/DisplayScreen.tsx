import { lazy, Suspense, useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { displayKeyOf, type DisplayConfig, type DisplayDataPush, type ScopeMenu, type UserProfile } from '@app/contracts';
import type { DisplayApi } from '../api/display-api';
import { messages } from '../messages';
import { SessionExpiredError } from '../session/session-manager';
import { defaultRange, localTimeZone, rangeOfPreset, sameRange, type RangePreset, type SelectedRange } from '../slideshow/date-range';
import { initialSlideDataState, slideDataReducer, slideViewOf } from '../slideshow/slide-data';
import { defaultScopeOf, resolveSlides, showsScope, subscriptionOf } from '../slideshow/slides';
import { useSlideshow } from '../slideshow/useSlideshow';
import { useDisplayConnection } from '../socket/DisplaySocketProvider';
import { useDisplayData } from '../socket/useDisplayData';
import { useWelcome } from '../socket/useWelcome';
import { useTheme } from '../theme/useTheme';
import { Loader } from './Loader';
import { SlideDots } from './SlideDots';
import { TopBar } from './TopBar';
import { useFullscreen } from './useFullscreen';
import { useViewportWidth } from './useViewportWidth';

// The slides and their charts are their own chunk (recharts in a further one).
const SlideView = lazy(() => import('../slides/SlideView'));

/**
 * Where Exit Display Mode goes: the console's landing route, which opens the user's default landing page
 * with the same query string.
 */
export const EXIT_DISPLAY_MODE_PATH = '/app/landing';

/** A call whose session ended: the app shows the sign-in, nothing to report here. */
const sessionEnded = (error: unknown) => error instanceof SessionExpiredError;

function LoadError() {
  return (
    <div className="slide-error" role="alert" data-testid="slide-error">
      {messages.slides.loadFailed}
    </div>
  );
}

export function DisplayScreen({ user, api }: { user: UserProfile; api: DisplayApi }) {
  const { status, socket } = useDisplayConnection();
  const welcome = useWelcome();
  const { theme, setTheme } = useTheme();
  const { isFullscreen, toggleFullscreen } = useFullscreen();
  const width = useViewportWidth();
  const [timeZone] = useState(localTimeZone);
  const teamId = user.team?.team_id ?? welcome?.team_id ?? 0;

  // The slides (GET /dashboard/display/config), asked again on reconnect when they could not be read.
  const [config, setConfig] = useState<DisplayConfig | null>(null);
  const [configFailed, setConfigFailed] = useState(false);
  const [configSeq, setConfigSeq] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    api.getConfig(controller.signal).then(
      (answer) => {
        setConfig(answer);
        setConfigFailed(false);
      },
      (error: unknown) => {
        if (!controller.signal.aborted && !sessionEnded(error)) setConfigFailed(true);
      },
    );
    return () => controller.abort();
  }, [api, configSeq]);
  const slides = useMemo(() => (config ? resolveSlides(config) : []), [config]);

  // The scope menu; the default scope is used before it arrives.
  const [scopeGroups, setScopeGroups] = useState<ScopeMenu['groups'] | null>(null);
  const [scopeSeq, setScopeSeq] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    api.getScopes(controller.signal).then(
      (menu) => setScopeGroups(menu.groups ?? []),
      () => undefined,
    );
    return () => controller.abort();
  }, [api, scopeSeq]);

  const { state: show, dispatch } = useSlideshow(slides.length);
  const [scope, setScope] = useState(() => defaultScopeOf(user));
  const [range, setRange] = useState<SelectedRange>(() => defaultRange(new Date(), timeZone));
  const slide = slides[show.index] ?? null;

  // "Today" is read again whenever a slide is (re)fetched: a TV left on for days moves to the next month
  // (and a ytd leaderboard to the next day) by itself; custom days stay as picked.
  const shownRange = useMemo<SelectedRange>(
    () => (range.preset === 'custom' ? range : { preset: range.preset, ...rangeOfPreset(range.preset, new Date(), timeZone) }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a new fetch (fetchSeq) re-reads "today"
    [range, timeZone, show.fetchSeq],
  );
  const subscription = useMemo(
    () => (slide ? subscriptionOf(slide, scope, teamId, shownRange, new Date(), timeZone) : null),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a new fetch (fetchSeq) re-reads "today"
    [slide, scope, teamId, shownRange, timeZone, show.fetchSeq],
  );
  const key = subscription ? displayKeyOf(teamId, subscription) : null;

  const [data, dispatchData] = useReducer(slideDataReducer, undefined, initialSlideDataState);
  const [retrySeq, setRetrySeq] = useState(0);
  useEffect(() => {
    if (!subscription || !key) return;
    const controller = new AbortController();
    dispatchData({ type: 'fetchStarted', key });
    api.getSlide(subscription, controller.signal).then(
      (answer) => dispatchData({ type: 'fetched', key, data: answer }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        if (!sessionEnded(error)) dispatchData({ type: 'fetchFailed', key });
      },
    );
    return () => {
      if (!controller.signal.aborted) controller.abort();
      dispatchData({ type: 'fetchCancelled', key });
    };
    // The subscription object changes with fetchSeq: that is what asks again for the same key.
  }, [api, subscription, key, retrySeq]);

  const onPush = useCallback((push: DisplayDataPush) => dispatchData({ type: 'pushed', push }), []);
  useDisplayData(subscription, key, onPush);

  const view = slideViewOf(data, key, slide?.id ?? null);

  // After a drop: what failed is asked again; a connection that lost its server session (missed pushes)
  // fetches the slide on screen again. Never on a timer.
  const wasConnected = useRef(false);
  const everConnected = useRef(false);
  const failedRef = useRef({ config: configFailed, slide: view.failed, scopes: scopeGroups === null });
  failedRef.current = { config: configFailed, slide: view.failed, scopes: scopeGroups === null };
  useEffect(() => {
    const connected = status === 'connected';
    if (connected && !wasConnected.current) {
      const reconnect = everConnected.current;
      everConnected.current = true;
      const failed = failedRef.current;
      if (failed.config) setConfigSeq((n) => n + 1);
      if (failed.scopes && reconnect) setScopeSeq((n) => n + 1);
      if (failed.slide || (reconnect && socket && !socket.recovered)) setRetrySeq((n) => n + 1);
    }
    wasConnected.current = connected;
  }, [status, socket]);

  const changeScope = (next: string) => {
    setScope(next);
    dispatch({ type: 'scopeChanged' });
  };
  const changeRange = (next: SelectedRange) => {
    const daysChanged = !sameRange(next, shownRange);
    setRange(next);
    if (daysChanged) dispatch({ type: 'rangeChanged' });
  };

  // The badge says Reconnecting… while the slide on screen could not be read (its last figures stay).
  const badge = status === 'connected' && (view.failed || (configFailed && !config)) ? 'reconnecting' : status;
  const teamName = welcome?.team_name ?? user.team?.name ?? null;

  return (
    <div className={`display${isFullscreen ? ' is-fullscreen' : ''}`} data-testid="display-screen">
      <TopBar
        teamName={teamName}
        status={badge}
        theme={theme}
        onThemeChange={setTheme}
        isFullscreen={isFullscreen}
        onToggleFullscreen={toggleFullscreen}
        onExit={() => window.location.assign(`${EXIT_DISPLAY_MODE_PATH}${window.location.search}`)}
        scope={slide && !showsScope(slide) ? null : { groups: scopeGroups ?? [], value: scope, onChange: changeScope }}
        range={shownRange}
        onRangePreset={(preset: Exclude<RangePreset, 'custom'>) => changeRange({ preset, ...rangeOfPreset(preset, new Date(), timeZone) })}
        onRangeCustom={(days) => changeRange({ preset: 'custom', ...days })}
        playing={show.playing}
        onPlayPause={() => dispatch({ type: show.playing ? 'pause' : 'play' })}
        onPrevious={() => dispatch({ type: 'previous' })}
        onNext={() => dispatch({ type: 'next' })}
      />
      <main
        className="slide-area"
        aria-live="polite"
        aria-busy={view.showLoader}
        data-testid="slide-area"
        data-slide-index={show.index}
        data-slide-id={slide?.id ?? ''}
        data-slide-kind={slide?.kind ?? ''}
        data-playing={show.playing}
      >
        {!config ? (
          configFailed ? (
            <LoadError />
          ) : (
            <Loader />
          )
        ) : view.showLoader ? (
          <Loader />
        ) : view.data && slide ? (
          <Suspense fallback={<Loader />}>
            <SlideView slide={slide} data={view.data} roles={user.roles} width={width} />
          </Suspense>
        ) : view.showError ? (
          <LoadError />
        ) : (
          <Loader />
        )}
      </main>
      <footer className="bottom-bar">
        <SlideDots
          slides={slides.map((s) => ({ id: String(s.index), title: s.title }))}
          current={show.index}
          onSelect={(index) => dispatch({ type: 'goTo', index })}
        />
      </footer>
    </div>
  );
}
