import type { BlackoutDay, BlackoutOption, BlackoutOptions } from '@app/contracts';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EventBusyIcon from '@mui/icons-material/EventBusy';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { Form, TextInput, useNotify } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { teamAdminApi } from '..';
import { hasFieldErrors, messageOf, statusOf } from '../../shared/forms/fieldErrors';
import { SectionCard } from '../../shared/page/PageFrame';
import { DeleteConfirm } from '../../shared/dialogs/DeleteConfirm';
import { EmptyState, LoadError, LoadingRows } from '../../shared/load/LoadState';
import { submitErrors } from '../../shared/forms/submitErrors';
import { useLoad } from '../../shared/load/useLoad';
import { DateInput } from '../../shared/form-fields';
import { ADMIN_MESSAGES, ADMIN_TEAM_LABELS, COMMON_MESSAGES } from '../messages';
import {
  canPickDate,
  CUSTOM_DAY_FIELDS,
  customDaysOf,
  formatDayDate,
  isChecked,
  labelRequired,
  notBefore,
  teamToday,
  toApiDate,
  withCustom,
  withoutDay,
  withoutPredefined,
  withPredefined,
  type PredefinedKind,
} from './blackoutState';

const L = ADMIN_TEAM_LABELS;

interface Loaded {
  options: BlackoutOptions;
  days: BlackoutDay[];
  /** The team's time zone: "today" for custom days is the date there. */
  timezone: string | null;
}

const Column = ({ title, testId, children }: { title: string; testId: string; children: React.ReactNode }) => (
  <Box data-testid={testId} sx={{ minWidth: 0 }}>
    <Typography variant="subtitle2" component="h3" sx={{ mb: 0.5, color: 'text.secondary', textTransform: 'uppercase', fontSize: 12 }}>
      {title}
    </Typography>
    {children}
  </Box>
);

/** The custom day's fields: the date opens once a label is typed (spec 000 section 4). */
const CustomDayFields = ({ today, saving }: { today: string; saving: boolean }) => {
  const label = useWatch({ name: 'day_label' });
  const dateOpen = canPickDate(typeof label === 'string' ? label : '');
  const dateRules = useMemo(() => [notBefore(today)], [today]);
  return (
    <Box data-testid="blackout-custom-form" sx={{ display: 'flex', flexDirection: 'column', gap: 1, mt: 1 }}>
      <TextInput
        source="day_label"
        label={L.customLabel}
        validate={labelRequired}
        size="small"
        margin="none"
        helperText={false}
        slotProps={{ htmlInput: { 'data-testid': 'blackout-custom-label', maxLength: 100 } }}
      />
      {/* The hint under the disabled date stays readable (contrast), not greyed out with the input. */}
      <Box data-testid="blackout-custom-date" sx={{ '& .MuiFormHelperText-root.Mui-disabled': { color: 'text.secondary' } }}>
        <DateInput
          source="day_date"
          label={L.customDate}
          required
          requiredMessage={ADMIN_MESSAGES.blackoutDateRequired}
          validate={dateRules}
          disabled={!dateOpen}
          helperText={dateOpen ? L.customDateHelp : L.customDateHint}
        />
      </Box>
      <Box>
        <Button
          type="submit"
          variant="outlined"
          size="small"
          disabled={saving}
          startIcon={saving ? <CircularProgress size={16} color="inherit" /> : <AddIcon />}
          data-testid="blackout-custom-add"
        >
          {L.addCustomDay}
        </Button>
      </Box>
    </Box>
  );
};

/**
 * The add-a-custom-day form: a label, then a date (mm/dd/yyyy, the shared date input) that is today or
 * later in the team's time zone; both required. A saved day clears the form.
 */
