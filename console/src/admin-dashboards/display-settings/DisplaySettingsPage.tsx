import {
  CIRCLE_DASHBOARD_IDS,
  DISPLAY_SLIDES_MAX,
  LEADERBOARD_ID,
  LEADERBOARD_REPORTS,
  type CircleDashboardId,
  type DashboardId,
  type DisplayConfig,
  type LeaderboardReport,
} from '@app/contracts';
import AddIcon from '@mui/icons-material/Add';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import SaveIcon from '@mui/icons-material/Save';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { useNotify } from 'react-admin';
import { dashboardsApi } from '..';
import { PageFrame, SectionCard } from '../../shared/page/PageFrame';
import { fieldErrorsOf, messageOf } from '../../shared/forms/fieldErrors';
import { LoadError, LoadingRows } from '../../shared/load/LoadState';
import { DASHBOARD_ADMIN_LABELS as L, DASHBOARD_ADMIN_MESSAGES, DASHBOARD_MESSAGES, reportTitle } from '../messages';
import { SaveBar } from '../SaveBar';
import {
  addSlide,
  canAdd,
  configOf,
  dashboardNames,
  draftOf,
  moveSlide,
  placeDisplayErrors,
  removeSlide,
  sameConfig,
  setDashboard,
  setDefaultDashboard,
  setReport,
  setYtd,
  withoutField,
  withoutSlideErrors,
  type DisplayDraft,
  type SlideRow,
} from './slidesState';

interface Loaded {
  config: DisplayConfig;
  names: { id: DashboardId; name: string }[];
}

type Errors = Record<string, string>;

/** One slide: its dashboard, the leaderboard's report and YTD, and its move and remove buttons. */
const SlideItem = ({
  slide,
  index,
  count,
  names,
  errors,
  disabled,
  onDashboard,
  onReport,
  onYtd,
  onMove,
  onRemove,
}: {
  slide: SlideRow;
  index: number;
  count: number;
  names: Loaded['names'];
  errors: Errors;
  disabled: boolean;
  onDashboard: (id: DashboardId) => void;
  onReport: (report: LeaderboardReport) => void;
  onYtd: (ytd: boolean) => void;
  onMove: (step: -1 | 1) => void;
  onRemove: () => void;
}) => {
  const n = index + 1;
  const field = (name: string) => errors[`slides.${index}.${name}`];
  const leaderboard = slide.id === LEADERBOARD_ID;
  const headingId = `display-slide-${slide.key}`;
  return (
    <Box
      component="li"
      data-testid="display-slide"
      data-slide-key={slide.key}
      aria-labelledby={headingId}
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, px: 1.5, py: 1, mb: 1.5, listStyle: 'none' }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography id={headingId} component="h3" variant="subtitle2" sx={{ minWidth: 64 }}>
          {L.slideNumber(n)}
        </Typography>
        <Box sx={{ display: 'flex', ml: 'auto' }}>
          <IconButton
            aria-label={L.moveUp(n)}
            onClick={() => onMove(-1)}
            disabled={disabled || index === 0}
            data-move={`${slide.key}:up`}
            size="small"
          >
            <ArrowUpwardIcon fontSize="small" />
          </IconButton>
          <IconButton
            aria-label={L.moveDown(n)}
            onClick={() => onMove(1)}
            disabled={disabled || index === count - 1}
            data-move={`${slide.key}:down`}
            size="small"
          >
            <ArrowDownwardIcon fontSize="small" />
          </IconButton>
          <IconButton
            aria-label={L.removeSlide(n)}
            onClick={onRemove}
            disabled={disabled || count === 1}
            data-testid="display-slide-remove"
            size="small"
          >
            <DeleteOutlineIcon fontSize="small" />
          </IconButton>
        </Box>
      </Box>
      <Box
        sx={{
          display: 'flex',
          gap: { xs: 0, sm: 2 },
          flexDirection: { xs: 'column', sm: 'row' },
          alignItems: { xs: 'stretch', sm: 'flex-start' },
        }}
      >
        <TextField
          select
          label={L.dashboard}
          value={slide.id}
          onChange={(event) => onDashboard(Number(event.target.value) as DashboardId)}
          disabled={disabled}
          error={!!field('id')}
          helperText={field('id')}
          sx={{ flex: { sm: '1 1 0' } }}
          slotProps={{ select: { native: true }, htmlInput: { 'data-testid': 'display-slide-dashboard' } }}
        >
          {names.map(({ id, name }) => (
            <option key={id} value={id}>
              {L.dashboardOption(id, name)}
            </option>
          ))}
        </TextField>
        {leaderboard && (
          <TextField
            select
            label={L.report}
            value={slide.report ?? ''}
            onChange={(event) => onReport(event.target.value as LeaderboardReport)}
            disabled={disabled}
            error={!!field('report')}
            helperText={field('report')}
            sx={{ flex: { sm: '1 1 0' } }}
            slotProps={{ select: { native: true }, htmlInput: { 'data-testid': 'display-slide-report' } }}
          >
            {LEADERBOARD_REPORTS.map((report) => (
              <option key={report} value={report}>
                {reportTitle(report)}
              </option>
            ))}
          </TextField>
        )}
        {leaderboard && (
          // Not full width (react-admin's default): beside the two pickers on a wide screen.
          <FormControl
            fullWidth={false}
            error={!!field('ytd')}
            sx={{ flex: { sm: '0 0 auto' }, justifyContent: 'center', minHeight: { sm: 56 } }}
          >
            <FormControlLabel
              control={
                <Checkbox
                  checked={slide.ytd}
                  onChange={(event) => onYtd(event.target.checked)}
                  disabled={disabled}
                  slotProps={{ input: { 'data-testid': 'display-slide-ytd' } as object }}
                />
              }
              label={L.ytd}
            />
            {field('ytd') && <FormHelperText>{field('ytd')}</FormHelperText>}
          </FormControl>
        )}
      </Box>
    </Box>
  );
};

