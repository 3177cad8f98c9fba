import { UI_FONT_WEIGHTS, UI_SCALES, type LandingPageChoice, type TeamForm, type UserDefaults, type UserProfile } from '@app/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useFormContext } from 'react-hook-form';
import { BooleanInput, Form, FormDataConsumer, Loading, SaveButton, SelectInput, useGetOne, useNotify, type RaRecord } from 'react-admin';
import { accountApi } from '..';
import { requiredRule } from '../../shared/form-fields';
import { SINGLETON_ID } from '../../dataProvider/resources';
import { PageFrame, SectionCard } from '../../shared/page/PageFrame';
import { fieldErrorsOf, hasFieldErrors } from '../../shared/forms/fieldErrors';
import { ACCOUNT_LABELS, ACCOUNT_MESSAGES } from '../messages';
import { isMarketZero } from '../profile/profileRules';
import { defaultsPatch, formChoices, type Choice } from './settingsForm';
import { useUiSettings } from './UiSettingsContext';
import { normalizeUiSettings, type UiSettings } from './uiSettings';

// Marked required: react-admin then offers no empty option in these dropdowns (they always hold a value).
const requiredChoice = requiredRule(ACCOUNT_MESSAGES.required);

const SCALE_CHOICES = UI_SCALES.map((id) => ({ id, name: ACCOUNT_LABELS.scaleLabels[id] }));
const WEIGHT_CHOICES = UI_FONT_WEIGHTS.map((id) => ({ id, name: ACCOUNT_LABELS.fontWeightLabels[id] }));
const SCOPE_CHOICES: Choice[] = Object.entries(ACCOUNT_LABELS.scopeLabels).map(([id, name]) => ({ id, name }));

/** Applies the UI settings being edited to the whole console at once; back to the saved ones on leaving. */
const LivePreview = ({ values }: { values: Partial<UiSettings> }) => {
  const { preview } = useUiSettings();
  const { ui_scale, ui_font_weight, dark_mode } = values;
  useEffect(() => {
    preview(normalizeUiSettings({ ui_scale, ui_font_weight, dark_mode }));
  }, [preview, ui_scale, ui_font_weight, dark_mode]);
  useEffect(() => () => preview(null), [preview]);
  return null;
};

/**
 * The app bar's toggle saves dark_mode too: whenever settings are committed the switch shows the
 * saved value, and the baseline of the next save takes it (no stale 'Dark' after a toggle).
 */
const FollowSavedDarkMode = ({ onSaved }: { onSaved: (darkMode: boolean) => void }) => {
  const { saved, revision } = useUiSettings();
  const { setValue } = useFormContext();
  const seen = useRef(revision);
  useEffect(() => {
    if (seen.current === revision) return;
    seen.current = revision;
    setValue('dark_mode', saved.dark_mode);
    onSaved(saved.dark_mode);
  }, [revision, saved.dark_mode, setValue, onSaved]);
  return null;
};

function withCurrent(choices: Choice[], current: unknown): Choice[] {
  if (current === null || current === undefined || current === '' || choices.some((choice) => choice.id === current)) {
    return choices;
  }
  return [{ id: current as string, name: String(current) }, ...choices];
}