const CustomDayForm = ({ today, onAdded }: { today: string; onAdded: (day: BlackoutDay | null) => void }) => {
  const notify = useNotify();
  const [saving, setSaving] = useState(false);
  // A new key is a fresh, empty form after a save.
  const [generation, setGeneration] = useState(0);

  const handleSubmit = async (values: Record<string, unknown>): Promise<Record<string, string> | undefined> => {
    const label = String(values.day_label ?? '').trim();
    const date = toApiDate(values.day_date);
    if (saving || !date) return undefined;
    setSaving(true);
    try {
      const answer = await teamAdminApi.addBlackoutDay({ day_label: label, day_date: date });
      notify(ADMIN_MESSAGES.settingSaved, { type: 'success' });
      setGeneration((current) => current + 1);
      onAdded(answer?.record ?? null);
      return undefined;
    } catch (error) {
      // The same day twice: said under the date.
      if (!hasFieldErrors(error) && statusOf(error) === 409) return { day_date: messageOf(error, ADMIN_MESSAGES.blackoutAlreadyAdded) };
      return submitErrors(error, notify, CUSTOM_DAY_FIELDS);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form key={generation} onSubmit={handleSubmit} mode="onSubmit" reValidateMode="onChange" noValidate disableInvalidFormNotification>
      <CustomDayFields today={today} saving={saving} />
    </Form>
  );
};

/**
 * Blackout Days (spec 000 sections 2, 4, 5): checking a weekday or a holiday saves it, unchecking
 * deletes it; custom days are added with a label and a date, and removed from their list.
 */
export const BlackoutDaysPanel = () => {
  const notify = useNotify();
  const loaded = useLoad<Loaded>(async () => {
    const [options, days, team] = await Promise.all([
      teamAdminApi.getBlackoutOptions(),
      teamAdminApi.getBlackoutDays(),
      teamAdminApi.getTeam(),
    ]);
    return { options, days, timezone: team.timezone };
  });
  const [pending, setPending] = useState<ReadonlySet<string>>(new Set());
  const [removing, setRemoving] = useState<{ open: boolean; day: BlackoutDay | null }>({ open: false, day: null });
  const [busyRemoving, setBusyRemoving] = useState(false);

  const setDays = (update: (days: BlackoutDay[]) => BlackoutDay[]) =>
    loaded.setData((current) => current && { ...current, days: update(current.days) });

  const done = (key: string) =>
    setPending((current) => {
      const next = new Set(current);
      next.delete(key);
      return next;
    });

  const handleToggle = async (option: BlackoutOption, kind: PredefinedKind, checked: boolean) => {
    if (!loaded.data || pending.has(option.id)) return;
    const previous = loaded.data.days.find((day) => day.kind !== 'custom' && day.predefined_day_key === option.id);
    setPending((current) => new Set(current).add(option.id));
    // The box moves at once; it goes back if the server refuses.
    setDays((days) => (checked ? withPredefined(days, option, kind) : withoutPredefined(days, option.id)));
    try {
      if (checked) {
        const answer = await teamAdminApi.addBlackoutDay({ predefined_day_key: option.id });
        if (answer?.record) setDays((days) => withPredefined(days, option, kind, answer.record));
      } else {
        await teamAdminApi.deleteBlackoutDay({ predefined_day_key: option.id });
      }
      notify(ADMIN_MESSAGES.settingSaved, { type: 'success' });
    } catch {
      setDays((days) => (checked ? withoutPredefined(days, option.id) : withPredefined(days, option, kind, previous ?? null)));
      notify(COMMON_MESSAGES.saveFailed, { type: 'error', autoHideDuration: null });
    } finally {
      done(option.id);
    }
  };

  const closeRemove = () => setRemoving((current) => ({ ...current, open: false }));
  const handleRemove = async () => {
    const day = removing.day;
    if (!day) return;
    setBusyRemoving(true);
    try {
      await teamAdminApi.deleteBlackoutDay({ team_blackout_day_id: day.team_blackout_day_id });
      setDays((days) => withoutDay(days, day.team_blackout_day_id));
      notify(ADMIN_MESSAGES.settingSaved, { type: 'success' });
    } catch (error) {
      notify(messageOf(error, COMMON_MESSAGES.saveFailed), { type: 'error' });
    } finally {
      setBusyRemoving(false);
      closeRemove();
    }
  };

  const renderOptions = (options: BlackoutOption[], kind: PredefinedKind) => (
    <FormGroup>
      {options.map((option) => (
        <FormControlLabel
          key={option.id}
          label={option.label}
          control={
            <Checkbox
              size="small"
              checked={isChecked(loaded.data?.days ?? [], option.id)}
              disabled={pending.has(option.id)}
              onChange={(event) => void handleToggle(option, kind, event.target.checked)}
              slotProps={{ input: { 'data-testid': `blackout-${option.id}` } as object }}
            />
          }
        />
      ))}
    </FormGroup>
  );

  const custom = customDaysOf(loaded.data?.days ?? []);

  return (
    <SectionCard title={L.blackoutTitle} testId="blackout-days">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {L.blackoutIntro}
      </Typography>
      {loaded.error ? (
        <LoadError message={loaded.error} testId="blackout-days-error" onRetry={loaded.reload} />
      ) : !loaded.data ? (
        <LoadingRows testId="blackout-days-loading" rows={4} />
      ) : (
        <Box
          sx={{
            display: 'grid',
            gap: 3,
            // Three columns on wide screens, one at 960px and less.
            gridTemplateColumns: { xs: '1fr', sm: '1fr 1.4fr 1.6fr' },
          }}
        >
          <Column title={L.weekdays} testId="blackout-weekdays">
            {renderOptions(loaded.data.options.weekdays, 'weekday')}
          </Column>
          <Column title={L.holidays} testId="blackout-holidays">
            {renderOptions(loaded.data.options.holidays, 'holiday')}
          </Column>
          <Column title={L.customDays} testId="blackout-custom">
            {custom.length === 0 ? (
              <EmptyState testId="blackout-custom-empty" icon={<EventBusyIcon />} text={L.noCustomDays} />
            ) : (
              <List dense disablePadding data-testid="blackout-custom-list">
                {custom.map((day) => (
                  <ListItem
                    key={day.team_blackout_day_id}
                    divider
                    disableGutters
                    data-testid={`blackout-custom-day-${day.team_blackout_day_id}`}
                    data-label={day.day_label}
                    data-date={day.day_date ?? ''}
                    secondaryAction={
                      <Tooltip title={L.deleteCustomDay(day.day_label)}>
                        <IconButton
                          edge="end"
                          size="small"
                          aria-label={L.deleteCustomDay(day.day_label)}
                          onClick={() => setRemoving({ open: true, day })}
                          data-testid={`blackout-custom-remove-${day.team_blackout_day_id}`}
                        >
                          <DeleteIcon fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    }
                  >
                    <ListItemText primary={day.day_label} secondary={formatDayDate(day.day_date)} />
                  </ListItem>
                ))}
              </List>
            )}
            <CustomDayForm
              today={teamToday(loaded.data.timezone)}
              onAdded={(day) => (day ? setDays((days) => withCustom(days, day)) : loaded.reload())}
            />
          </Column>
        </Box>
      )}
      <DeleteConfirm
        open={removing.open}
        title={L.deleteCustomDayTitle(removing.day?.day_label ?? '')}
        loading={busyRemoving}
        onConfirm={() => void handleRemove()}
        onClose={closeRemove}
        testId="blackout-remove-confirm"
      />
    </SectionCard>
  );
};
