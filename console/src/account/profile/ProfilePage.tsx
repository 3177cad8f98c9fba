import { formatPhone, type UserProfile } from '@app/contracts';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import {
  AutocompleteInput,
  EditBase,
  Form,
  NumberInput,
  SaveButton,
  TextInput,
  useEditContext,
  useGetIdentity,
  useNotify,
  type RaRecord,
} from 'react-admin';
import { useState } from 'react';
import { CapSummaryCard } from '../../commission/CapSummaryCard';
import { SINGLETON_ID } from '../../dataProvider/resources';
import { DateInput, EmailInput } from '../../shared/form-fields';
import { PageFrame, FormRow, SectionCard } from '../../shared/page/PageFrame';
import { AddressInputs } from '../AddressInputs';
import { hasFieldErrors, messageOf } from '../../shared/forms/fieldErrors';
import { ACCOUNT_LABELS, ACCOUNT_MESSAGES } from '../messages';
import { updateSessionUser } from '../session';
import { browserTimezones, timezoneName, US_STATE_TIMEZONES } from '../timezones';
import { AvatarUpload } from './AvatarUpload';
import {
  amount,
  canEditCaps,
  hasCommissions,
  percent,
  profilePayload,
  required,
  safeText,
  showsCaps,
  showsIntegrations,
  showsNotes,
} from './profileRules';

type ProfileRecord = UserProfile & RaRecord;
const F = ACCOUNT_LABELS.fields;

/** The US state zones first, then the browser's others; the saved zone first when neither lists it. */
function timezoneChoices(current: string | null | undefined) {
  const all = browserTimezones();
  // Older browsers list none: the US zones.
  let zones: readonly string[] = US_STATE_TIMEZONES;
  if (all.length > 0) zones = [...US_STATE_TIMEZONES, ...all.filter((zone) => !US_STATE_TIMEZONES.includes(zone))];
  if (current && !zones.includes(current)) zones = [current, ...zones];
  return zones.map((zone) => ({ id: zone, name: timezoneName(zone) }));
}

const text = [safeText];
const requiredText = [required, safeText];

/** The cap card at the side, once the profile is in, for roles with commissions only (not clients or vendors). */
const CapSummaryAside = ({ refreshKey }: { refreshKey: number }) => {
  const { record } = useEditContext<ProfileRecord>();
  return record && hasCommissions(record) ? <CapSummaryCard refreshKey={refreshKey} testId="profile-cap-summary" /> : null;
};

/** The form's sections in grey while the profile loads (no blank page). */
const ProfileSkeleton = () => (
  <Box data-testid="profile-skeleton" role="status" aria-busy="true" aria-label={ACCOUNT_LABELS.loadingProfile}>
    {[2, 4, 3].map((rows, section) => (
      <Card key={section} sx={{ mb: 2 }}>
        <CardContent>
          <Skeleton variant="text" width="30%" height={32} />
          {Array.from({ length: rows }, (_, row) => (
            <Skeleton key={row} variant="rounded" height={40} sx={{ mt: 1.5 }} />
          ))}
        </CardContent>
      </Card>
    ))}
  </Box>
);