/**
 * /app/admin/display-settings (spec 002 sections 2.1, 3, 9): Display Mode's slides (add,
 * remove, reorder, each one's dashboard, the leaderboard's report and YTD) and the default circle
 * dashboard (7 or 9). Save sends the whole list; the server's field errors show where they belong.
 */
const DisplaySettingsPage = () => {
  const notify = useNotify();
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [draft, setDraft] = useState<DisplayDraft | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [reloadKey, setReloadKey] = useState(0);
  const [saving, setSaving] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const list = useRef<HTMLOListElement | null>(null);
  // After a move, the same button of the moved slide keeps the focus (or its other arrow at an end).
  const [focusAfterMove, setFocusAfterMove] = useState<{ key: string; dir: 'up' | 'down' } | null>(null);

  useEffect(() => {
    let cancelled = false;
    setLoadError(null);
    // The names only label the picker: without them the contract's names do.
    Promise.all([dashboardsApi.getDisplayConfig(), dashboardsApi.listDashboards().catch(() => null)])
      .then(([config, dashboards]) => {
        if (cancelled) return;
        setLoaded({ config, names: dashboardNames(dashboards?.dashboards) });
        setDraft(draftOf(config));
        setErrors({});
      })
      .catch((failure: unknown) => {
        if (cancelled) return;
        setLoadError(`${L.displayLoadFailed} ${messageOf(failure, DASHBOARD_ADMIN_MESSAGES.serverError)}`);
      });
    return () => {
      cancelled = true;
    };
  }, [reloadKey]);

  useEffect(() => {
    if (!focusAfterMove || !list.current) return;
    const buttons = [focusAfterMove.dir, focusAfterMove.dir === 'up' ? 'down' : 'up'].map((dir) =>
      list.current!.querySelector<HTMLButtonElement>(`[data-move="${focusAfterMove.key}:${dir}"]`),
    );
    buttons.find((button) => button && !button.disabled)?.focus();
    setFocusAfterMove(null);
  }, [focusAfterMove, draft]);

  const changed = !!loaded && !!draft && !sameConfig(loaded.config, configOf(draft));

  // A change to the list renumbers the slides: their old messages would point at the wrong ones.
  const restructure = (next: DisplayDraft) => {
    setDraft(next);
    setErrors((current) => withoutSlideErrors(current));
  };
  const edit = (next: DisplayDraft, ...fields: string[]) => {
    setDraft(next);
    setErrors((current) => fields.reduce(withoutField, current));
  };

  const save = async () => {
    if (!draft) return;
    const body = configOf(draft);
    setSaving(true);
    setErrors({});
    try {
      const { message, ...saved } = await dashboardsApi.saveDisplayConfig(body);
      const config = Array.isArray(saved.slides) ? (saved as DisplayConfig) : body;
      setLoaded((current) => (current ? { ...current, config } : current));
      setDraft(draftOf(config));
      notify(message || DASHBOARD_MESSAGES.displaySaved, { type: 'success' });
    } catch (error) {
      const list = Object.entries(fieldErrorsOf(error)).map(([field, message]) => ({ field, error: message }));
      if (list.length === 0) {
        notify(messageOf(error, DASHBOARD_ADMIN_MESSAGES.serverError), { type: 'error' });
      } else {
        const placed = placeDisplayErrors(list, body.slides.length);
        setErrors(placed.fields);
        notify(Object.keys(placed.fields).length > 0 ? DASHBOARD_ADMIN_MESSAGES.formError : placed.other[0], { type: 'error' });
      }
    } finally {
      setSaving(false);
    }
  };

  if (loadError) {
    return (
      <PageFrame title={L.displayTitle} testId="display-settings-page" maxWidth={960}>
        <LoadError message={loadError} testId="display-settings-error" onRetry={() => setReloadKey((value) => value + 1)} />
      </PageFrame>
    );
  }

  if (!loaded || !draft) {
    return (
      <PageFrame title={L.displayTitle} testId="display-settings-page" maxWidth={960}>
        <SectionCard>
          <LoadingRows testId="display-settings-loading" rows={5} />
        </SectionCard>
      </PageFrame>
    );
  }

  const defaultError = errors.default_dashboard_id;
  return (
    <PageFrame title={L.displayTitle} testId="display-settings-page" maxWidth={960}>
      <SectionCard title={L.slides} testId="display-slides">
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {L.displayIntro}
        </Typography>
        {errors.slides && (
          <Alert severity="error" data-testid="display-slides-error" sx={{ mb: 2 }}>
            {errors.slides}
          </Alert>
        )}
        <Box component="ol" ref={list} aria-label={L.slides} sx={{ p: 0, m: 0 }}>
          {draft.slides.map((slide, index) => (
            <SlideItem
              key={slide.key}
              slide={slide}
              index={index}
              count={draft.slides.length}
              names={loaded.names}
              errors={errors}
              disabled={saving}
              onDashboard={(id) =>
                edit(setDashboard(draft, index, id), ...['id', 'report', 'ytd'].map((name) => `slides.${index}.${name}`))
              }
              onReport={(report) => edit(setReport(draft, index, report), `slides.${index}.report`)}
              onYtd={(ytd) => edit(setYtd(draft, index, ytd), `slides.${index}.ytd`)}
              onMove={(step) => {
                restructure(moveSlide(draft, index, step));
                setFocusAfterMove({ key: slide.key, dir: step === -1 ? 'up' : 'down' });
              }}
              onRemove={() => restructure(removeSlide(draft, index))}
            />
          ))}
        </Box>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
          <Button
            startIcon={<AddIcon />}
            onClick={() => restructure(addSlide(draft))}
            disabled={saving || !canAdd(draft)}
            data-testid="display-add-slide"
          >
            {L.addSlide}
          </Button>
          {!canAdd(draft) && (
            <Typography variant="body2" color="text.secondary">
              {L.maxSlides(DISPLAY_SLIDES_MAX)}
            </Typography>
          )}
        </Box>
      </SectionCard>
      <SectionCard testId="display-default-dashboard">
        <FormControl error={!!defaultError} disabled={saving}>
          <FormLabel id="display-default-dashboard-label" sx={{ mb: 0.5 }}>
            {L.defaultDashboard}
          </FormLabel>
          <RadioGroup
            row
            aria-labelledby="display-default-dashboard-label"
            name="default_dashboard_id"
            value={String(draft.default_dashboard_id)}
            onChange={(event) => edit(setDefaultDashboard(draft, Number(event.target.value) as CircleDashboardId), 'default_dashboard_id')}
          >
            {CIRCLE_DASHBOARD_IDS.map((id) => (
              <FormControlLabel
                key={id}
                value={String(id)}
                control={<Radio />}
                label={L.dashboardOption(id, loaded.names.find((dashboard) => dashboard.id === id)?.name ?? String(id))}
              />
            ))}
          </RadioGroup>
          <FormHelperText data-testid="display-default-dashboard-help">{defaultError ?? L.defaultDashboardHelp}</FormHelperText>
        </FormControl>
      </SectionCard>
      <SaveBar testId="display-save-bar">
        <Button
          variant="contained"
          onClick={() => void save()}
          disabled={saving || !changed}
          startIcon={saving ? <CircularProgress size={16} color="inherit" /> : <SaveIcon />}
          data-testid="display-save"
        >
          {saving ? L.saving : L.save}
        </Button>
      </SaveBar>
    </PageFrame>
  );
};

export default DisplaySettingsPage;
