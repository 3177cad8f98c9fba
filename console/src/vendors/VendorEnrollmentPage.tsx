import type { VendorInviteInfo } from '@app/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useState } from 'react';
import { AdminContext, Form, memoryStore, TextInput } from 'react-admin';
import { useFormState } from 'react-hook-form';
import { useLocation } from 'react-router-dom';
import { AddressInputs } from '../account/AddressInputs';
import { FormRow } from '../shared/page/PageFrame';
import { fieldErrorsOf } from '../shared/forms/fieldErrors';
import { AuthLayout } from '../auth/AuthLayout';
import { EmailInput, FieldMessagesAfterSubmit, PhoneInput } from '../shared/form-fields';
import { addressRules, companyRules, contactRules, enrollmentOf, firstErrorOf, initialValues, inviteTokenOf } from './enrollmentRules';
import { vendorApi } from '.';
import { VENDOR_MESSAGES as M } from './messages';

type PageState = { kind: 'loading' } | { kind: 'refused'; message: string } | { kind: 'form'; info: VendorInviteInfo } | { kind: 'done' };

/** The token lookup: loading, then the form or the server's message in its place (spec 001 sections 2, 4, 8). */
function useInvite(token: string | null): [PageState, (state: PageState) => void] {
  const [state, setState] = useState<PageState>(token ? { kind: 'loading' } : { kind: 'refused', message: M.inviteInvalid });
  useEffect(() => {
    if (!token) return;
    let cancelled = false;
    vendorApi
      .inviteInfo(token)
      .then((info) => !cancelled && setState({ kind: 'form', info }))
      .catch((error: unknown) => !cancelled && setState({ kind: 'refused', message: firstErrorOf(error, M.inviteInvalid) }));
    return () => {
      cancelled = true;
    };
  }, [token]);
  return [state, setState];
}

/** The danger message above the submit button, once a submit failed. */
const SubmitArea = ({ failure }: { failure: string | null }) => {
  const { isSubmitting } = useFormState();
  return (
    <Box sx={{ mt: 2 }}>
      {failure && (
        <Alert severity="error" sx={{ mb: 2 }} data-testid="vendor-enrollment-failure">
          {failure}
        </Alert>
      )}
      <Button type="submit" variant="contained" fullWidth size="large" disabled={isSubmitting} data-testid="vendor-enrollment-submit">
        {isSubmitting ? <CircularProgress size={24} color="inherit" aria-label={M.submit} /> : M.submit}
      </Button>
    </Box>
  );
};

const EnrollmentForm = ({ token, info, onDone }: { token: string; info: VendorInviteInfo; onDone: () => void }) => {
  const [failure, setFailure] = useState<string | null>(null);
  const defaultValues = useMemo(() => initialValues(info), [info]);
  const submit = async (values: Record<string, unknown>) => {
    setFailure(null);
    try {
      await vendorApi.enroll(enrollmentOf(values, token));
      onDone();
      return undefined;
    } catch (error) {
      setFailure(firstErrorOf(error, M.inviteInvalid));
      const byField = fieldErrorsOf(error);
      return Object.keys(byField).length ? byField : undefined;
    }
  };
  return (
    <Form defaultValues={defaultValues} onSubmit={submit} noValidate disableInvalidFormNotification>
      <Box data-testid="vendor-enrollment-form">
        <TextInput source="name" label={M.company} validate={companyRules} fullWidth data-testid="vendor-name" />
        <Typography variant="subtitle2" component="h2" sx={{ mt: 1 }}>
          {M.address}
        </Typography>
        <AddressInputs testIdPrefix="vendor" sourcePrefix="address." validate={addressRules} />
        <Typography variant="subtitle2" component="h2" sx={{ mt: 1 }}>
          {M.primaryContact}
        </Typography>
        <FormRow>
          <TextInput source="primary_contact.first_name" label={M.firstName} validate={contactRules} data-testid="vendor-first-name" />
          <TextInput source="primary_contact.last_name" label={M.lastName} validate={contactRules} data-testid="vendor-last-name" />
        </FormRow>
        {/* Messages after a submit attempt only (spec 001 section 5): these two would check on blur. */}
        <FieldMessagesAfterSubmit>
          <FormRow>
            {/* The form does not check the email's format; the server refuses an unusable one. */}
            <EmailInput
              source="primary_contact.email"
              label={M.email}
              required
              requiredMessage={M.contactRequired}
              checkFormat={false}
              data-testid="vendor-email"
            />
            <PhoneInput
              source="primary_contact.phone"
              label={M.phone}
              required
              requiredMessage={M.contactRequired}
              data-testid="vendor-phone"
            />
          </FormRow>
        </FieldMessagesAfterSubmit>
        <SubmitArea failure={failure} />
      </Box>
    </Form>
  );
};

/** The react-admin context the shared inputs need, on the signed-out page's own theme. */
const FormContext = ({ children }: { children: React.ReactNode }) => {
  const theme = useTheme();
  const store = useMemo(() => memoryStore(), []);
  return (
    <AdminContext store={store} theme={theme}>
      {children}
    </AdminContext>
  );
};

/** /enroll/vendor?invite_token= (public): the Vendor Enrollment Form (spec 001 sections 2 to 8). */
const VendorEnrollmentPage = () => {
  const token = inviteTokenOf(useLocation().search);
  const [state, setState] = useInvite(token);
  return (
    <AuthLayout testId="vendor-enrollment-page" maxWidth={560}>
      <Typography variant="h5" component="h1" gutterBottom>
        {M.title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {M.intro}
      </Typography>
      {state.kind === 'form' && (
        <Typography variant="body2" sx={{ mb: 1 }} data-testid="vendor-enrollment-team">
          {M.teamInvites(state.info.team_name)}
        </Typography>
      )}
      {state.kind === 'loading' && (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }} data-testid="vendor-enrollment-loading">
          <CircularProgress aria-label={M.loading} />
        </Box>
      )}
      {state.kind === 'refused' && (
        <Alert severity="error" data-testid="vendor-enrollment-error">
          {state.message}
        </Alert>
      )}
      {state.kind === 'done' && (
        <Alert severity="success" data-testid="vendor-enrollment-success">
          {M.success}
        </Alert>
      )}
      {state.kind === 'form' && token && (
        <FormContext>
          <EnrollmentForm token={token} info={state.info} onDone={() => setState({ kind: 'done' })} />
        </FormContext>
      )}
    </AuthLayout>
  );
};

// Default export: App.tsx loads this chunk with React.lazy.
export default VendorEnrollmentPage;