const ProfileForm = () => {
  const { record, isPending, error } = useEditContext<ProfileRecord>();
  if (isPending) return <ProfileSkeleton />;
  if (error || !record) {
    return (
      <Typography color="error" data-testid="profile-load-error">
        {messageOf(error, ACCOUNT_LABELS.loadFailed)}
      </Typography>
    );
  }
  const capsVisible = showsCaps(record);
  const capsEditable = canEditCaps(record);
  const initials = `${record.first_name?.[0] ?? ''}${record.last_name?.[0] ?? ''}`.toUpperCase();

  return (
    // noValidate: our messages ('Invalid email address.'), never the browser's own bubbles.
    <Form mode="onBlur" reValidateMode="onChange" disableInvalidFormNotification noValidate>
      <Box data-testid="profile-form">
        <SectionCard testId="profile-avatar-section">
          <AvatarUpload initials={initials} />
        </SectionCard>

        <SectionCard title={ACCOUNT_LABELS.userInfo} testId="profile-user-info">
          <FormRow>
            <TextInput source="first_name" label={F.first_name} validate={requiredText} data-testid="profile-first_name" />
            <TextInput source="last_name" label={F.last_name} validate={requiredText} data-testid="profile-last_name" />
          </FormRow>
          <FormRow>
            <TextInput
              source="mobile_phone"
              label={F.mobile_phone}
              format={formatPhone}
              validate={required}
              placeholder={ACCOUNT_LABELS.phonePlaceholder}
              InputLabelProps={{ shrink: true }}
              data-testid="profile-mobile_phone"
            />
            <EmailInput
              source="email"
              label={F.email}
              required
              requiredMessage={ACCOUNT_MESSAGES.required}
              invalidMessage={ACCOUNT_MESSAGES.invalidEmail}
              data-testid="profile-email"
            />
          </FormRow>
          <FormRow>
            <EmailInput
              source="alternate_email"
              label={F.alternate_email}
              invalidMessage={ACCOUNT_MESSAGES.invalidEmail}
              data-testid="profile-alternate_email"
            />
            <TextInput source="business_entity" label={F.business_entity} validate={text} data-testid="profile-business_entity" />
          </FormRow>
          <AutocompleteInput
            source="timezone"
            label={F.timezone}
            choices={timezoneChoices(record.timezone)}
            data-testid="profile-timezone"
          />
        </SectionCard>

        <SectionCard title={ACCOUNT_LABELS.address} testId="profile-address">
          <AddressInputs testIdPrefix="profile" validate={text} />
        </SectionCard>

        {capsVisible && (
          <SectionCard title={ACCOUNT_LABELS.capAndSplit} testId="profile-cap-split">
            {!capsEditable && (
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} data-testid="profile-cap-readonly">
                {ACCOUNT_LABELS.capReadOnly}
              </Typography>
            )}
            <FormRow>
              <NumberInput
                source="brokerage_cap_amt"
                label={F.brokerage_cap_amt}
                min={0}
                validate={amount}
                readOnly={!capsEditable}
                data-testid="profile-brokerage_cap_amt"
              />
              <NumberInput
                source="royalty_cap_amt"
                label={F.royalty_cap_amt}
                min={0}
                validate={amount}
                readOnly={!capsEditable}
                data-testid="profile-royalty_cap_amt"
              />
            </FormRow>
            <FormRow>
              {/* MM-DD-YYYY, the spec's format for the profile's anniversaries (the separators come by themselves). */}
              <Box data-testid="profile-brokerage_cap_anniversary_dt">
                <DateInput
                  source="brokerage_cap_anniversary_dt"
                  separator="-"
                  label={F.brokerage_cap_anniversary_dt}
                  readOnly={!capsEditable}
                />
              </Box>
              <Box data-testid="profile-royalty_cap_anniversary_dt">
                <DateInput
                  source="royalty_cap_anniversary_dt"
                  separator="-"
                  label={F.royalty_cap_anniversary_dt}
                  readOnly={!capsEditable}
                />
              </Box>
            </FormRow>
            <FormRow>
              <NumberInput
                source="brokerage_pct"
                label={F.brokerage_pct}
                step={0.01}
                min={0}
                max={100}
                validate={percent}
                readOnly={!capsEditable}
                data-testid="profile-brokerage_pct"
              />
              <NumberInput
                source="agent_pct"
                label={F.agent_pct}
                step={0.01}
                min={0}
                max={100}
                validate={percent}
                readOnly={!capsEditable}
                data-testid="profile-agent_pct"
              />
            </FormRow>
          </SectionCard>
        )}

        {showsIntegrations(record) && (
          <SectionCard title={ACCOUNT_LABELS.integrations} testId="profile-integrations">
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              {ACCOUNT_LABELS.integrationsTransactionSync}
            </Typography>
            <TextInput
              source="integrations.skyslope_agent_guid"
              label={ACCOUNT_LABELS.skyslopeAgentGuid}
              data-testid="profile-skyslope_agent_guid"
            />
          </SectionCard>
        )}

        {showsNotes(record) && (
          <SectionCard title={ACCOUNT_LABELS.notes} testId="profile-notes">
            <TextInput source="notes" label={F.notes} multiline minRows={3} validate={text} data-testid="profile-notes-input" />
          </SectionCard>
        )}

        <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
          <SaveButton label={ACCOUNT_LABELS.save} data-testid="profile-save" />
        </Box>
      </Box>
    </Form>
  );
};

/** /app/account/profile: avatar, user info, address, cap and split, integrations, notes (spec 000 sections 2, 5, 6). */
const ProfilePage = () => {
  const notify = useNotify();
  // A saved cap or anniversary moves the card's figures: it reads them again.
  const [capsVersion, setCapsVersion] = useState(0);
  const { refetch: refetchIdentity } = useGetIdentity();
  return (
    <EditBase<ProfileRecord>
      resource="profile"
      id={SINGLETON_ID}
      redirect={false}
      mutationMode="pessimistic"
      transform={(data, options) => profilePayload(data, (options?.previousData ?? data) as ProfileRecord) as ProfileRecord}
      mutationOptions={{
        onSuccess: (data: ProfileRecord) => {
          updateSessionUser({ first_name: data.first_name, last_name: data.last_name });
          void refetchIdentity();
          setCapsVersion((current) => current + 1);
          notify(ACCOUNT_MESSAGES.profileUpdated, { type: 'success' });
        },
        onError: (error: unknown) => {
          // Field errors are placed on their fields by the form (first message per field).
          if (hasFieldErrors(error)) notify(ACCOUNT_MESSAGES.formError, { type: 'error' });
          else notify(messageOf(error, ACCOUNT_MESSAGES.serverError), { type: 'error' });
        },
      }}
    >
      <PageFrame
        title={ACCOUNT_LABELS.profileTitle}
        testId="profile-page"
        maxWidth={900}
        aside={<CapSummaryAside refreshKey={capsVersion} />}
      >
        <ProfileForm />
      </PageFrame>
    </EditBase>
  );
};

export default ProfilePage;
