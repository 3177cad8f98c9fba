import { CONTACT_TEAM_ROLES, formatPhone, type ContactDetail, type ContactFilterOptions } from '@app/contracts';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import EditIcon from '@mui/icons-material/Edit';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Form, SelectInput, TextInput, useBasename, useNotify, usePermissions } from 'react-admin';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { PageFrame, FormRow, SectionCard } from '../shared/page/PageFrame';
import { AddressInputs } from '../account/AddressInputs';
import { fieldErrorsOf, messageOf, statusOf } from '../shared/forms/fieldErrors';
import { authClient } from '../auth';
import type { ConsolePermissions } from '../auth/authProvider';
import { EmailInput, PhoneInput, requiredRule } from '../shared/form-fields';
import { transactionPagePath } from '../transactions/paths';
import { contactsApi } from '.';
import { EMPTY_CONTACT, formValuesOf, requestOf, type ContactFormValues } from './contactForm';
import { CONTACT_LABELS as L, CONTACT_MESSAGES as M } from './messages';
import { contactPath, contactsPath } from './paths';

const NAME_RULES = [requiredRule()];
/** A select's empty choice is '' in the form; the contact stores null. */
const emptyToNull = (value: unknown) => (value === '' ? null : value);
const STATUS_CHOICES = [
  { id: 'active', name: L.active },
  { id: 'inactive', name: L.inactive },
];

const Fact = ({ label, value, testId }: { label: string; value: ReactNode; testId: string }) => (
  <Box sx={{ mb: 1.5 }} data-testid={testId}>
    <Typography variant="caption" color="text.secondary" component="div">
      {label}
    </Typography>
    <Typography variant="body1">{value || '—'}</Typography>
  </Box>
);

