import type { TeamSettings } from '@app/contracts';
import Box from '@mui/material/Box';
import { useMemo } from 'react';
import { AutocompleteInput, Form, Loading, SaveButton, TextInput, useGetIdentity, useNotify } from 'react-admin';
import { teamAdminApi } from '..';
import { AccountPage, SectionCard } from '../../account/AccountPage';
import { updateSessionUser } from '../../account/session';
import { browserStorage, readSession } from '../../auth/session';
import { FormRow } from '../common/FormRow';
import { LoadError } from '../common/LoadState';
import { submitErrors } from '../common/submitErrors';
import { useLoad } from '../common/useLoad';
import { ADMIN_MESSAGES, ADMIN_TEAM_LABELS } from '../messages';
import { TeamLogoUpload } from './TeamLogoUpload';
import {
  addressRules,
  nameRules,
  TEAM_FIELDS,
  teamSettingsPayload,
  teamSettingsRecord,
  timezoneRules,
} from './teamSettingsRules';
import { browserTimezones, timezoneChoices, type TimezoneChoice } from './timezones';

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
  const record = useMemo(() => (team ? teamSettingsRecord(team) : undefined), [team]);
  const zones = useMemo(() => timezoneChoices(browserTimezones(), team?.timezone), [team?.timezone]);

  const handleSubmit = async (values: Record<string, unknown>) => {
    try {
      const answer = await teamAdminApi.updateTeam(teamSettingsPayload(values));
      const saved: TeamSettings = { ...(team as TeamSettings), ...teamSettingsPayload(values), ...(answer?.record ?? {}) };
      setData(saved);
      renameSessionTeam(saved.name);
      void refetchIdentity();
      notify(ADMIN_MESSAGES.teamSettingsUpdated, { type: 'success' });
      return undefined;
    } catch (failure) {
      return submitErrors(failure, notify, TEAM_FIELDS);
    }
  };

  return (
    <AccountPage title={L.teamSettingsTitle} testId="team-settings-page" maxWidth={900}>
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
                <TextInput source="address_1" label={F.address_1} validate={addressRules} data-testid="team-address_1" />
                <TextInput source="address_2" label={F.address_2} validate={addressRules} data-testid="team-address_2" />
                <FormRow>
                  <TextInput source="city" label={F.city} validate={addressRules} data-testid="team-city" />
                  <TextInput source="state" label={F.state} validate={addressRules} data-testid="team-state" />
                  <TextInput source="postal_code" label={F.postal_code} validate={addressRules} data-testid="team-postal_code" />
                </FormRow>
              </SectionCard>
              <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
                <SaveButton label={L.save} data-testid="team-settings-save" />
              </Box>
            </Box>
          </Form>
        </>
      )}
    </AccountPage>
  );
};

export default TeamSettingsPage;
