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
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { useNotify } from 'react-admin';
import { teamAdminApi } from '..';
import { fieldErrorsOf, hasFieldErrors, messageOf, statusOf } from '../../account/fieldErrors';
import { SectionCard } from '../../account/AccountPage';
import { DeleteConfirm } from '../common/DeleteConfirm';
import { EmptyState, LoadError, LoadingRows } from '../common/LoadState';
import { useLoad } from '../common/useLoad';
import { ADMIN_MESSAGES, ADMIN_TEAM_LABELS, COMMON_MESSAGES } from '../messages';
import {
  canPickDate,
  customDaysOf,
  formatDayDate,
  isChecked,
  toApiDate,
  validateCustomDay,
  withCustom,
  withoutDay,
  withoutPredefined,
  withPredefined,
  type CustomDayErrors,
  type PredefinedKind,
} from './blackoutState';

const L = ADMIN_TEAM_LABELS;

interface Loaded {
  options: BlackoutOptions;
  days: BlackoutDay[];
}

const Column = ({ title, testId, children }: { title: string; testId: string; children: React.ReactNode }) => (
  <Box data-testid={testId} sx={{ minWidth: 0 }}>
    <Typography variant="subtitle2" component="h3" sx={{ mb: 0.5, color: 'text.secondary', textTransform: 'uppercase', fontSize: 12 }}>
      {title}
    </Typography>
    {children}
  </Box>
);

/** The add-a-custom-day form: the date opens once a label is typed; label and date required. */
const CustomDayForm = ({ onAdded }: { onAdded: (day: BlackoutDay | null) => void }) => {
  const notify = useNotify();
  const [label, setLabel] = useState('');
  const [date, setDate] = useState('');
  const [errors, setErrors] = useState<CustomDayErrors>({});
  const [saving, setSaving] = useState(false);
  const dateOpen = canPickDate(label);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    const found = validateCustomDay({ label, date });
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    try {
      const answer = await teamAdminApi.addBlackoutDay({ day_label: label.trim(), day_date: toApiDate(date)! });
      notify(ADMIN_MESSAGES.settingSaved, { type: 'success' });
      setLabel('');
      setDate('');
      onAdded(answer?.record ?? null);
    } catch (error) {
      if (hasFieldErrors(error)) {
        const byField = fieldErrorsOf(error);
        setErrors({ day_label: byField.day_label, day_date: byField.day_date });
        notify(COMMON_MESSAGES.formError, { type: 'error' });
      } else if (statusOf(error) === 409) {
        // The same day twice: said under the date.
        setErrors({ day_date: messageOf(error, ADMIN_MESSAGES.blackoutAlreadyAdded) });
      } else {
        notify(messageOf(error, COMMON_MESSAGES.serverError), { type: 'error' });
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <Box component="form" noValidate onSubmit={handleSubmit} data-testid="blackout-custom-form" sx={{ display: 'flex', flexDirection: 'column', gap: 1, mt: 1 }}>
      <TextField
        size="small"
        label={L.customLabel}
        value={label}
        onChange={(event) => {
          setLabel(event.target.value);
          setErrors((current) => ({ ...current, day_label: undefined }));
        }}
        error={!!errors.day_label}
        helperText={errors.day_label}
        slotProps={{ htmlInput: { 'data-testid': 'blackout-custom-label', maxLength: 100 } }}
      />
      <TextField
        size="small"
        type="date"
        label={L.customDate}
        value={date}
        disabled={!dateOpen}
        onChange={(event) => {
          setDate(event.target.value);
          setErrors((current) => ({ ...current, day_date: undefined }));
        }}
        error={!!errors.day_date}
        helperText={errors.day_date ?? (dateOpen ? undefined : L.customDateHint)}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'blackout-custom-date' } }}
      />
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
 * Blackout Days (spec 000 sections 2, 4, 5): checking a weekday or a holiday saves it, unchecking
 * deletes it; custom days are added with a label and a date, and removed from their list.
 */
export const BlackoutDaysPanel = () => {
  const notify = useNotify();
  const loaded = useLoad<Loaded>(async () => {
    const [options, days] = await Promise.all([teamAdminApi.getBlackoutOptions(), teamAdminApi.getBlackoutDays()]);
    return { options, days };
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
      setDays((days) =>
        checked ? withoutPredefined(days, option.id) : withPredefined(days, option, kind, previous ?? null),
      );
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