const Grid = ({ children }: { children: ReactNode }) => (
  <Box sx={{ display: 'grid', columnGap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' } }}>
    {children}
  </Box>
);

/**
 * /app/contacts/{id} (title Contact) and /app/contacts/new (title Create New Contact), spec 001 sections
 * 2 and 5: read-only until Edit Contact; then Update Contact and Cancel. An invalid form marks every
 * field and sends nothing; server field errors go under their fields; the linked transactions below.
 */
const ContactPage = () => {
  const { id } = useParams();
  const isNew = id === 'new';
  const basename = useBasename();
  const navigate = useNavigate();
  const notify = useNotify();
  const { permissions } = usePermissions<ConsolePermissions>();
  const canChooseAgent = (permissions?.roles ?? []).some((role) => CONTACT_TEAM_ROLES.includes(role));
  const [detail, setDetail] = useState<ContactDetail | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [editing, setEditing] = useState(isNew);
  const [formError, setFormError] = useState<string | null>(null);
  const [options, setOptions] = useState<ContactFilterOptions>({ agents: [], lead_sources: [] });

  useEffect(() => {
    let cancelled = false;
    contactsApi.getFilterOptions(authClient.getSession()?.user.team?.team_id).then(
      (body) => !cancelled && setOptions(body),
      () => undefined,
    );
    return () => {
      cancelled = true;
    };
  }, []);

  useEffect(() => {
    if (isNew || !id) return;
    let cancelled = false;
    setDetail(null);
    setError(null);
    contactsApi.getContact(id).then(
      (body) => !cancelled && setDetail(body),
      (caught: unknown) =>
        !cancelled && setError(statusOf(caught) === 404 || statusOf(caught) === 400 ? L.notFound : messageOf(caught, L.loadFailed)),
    );
    return () => {
      cancelled = true;
    };
  }, [id, isNew]);

  const initial = useMemo<ContactFormValues>(() => (detail ? formValuesOf(detail) : EMPTY_CONTACT), [detail]);

  const save = async (values: Record<string, unknown>) => {
    setFormError(null);
    const request = requestOf(values as unknown as ContactFormValues, isNew ? null : initial, canChooseAgent);
    try {
      if (isNew) {
        const { contact_id } = await contactsApi.createContact(request);
        notify(M.created, { type: 'success' });
        navigate(contactPath(basename, contact_id), { replace: true });
        return undefined;
      }
      if (detail && Object.keys(request).length > 0) {
        await contactsApi.updateContact(detail.contact_id, request);
        setDetail(await contactsApi.getContact(detail.contact_id));
      }
      notify(M.updated, { type: 'success' });
      setEditing(false);
      return undefined;
    } catch (caught) {
      const fields = fieldErrorsOf(caught);
      if (statusOf(caught) === 400 && Object.keys(fields).length > 0) {
        setFormError(L.formHasErrors);
        return fields;
      }
      const message = messageOf(caught, L.saveFailed);
      setFormError(message);
      notify(message, { type: 'error' });
      return undefined;
    }
  };

  const cancel = () => {
    setFormError(null);
    if (isNew) navigate(contactsPath(basename));
    else setEditing(false);
  };

  const title = isNew ? L.newTitle : L.pageTitle;
  const leadSource = (leadId: number | null) => options.lead_sources.find((o) => o.id === leadId)?.label ?? detail?.lead_type ?? '';

  return (
    <PageFrame title={title} testId={isNew ? 'contact-new-page' : 'contact-page'} maxWidth={960}>
      <Button component={RouterLink} to={contactsPath(basename)} startIcon={<ArrowBackIcon />} sx={{ mb: 1 }}>
        {L.backToList}
      </Button>
      {error && <Alert severity="error">{error}</Alert>}
      {!error && !isNew && !detail && <Skeleton variant="rounded" height={240} />}
      {!error && (isNew || detail) && (
        <SectionCard title={L.details} testId="contact-block">
          {!editing && detail ? (
            <Box data-testid="contact-readonly">
              <Grid>
                <Fact label={L.first_name} value={detail.first_name} testId="contact-first_name" />
                <Fact label={L.last_name} value={detail.last_name} testId="contact-last_name" />
                <Fact label={L.email} value={detail.email} testId="contact-email" />
                <Fact label={L.mobile_phone} value={formatPhone(detail.mobile_phone)} testId="contact-mobile_phone" />
                <Fact
                  label="Address"
                  value={[detail.address_1, detail.address_2, [detail.city, detail.state, detail.postal_code].filter(Boolean).join(', ')]
                    .filter(Boolean)
                    .join(' · ')}
                  testId="contact-address"
                />
                <Fact label={L.lead_type_id} value={leadSource(detail.lead_type_id)} testId="contact-lead_type" />
                {canChooseAgent && <Fact label={L.agent_id} value={detail.agent_name} testId="contact-agent" />}
                <Fact label={L.status} value={detail.status === 'active' ? L.active : L.inactive} testId="contact-status" />
              </Grid>
              <Button variant="contained" startIcon={<EditIcon />} onClick={() => setEditing(true)} data-testid="contact-edit">
                {L.editContact}
              </Button>
            </Box>
          ) : (
            <Form key={`${detail?.version ?? 'new'}`} record={initial} onSubmit={save} noValidate mode="onBlur" reValidateMode="onChange">
              <Box data-testid="contact-form">
                <FormRow>
                  <TextInput source="first_name" label={L.first_name} validate={NAME_RULES} data-testid="contact-input-first_name" />
                  <TextInput source="last_name" label={L.last_name} validate={NAME_RULES} data-testid="contact-input-last_name" />
                </FormRow>
                <FormRow>
                  <EmailInput source="email" label={L.email} data-testid="contact-input-email" />
                  <PhoneInput source="mobile_phone" label={L.mobile_phone} />
                </FormRow>
                <AddressInputs testIdPrefix="contact-input" validate={[]} />
                <FormRow>
                  <SelectInput
                    source="lead_type_id"
                    label={L.lead_type_id}
                    choices={options.lead_sources.map((o) => ({ id: o.id, name: o.label }))}
                    emptyText={L.none}
                    parse={emptyToNull}
                  />
                  {canChooseAgent && (
                    <SelectInput
                      source="agent_id"
                      label={L.agent_id}
                      choices={options.agents.map((o) => ({ id: o.id, name: o.label }))}
                      emptyText={L.none}
                      parse={emptyToNull}
                    />
                  )}
                  <SelectInput source="status" label={L.status} choices={STATUS_CHOICES} />
                </FormRow>
                {formError && (
                  <Alert severity="error" sx={{ mb: 1 }} data-testid="contact-form-error">
                    {formError}
                  </Alert>
                )}
                <Box sx={{ display: 'flex', gap: 1 }}>
                  <Button type="submit" variant="contained" data-testid="contact-submit">
                    {isNew ? L.createContact : L.updateContact}
                  </Button>
                  <Button onClick={cancel} data-testid="contact-cancel">
                    {L.cancel}
                  </Button>
                </Box>
              </Box>
            </Form>
          )}
        </SectionCard>
      )}
      {detail && (
        <SectionCard title={L.transactions} testId="contact-transactions">
          {detail.transactions.length === 0 ? (
            <Typography color="text.secondary">{L.noTransactions}</Typography>
          ) : (
            <List dense disablePadding>
              {detail.transactions.map((t) => (
                <ListItem
                  key={t.client_id}
                  disableGutters
                  component={RouterLink}
                  to={transactionPagePath(basename, t.client_id)}
                  sx={{ color: 'inherit' }}
                >
                  <ListItemText primary={t.address || `#${t.client_id}`} secondary={`${t.type} · ${t.status}`} />
                  {t.is_primary && <Chip size="small" label={L.primary} />}
                </ListItem>
              ))}
            </List>
          )}
        </SectionCard>
      )}
    </PageFrame>
  );
};

export default ContactPage;