/** /app/account/settings: UI, app and form settings (GET/PATCH /user/profile/defaults). */
const AccountSettingsPage = () => {
  const notify = useNotify();
  const { commit } = useUiSettings();
  const { data: profile } = useGetOne<UserProfile & RaRecord>('profile', { id: SINGLETON_ID });
  const [defaults, setDefaults] = useState<UserDefaults | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [landingPages, setLandingPages] = useState<LandingPageChoice[]>([]);
  const [forms, setForms] = useState<TeamForm[]>([]);
  const saved = useRef<UserDefaults | null>(null);

  useEffect(() => {
    let cancelled = false;
    // The form opens once the settings and the landing page choices are in (no raw ids shown).
    Promise.all([accountApi.getDefaults(), accountApi.getLandingPageChoices().catch(() => [])])
      .then(([loaded, choices]) => {
        if (cancelled) return;
        saved.current = loaded;
        setLandingPages(choices);
        setDefaults(loaded);
      })
      .catch(() => !cancelled && setLoadError(ACCOUNT_MESSAGES.serverError));
    accountApi
      .getForms()
      .then((list) => !cancelled && setForms(list))
      .catch(() => undefined); // Teams without forms (or the transactions service away): empty choices.
    return () => {
      cancelled = true;
    };
  }, []);

  const followDarkMode = useCallback((dark_mode: boolean) => {
    if (saved.current) saved.current = { ...saved.current, dark_mode };
  }, []);

  const marketZero = isMarketZero(profile);
  const record = useMemo(
    () => (defaults ? { id: SINGLETON_ID, ...defaults, default_landing_page: defaults.default_landing_page || 'SNAPSHOT' } : undefined),
    [defaults],
  );

  const handleSubmit = async (values: Record<string, unknown>) => {
    const previous = saved.current ?? ({} as UserDefaults);
    const patch = defaultsPatch(values as Partial<UserDefaults>, previous, marketZero);
    try {
      const answer = Object.keys(patch).length > 0 ? await accountApi.updateDefaults(patch) : null;
      const next = {
        ...previous,
        ...patch,
        ...(answer && typeof answer === 'object' && 'ui_scale' in answer ? (answer as UserDefaults) : {}),
      } as UserDefaults;
      saved.current = next;
      setDefaults(next);
      commit(normalizeUiSettings(next));
      notify(ACCOUNT_MESSAGES.profileUpdated, { type: 'success' });
      return undefined;
    } catch (error) {
      if (hasFieldErrors(error)) {
        notify(ACCOUNT_MESSAGES.formError, { type: 'error' });
        return fieldErrorsOf(error);
      }
      notify(ACCOUNT_MESSAGES.serverError, { type: 'error' });
      return undefined;
    }
  };

  const landingChoices = withCurrent(
    landingPages.map((choice) => ({ id: choice.id, name: choice.label })),
    record?.default_landing_page,
  );

  return (
    <PageFrame title={ACCOUNT_LABELS.settingsTitle} testId="account-settings-page">
      {loadError ? (
        <Alert severity="error" data-testid="account-settings-error">
          {loadError}
        </Alert>
      ) : !record ? (
        <Loading />
      ) : (
        <Form record={record} onSubmit={handleSubmit} disableInvalidFormNotification>
          <Box data-testid="account-settings-form">
            <SectionCard title={ACCOUNT_LABELS.uiSettings} testId="settings-ui">
              <SelectInput
                source="ui_scale"
                label={ACCOUNT_LABELS.uiScale}
                choices={SCALE_CHOICES}
                validate={requiredChoice}
                data-testid="settings-ui_scale"
              />
              <SelectInput
                source="ui_font_weight"
                label={ACCOUNT_LABELS.uiFontWeight}
                choices={WEIGHT_CHOICES}
                validate={requiredChoice}
                data-testid="settings-ui_font_weight"
              />
              <BooleanInput source="dark_mode" label={ACCOUNT_LABELS.darkMode} data-testid="settings-dark_mode" />
              <FormDataConsumer>{({ formData }) => <LivePreview values={formData as Partial<UiSettings>} />}</FormDataConsumer>
              <FollowSavedDarkMode onSaved={followDarkMode} />
            </SectionCard>

            <SectionCard title={ACCOUNT_LABELS.appSettings} testId="settings-app">
              {marketZero && (
                <SelectInput
                  source="default_scope"
                  label={ACCOUNT_LABELS.defaultScope}
                  choices={withCurrent(SCOPE_CHOICES, record.default_scope)}
                  emptyText={ACCOUNT_LABELS.none}
                  data-testid="settings-default_scope"
                />
              )}
              <SelectInput
                source="default_landing_page"
                label={ACCOUNT_LABELS.defaultLandingPage}
                choices={landingChoices}
                validate={requiredChoice}
                data-testid="settings-default_landing_page"
              />
            </SectionCard>

            {marketZero && (
              <SectionCard title={ACCOUNT_LABELS.formSettings} testId="settings-forms">
                <SelectInput
                  source="default_buyer_form"
                  label={ACCOUNT_LABELS.defaultBuyerForm}
                  choices={withCurrent(formChoices(forms, 'b'), record.default_buyer_form)}
                  emptyText={ACCOUNT_LABELS.none}
                  data-testid="settings-default_buyer_form"
                />
                <SelectInput
                  source="default_seller_form"
                  label={ACCOUNT_LABELS.defaultSellerForm}
                  choices={withCurrent(formChoices(forms, 's'), record.default_seller_form)}
                  emptyText={ACCOUNT_LABELS.none}
                  data-testid="settings-default_seller_form"
                />
                <SelectInput
                  source="default_form"
                  label={ACCOUNT_LABELS.defaultForm}
                  choices={withCurrent(formChoices(forms, 'all'), record.default_form)}
                  emptyText={ACCOUNT_LABELS.none}
                  data-testid="settings-default_form"
                />
                <SelectInput
                  source="default_transaction_page_form"
                  label={ACCOUNT_LABELS.defaultTransactionPageForm}
                  choices={withCurrent(formChoices(forms, 'all'), record.default_transaction_page_form)}
                  emptyText={ACCOUNT_LABELS.none}
                  data-testid="settings-default_transaction_page_form"
                />
              </SectionCard>
            )}

            <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
              <SaveButton label={ACCOUNT_LABELS.save} data-testid="settings-save" />
            </Box>
          </Box>
        </Form>
      )}
    </PageFrame>
  );
};

export default AccountSettingsPage;
