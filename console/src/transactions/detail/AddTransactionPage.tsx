import type { StageOption, StatusOption } from '@app/contracts';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo, useState, type ReactNode } from 'react';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { AccessDenied, SelectInput, TextInput, Title, useBasename, useInput, useNotify, usePermissions } from 'react-admin';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { messageOf, statusOf } from '../../shared/forms/fieldErrors';
import { authClient } from '../../auth';
import type { ConsolePermissions } from '../../auth/authProvider';
import { LAYOUT_MESSAGES } from '../../layout/messages';
import { EmailInput, MultiStepTabbedForm, PhoneInput, requiredRule, type FormStep } from '../../shared/form-fields';
import { shownError } from '../../shared/form-fields/fieldParts';
import { transactionsApi } from '..';
import { transactionPagePath, transactionsPath } from '../paths';
import { canAddTransaction, canChooseAgent, contactOrAddressRule, createRequestOf, type AddTransactionValues } from './addTransaction';
import { TRANSACTION_DETAIL_LABELS as L } from './messages';
import { loadChoices, loadStages, loadStatuses, useLoaded } from './options';
import { placeFieldErrors } from './pageForm';

const TYPE_CHOICES = [
  { id: 'b', name: L.buyer },
  { id: 's', name: L.seller },
];

const LABELS: Record<string, string> = {
  type: L.type,
  'contact.first_name': L.firstName,
  'contact.last_name': L.lastName,
  'contact.email': L.email,
  'contact.mobile_phone': L.mobilePhone,
  contact_id: L.tabContact,
  address_1: L.address1,
  address_2: L.address2,
  city: L.city,
  state: L.state,
  postal_code: L.postalCode,
  primary_agent_id: L.agent,
  stage_id: L.stage,
  status_id: L.status,
};

