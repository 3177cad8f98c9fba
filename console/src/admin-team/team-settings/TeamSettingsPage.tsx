import type { TeamSettings } from '@app/contracts';
import Box from '@mui/material/Box';
import { useMemo } from 'react';
import { AutocompleteInput, Form, Loading, SaveButton, TextInput, useGetIdentity, useNotify } from 'react-admin';
import { teamAdminApi } from '..';
import { PageFrame, FormRow, SectionCard } from '../../shared/page/PageFrame';
import { AddressInputs } from '../../account/AddressInputs';
import { updateSessionUser } from '../../account/session';
import { browserTimezones } from '../../account/timezones';
import { browserStorage, readSession } from '../../auth/session';
import { LoadError } from '../../shared/load/LoadState';
import { submitSave } from '../../shared/forms/submitErrors';
import { useLoad } from '../../shared/load/useLoad';
import { ADMIN_MESSAGES, ADMIN_TEAM_LABELS } from '../messages';
import { TeamLogoUpload } from './TeamLogoUpload';
import { addressRules, nameRules, TEAM_FIELDS, teamSettingsPayload, teamSettingsRecord, timezoneRules } from './teamSettingsRules';
import { browserTimeZone, timezoneChoices, type TimezoneChoice } from './timezones';

const L = ADMIN_TEAM_LABELS;
const F = L.teamFields;

/** The app bar shows the team's name from the session: keep it in step with a rename. */
function renameSessionTeam(name: string) {
  const team = readSession(browserStorage())?.user.team;
  if (team && team.name !== name) updateSessionUser({ team: { ...team, name } });
}

const groupOf = (choice: TimezoneChoice) => (choice.group === 'us' ? L.timezoneUs : L.timezoneOther);

/** /app/admin/team: logo, name, address, timezone (spec 000 sections 2, 5, 9; ADMIN only). */
const TeamSettingsPage = () => {
  const notify = useNotify();
  const { refetch: refetchIdentity } = useGetIdentity();
  const { data: team, error, loading, reload, setData } = useLoad(() => teamAdminApi.getTeam());
  const known = useMemo(() => browserTimezones(), []);
  // A team without a zone starts with the browser's: saving works without touching the field.
  const record = useMemo(() => (team ? teamSettingsRecord(team, browserTimeZone(known)) : undefined), [team, known]);
  const zones = useMemo(() => timezoneChoices(known, record?.timezone as string | undefined), [known, record?.timezone]);

  const handleSubmit = (values: Record<string, unknown>) =>
    submitSave(notify, {
      save: () => teamAdminApi.updateTeam(teamSettingsPayload(values)),
      onSaved: (answer) => {
        const saved: TeamSettings = { ...(team as TeamSettings), ...teamSettingsPayload(values), ...(answer?.record ?? {}) };
        setData(saved);
        renameSessionTeam(saved.name);
        void refetchIdentity();
      },
      savedMessage: ADMIN_MESSAGES.teamSettingsUpdated,
      fields: TEAM_FIELDS,
    });

  return (
    <PageFrame title={L.teamSettingsTitle} testId="team-settings-page" maxWidth={900}>
      {error ? (
        <LoadError message={error} testId="team-settings-error" onRetry={reload} />
      ) : loading || !team || !record ? (
        <Loading />
      ) : (
        <>
          <SectionCard title={L.teamLogo} testId="team-settings-logo">
            <TeamLogoUpload initialUrl={team.logo_url} />
          </SectionCard>
          <Form record={record} onSubmit={handleSubmit} mode="onBlur" reValidateMode="onChange" disableInvalidFormNotification>
            <Box data-testid="team-settings-form">
              <SectionCard title={L.teamInfo} testId="team-settings-info">
                <FormRow>
                  <TextInput source="name" label={F.name} validate={nameRules} data-testid="team-name" />
                  <AutocompleteInput
                    source="timezone"
                    label={F.timezone}
                    choices={zones}
                    groupBy={groupOf}
                    validate={timezoneRules}
                    data-testid="team-timezone"
                  />
                </FormRow>
              </SectionCard>
              <SectionCard title={L.address} testId="team-settings-address">
                <AddressInputs testIdPrefix="team" validate={addressRules} />
              </SectionCard>
              <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
                <SaveButton label={L.save} data-testid="team-settings-save" />
              </Box>
            </Box>
          </Form>
        </>
      )}
    </PageFrame>
  );
};

export default TeamSettingsPage;