const Grid = ({ children }: { children: ReactNode }) => (
  <Box sx={{ display: 'grid', columnGap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' } }}>
    {children}
  </Box>
);

const required = [requiredRule()];
const addressRule = [contactOrAddressRule as (value: unknown, values: unknown) => string | undefined];

/**
 * Buyer or Seller, required; like the shared inputs its message shows once it is touched or the form
 * submitted (the tabbed form validates every field as soon as it opens).
 */
const TypeInput = () => {
  const input = useInput({ source: 'type', validate: required });
  const error = shownError(input);
  return (
    <FormControl error={!!error} required data-testid="add-type" sx={{ mb: 1 }}>
      <FormLabel id="add-type-label">{L.type}</FormLabel>
      <RadioGroup
        row
        aria-labelledby="add-type-label"
        name={input.field.name}
        value={input.field.value ?? ''}
        onChange={(event) => input.field.onChange(event.target.value)}
        onBlur={input.field.onBlur}
      >
        {TYPE_CHOICES.map((choice) => (
          <FormControlLabel
            key={choice.id}
            value={choice.id}
            control={<Radio inputRef={choice.id === 'b' ? input.field.ref : undefined} />}
            label={choice.name}
          />
        ))}
      </RadioGroup>
      <FormHelperText>{error ?? L.typeHelp}</FormHelperText>
    </FormControl>
  );
};

/** /app/transactions/new: Add Transaction in the shared multi-step tabbed form (Contact, Property, Assignment). */
const AddTransactionPage = () => {
  const basename = useBasename();
  const navigate = useNavigate();
  const notify = useNotify();
  const { permissions, isPending } = usePermissions<ConsolePermissions>();
  const roles = permissions?.roles ?? [];
  const chooseAgent = canChooseAgent(roles);
  const statuses = useLoaded<StatusOption[] | null>(() => loadStatuses().catch(() => []), null, 'statuses');
  const stages = useLoaded(loadStages, [] as StageOption[], 'stages');
  const agents = useLoaded(chooseAgent ? () => loadChoices('agent') : null, [], chooseAgent ? 'agents' : 'none');
  const [formError, setFormError] = useState<string | null>(null);
  const me = authClient.getSession()?.user;

  const defaults = useMemo<AddTransactionValues>(
    () => ({
      type: null,
      contact: { first_name: null, last_name: null, email: null, mobile_phone: null },
      status_id: statuses?.[0]?.id ?? null,
      stage_id: null,
      primary_agent_id: chooseAgent ? (me?.agent_id ?? null) : null,
    }),
    [statuses, chooseAgent, me?.agent_id],
  );

  const submit = async (values: Record<string, unknown>) => {
    setFormError(null);
    try {
      const answer = await transactionsApi.createTransaction(createRequestOf(values as AddTransactionValues, { chooseAgent }));
      notify(L.added, { type: 'success' });
      navigate(transactionPagePath(basename, answer.client_id), { replace: true });
      return undefined;
    } catch (caught) {
      if (statusOf(caught) === 400) {
        const placed = placeFieldErrors(caught, { known: (field) => field in LABELS && field !== 'contact_id' });
        // The tab holding a field may not be the one on screen: the messages above the form too.
        const listed = [
          ...Object.entries(placed.fields).map(([field, message]) => `${LABELS[field] ?? field}: ${message}`),
          ...placed.unplaced,
        ];
        setFormError(listed.join(' · ') || L.addFailed);
        return placed.fields;
      }
      const message = messageOf(caught, L.addFailed);
      setFormError(message);
      notify(message, { type: 'error' });
      return undefined;
    }
  };

  const steps: FormStep[] = [
    {
      label: L.tabContact,
      fields: ['type', 'contact.first_name', 'contact.last_name', 'contact.email', 'contact.mobile_phone'],
      content: (
        <>
          <TypeInput />
          <Grid>
            <Box data-testid="add-first_name">
              <TextInput
                source="contact.first_name"
                label={L.firstName}
                margin="dense"
                fullWidth
                slotProps={{ htmlInput: { maxLength: 200 } }}
              />
            </Box>
            <Box data-testid="add-last_name">
              <TextInput
                source="contact.last_name"
                label={L.lastName}
                margin="dense"
                fullWidth
                slotProps={{ htmlInput: { maxLength: 200 } }}
              />
            </Box>
            <Box data-testid="add-email">
              <EmailInput source="contact.email" label={L.email} margin="dense" fullWidth />
            </Box>
            <Box data-testid="add-mobile_phone">
              <PhoneInput source="contact.mobile_phone" label={L.mobilePhone} />
            </Box>
          </Grid>
        </>
      ),
    },
    {
      label: L.tabProperty,
      fields: ['address_1', 'address_2', 'city', 'state', 'postal_code'],
      content: (
        <Grid>
          <Box data-testid="add-address_1" sx={{ gridColumn: '1 / -1' }}>
            <TextInput
              source="address_1"
              label={L.address1}
              validate={addressRule}
              margin="dense"
              fullWidth
              slotProps={{ htmlInput: { maxLength: 200 } }}
            />
          </Box>
          <Box data-testid="add-address_2" sx={{ gridColumn: '1 / -1' }}>
            <TextInput source="address_2" label={L.address2} margin="dense" fullWidth slotProps={{ htmlInput: { maxLength: 200 } }} />
          </Box>
          <Box data-testid="add-city">
            <TextInput source="city" label={L.city} margin="dense" fullWidth slotProps={{ htmlInput: { maxLength: 200 } }} />
          </Box>
          <Box data-testid="add-state">
            <TextInput source="state" label={L.state} margin="dense" fullWidth slotProps={{ htmlInput: { maxLength: 200 } }} />
          </Box>
          <Box data-testid="add-postal_code">
            <TextInput
              source="postal_code"
              label={L.postalCode}
              margin="dense"
              fullWidth
              slotProps={{ htmlInput: { maxLength: 200, inputMode: 'numeric' } }}
            />
          </Box>
        </Grid>
      ),
    },
    {
      label: L.tabAssignment,
      fields: ['primary_agent_id', 'stage_id', 'status_id'],
      content: (
        <Grid>
          <Box data-testid="add-agent">
            {chooseAgent ? (
              <SelectInput
                source="primary_agent_id"
                label={L.agent}
                choices={agents.map((agent) => ({ id: agent.value, name: agent.label }))}
                validate={required}
                margin="dense"
                fullWidth
              />
            ) : (
              <TextField
                label={L.agent}
                value={[me?.first_name, me?.last_name].filter(Boolean).join(' ')}
                helperText={L.agentIsYou}
                margin="dense"
                fullWidth
                slotProps={{ htmlInput: { readOnly: true } }}
              />
            )}
          </Box>
          <Box data-testid="add-stage">
            <SelectInput
              source="stage_id"
              label={L.stage}
              choices={stages.map((stage) => ({ id: stage.id, name: stage.label }))}
              emptyText={L.noStage}
              margin="dense"
              fullWidth
            />
          </Box>
          <Box data-testid="add-status">
            <SelectInput
              source="status_id"
              label={L.status}
              choices={(statuses ?? []).map((status) => ({ id: status.id, name: status.label }))}
              validate={required}
              margin="dense"
              fullWidth
            />
          </Box>
        </Grid>
      ),
    },
  ];

  if (isPending) return null;
  if (!canAddTransaction(roles)) {
    return (
      <AccessDenied data-testid="access-denied" textPrimary={LAYOUT_MESSAGES.noAccess} textSecondary={LAYOUT_MESSAGES.noAccessDetail} />
    );
  }

  return (
    <Box data-testid="add-transaction-page" sx={{ py: 2, maxWidth: 760 }}>
      <Title title={L.addTitle} />
      <Button
        component={RouterLink}
        to={transactionsPath(basename)}
        startIcon={<ArrowBackIcon />}
        sx={{ mb: 1 }}
        data-testid="add-transaction-back"
      >
        {L.backToList}
      </Button>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {L.addTitle}
      </Typography>
      <Card>
        <CardContent>
          {formError && (
            <Alert severity="error" sx={{ mb: 2 }} data-testid="add-transaction-error">
              {formError}
            </Alert>
          )}
          {statuses === null ? (
            <Box role="status" aria-busy="true" aria-label={L.loading}>
              {Array.from({ length: 4 }, (_, index) => (
                <Skeleton key={index} variant="rounded" height={40} sx={{ mb: 1.5 }} />
              ))}
            </Box>
          ) : (
            <Box data-testid="add-transaction-form">
              <MultiStepTabbedForm
                steps={steps}
                defaultValues={defaults}
                onSubmit={submit}
                submitLabel={L.addSubmit}
                noValidate
                disableInvalidFormNotification
              />
            </Box>
          )}
        </CardContent>
      </Card>
    </Box>
  );
};

export default AddTransactionPage;
