import { ROLE_LABELS, TEAM_MEMBER_ROLES, type AdminUserRecord, type CommissionTemplatesResponse } from '@app/contracts';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { useBasename, useNotify, usePermissions } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { adminUsersApi } from '..';
import { PageFrame, SectionCard } from '../../shared/page/PageFrame';
import { AvatarUpload, type AvatarUploader } from '../../account/profile/AvatarUpload';
import { messageOf, statusOf } from '../../shared/forms/fieldErrors';
import type { ConsolePermissions } from '../../auth/authProvider';
import { commissionApi, sessionMarketId } from '../../commission';
import { CapSummaryCard } from '../../commission/CapSummaryCard';
import { COMMISSION_LABELS } from '../../commission/messages';
import { maskPhone } from '../../shared/form-fields/rules';
import { initialsOf } from '../format';
import { addUserBlocked, isLicenceRefusal, licenceDetailOf } from '../licenceGate';
import { ACCOUNT_MESSAGES, ADMIN_MESSAGES, ADMIN_USERS_LABELS as L } from '../messages';
import { userPath, usersPath } from '../paths';
import { useBack } from '../useBack';
import { LicenceNotice, useLicenceToast } from '../useLicenceToast';
import { DefaultTemplatesBlock } from './DefaultTemplatesBlock';
import {
  canEnableEsign,
  clearFieldError,
  emptyUserForm,
  hasErrors,
  isVendor,
  knownTemplates,
  phoneValue,
  REQUIRED_FIELDS,
  serverErrorsOf,
  showsCapPanel,
  showsDefaultTemplates,
  showsField,
  shownErrors,
  templateErrorsOf,
  templatesFromRecord,
  templatesPayload,
  userFormFromRecord,
  userFormPayload,
  validateUserForm,
  type CheckboxField,
  type DefaultTemplates,
  type TemplateErrors,
  type TemplateSide,
  type TextField as TextFieldName,
  type UserFormErrors,
  type UserFormField,
  type UserFormMode,
  type UserFormValues,
} from './userForm';

const F = L.fields;

/** Two or three inputs side by side on wide screens, stacked at 960px and less. */
const Row = ({ children }: { children: ReactNode }) => (
  <Box sx={{ display: 'flex', gap: { xs: 0, sm: 2 }, flexDirection: { xs: 'column', sm: 'row' }, '& > *': { flex: 1, minWidth: 0 } }}>
    {children}
  </Box>
);

interface FieldProps {
  values: UserFormValues;
  errors: UserFormErrors;
  disabled: boolean;
  onText: (field: TextFieldName, value: string) => void;
  onCheck: (field: CheckboxField, value: boolean) => void;
}

const Text = ({
  field,
  placeholder,
  type = 'text',
  multiline,
  inputMode,
  p,
}: {
  field: TextFieldName;
  placeholder?: string;
  type?: string;
  multiline?: boolean;
  inputMode?: 'decimal' | 'tel' | 'email' | 'text';
  p: FieldProps;
}) => (
  <TextField
    name={field}
    label={F[field as keyof typeof F]}
    value={p.values[field]}
    onChange={(event) => p.onText(field, event.target.value)}
    required={REQUIRED_FIELDS.includes(field)}
    error={!!p.errors[field]}
    helperText={p.errors[field] ?? ' '}
    placeholder={placeholder}
    type={type}
    multiline={multiline}
    minRows={multiline ? 3 : undefined}
    disabled={p.disabled}
    fullWidth
    margin="dense"
    data-testid={`user-${field}`}
    slotProps={{
      inputLabel: placeholder ? { shrink: true } : undefined,
      htmlInput: { 'data-testid': `user-${field}-input`, inputMode },
      formHelperText: { 'data-testid': `user-${field}-error` } as object,
    }}
  />
);

/** The mobile phone: shown (999) 999-9999 as it is typed, kept as its digits (spec 000: placeholder (999) 999-9999). */
const Phone = ({ p }: { p: FieldProps }) => (
  <TextField
    name="mobile_phone"
    label={F.mobile_phone}
    value={maskPhone(p.values.mobile_phone)}
    onChange={(event) => p.onText('mobile_phone', phoneValue(event.target.value))}
    required
    error={!!p.errors.mobile_phone}
    helperText={p.errors.mobile_phone ?? ' '}
    placeholder={L.phonePlaceholder}
    type="tel"
    autoComplete="tel"
    disabled={p.disabled}
    fullWidth
    margin="dense"
    data-testid="user-mobile_phone"
    slotProps={{
      inputLabel: { shrink: true },
      htmlInput: { 'data-testid': 'user-mobile_phone-input', inputMode: 'tel' },
      formHelperText: { 'data-testid': 'user-mobile_phone-error' } as object,
    }}
  />
);

const Check = ({ field, p, disabled, adornment }: { field: CheckboxField; p: FieldProps; disabled?: boolean; adornment?: ReactNode }) => (
  <FormControl error={!!p.errors[field]} data-testid={`user-${field}`} sx={{ display: 'block' }}>
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      <FormControlLabel
        control={
          <Checkbox
            checked={p.values[field]}
            onChange={(event) => p.onCheck(field, event.target.checked)}
            disabled={p.disabled || disabled}
            slotProps={{ input: { 'data-testid': `user-${field}-input` } as object }}
          />
        }
        label={F[field]}
      />
      {adornment}
    </Box>
    {p.errors[field] && <FormHelperText data-testid={`user-${field}-error`}>{p.errors[field]}</FormHelperText>}
  </FormControl>
);

/** The PRO tag of a plan feature the team does not have (spec 000 section 6). */
const ProTag = () => (
  <Tooltip title={L.esignUpgrade}>
    <Chip label={L.pro} size="small" color="warning" data-testid="user-esign-pro" tabIndex={0} aria-label={`${L.pro}: ${L.esignUpgrade}`} />
  </Tooltip>
);

interface UserFormProps {
  mode: UserFormMode;
  agentId: number | null;
}

/** /app/admin/users/new and /app/admin/users/{id}: the Edit User panel (spec 000 sections 2, 3, 5, 6). */
const UserFormPage = ({ mode, agentId }: UserFormProps) => {
  // The user's image through the admin calls (existing users only: the form shows it in edit mode).
  const avatarUploader = useMemo<AvatarUploader>(
    () => ({
      load: () => (agentId === null ? Promise.resolve(null) : adminUsersApi.getUser(agentId).then((user) => user.profile_image_url)),
      request: (name, type) => adminUsersApi.requestAvatarUpload(agentId!, name, type),
      put: (url, file) => adminUsersApi.putFile(url, file),
      confirm: (key) => adminUsersApi.confirmAvatar(agentId!, key),
    }),
    [agentId],
  );
  const notify = useNotify();
  const navigate = useNavigate();
  const basename = useBasename();
  const licenceToast = useLicenceToast();
  const back = useBack();
  const { permissions } = usePermissions<ConsolePermissions>();
  const esignAllowed = canEnableEsign(permissions?.permissions);

  const [record, setRecord] = useState<AdminUserRecord | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  // A new user's form waits for the licence check (below); an existing user's for the user.
  const [initial, setInitial] = useState<UserFormValues | null>(null);
  const [values, setValues] = useState<UserFormValues>(emptyUserForm);
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<UserFormErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  // Default Commission Templates: the team's list (and whether the block shows), the user's stored
  // defaults, and the admin's edits (null: untouched).
  const [templateList, setTemplateList] = useState<CommissionTemplatesResponse | null>(null);
  const [templateListError, setTemplateListError] = useState<string | null>(null);
  const [templateListKey, setTemplateListKey] = useState(0);
  const [storedTemplates, setStoredTemplates] = useState<DefaultTemplates>({ buyer: [], seller: [] });
  const [editedTemplates, setEditedTemplates] = useState<DefaultTemplates | null>(null);
  const [templateErrors, setTemplateErrors] = useState<TemplateErrors>({});
  // A save may move the cap card's figures: it reads them again.
  const [capsVersion, setCapsVersion] = useState(0);

  // Opened directly at the licence limit (a bookmark, a typed URL): no empty form refused only on
  // save; the licence notice, back on the list. Unknown counts (the call failed): the server decides.
  useEffect(() => {
    if (mode !== 'create') return;
    let cancelled = false;
    adminUsersApi
      .getLicences()
      .then((counts) => {
        if (cancelled) return;
        if (addUserBlocked(counts)) {
          licenceToast();
          navigate(usersPath(basename), { replace: true });
          return;
        }
        setInitial(emptyUserForm());
      })
      .catch(() => !cancelled && setInitial(emptyUserForm()));
    return () => {
      cancelled = true;
    };
  }, [mode, basename, licenceToast, navigate]);

  useEffect(() => {
    if (mode !== 'edit') return;
    let cancelled = false;
    if (agentId === null) {
      setLoadError(L.userNotFound);
      return;
    }
    adminUsersApi
      .getUser(agentId)
      .then((loaded) => {
        if (cancelled) return;
        const form = userFormFromRecord(loaded);
        setRecord(loaded);
        setStoredTemplates(templatesFromRecord(loaded));
        setInitial(form);
        setValues(form);
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        setLoadError(statusOf(error) === 404 ? L.userNotFound : `${L.userLoadFailed} ${messageOf(error, ACCOUNT_MESSAGES.serverError)}`);
      });
    return () => {
      cancelled = true;
    };
  }, [mode, agentId]);

  useEffect(() => {
    let cancelled = false;
    commissionApi
      .getTemplates()
      .then((list) => {
        if (cancelled) return;
        setTemplateList(list);
        setTemplateListError(null);
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        setTemplateListError(`${COMMISSION_LABELS.templatesLoadFailed} ${messageOf(error, ACCOUNT_MESSAGES.serverError)}`);
      });
    return () => {
      cancelled = true;
    };
  }, [templateListKey]);

  const initialTemplates = useMemo(
    () => (templateList ? knownTemplates(storedTemplates, templateList) : storedTemplates),
    [templateList, storedTemplates],
  );
  const currentTemplates = editedTemplates ?? initialTemplates;
  const templatesShown = showsDefaultTemplates(templateList, values.role_id);
  const editTemplates = useCallback((next: DefaultTemplates, side: TemplateSide) => {
    setEditedTemplates(next);
    setTemplateErrors((current) => (current[side] ? { ...current, [side]: undefined } : current));
  }, []);

  const clientErrors = useMemo(() => validateUserForm(values, mode), [values, mode]);
  const errors = shownErrors(clientErrors, serverErrors, submitted);

  const edit = (field: UserFormField, patch: Partial<UserFormValues>) => {
    setValues((current) => ({ ...current, ...patch }));
    setServerErrors((current) => clearFieldError(current, field));
  };
  const fieldProps: FieldProps = {
    values,
    errors,
    disabled: saving,
    onText: (field, value) => edit(field, { [field]: value }),
    onCheck: (field, value) => edit(field, { [field]: value }),
  };

  const failed = (error: unknown) => {
    if (isLicenceRefusal(error)) {
      licenceToast(licenceDetailOf(error));
      return;
    }
    const { fields, unplaced } = serverErrorsOf(error);
    const onTemplates = templateErrorsOf(error);
    // A refused template id goes under its multi-select; with the block hidden, in the form's message.
    if (!templatesShown) unplaced.push(...Object.values(onTemplates).filter((message): message is string => !!message));
    const placedOnTemplates = templatesShown && Object.keys(onTemplates).length > 0;
    if (placedOnTemplates) setTemplateErrors(onTemplates);
    if (Object.keys(fields).length > 0 || placedOnTemplates) {
      setServerErrors(fields);
      setFormError(unplaced[0] ?? ACCOUNT_MESSAGES.formError);
      notify(ACCOUNT_MESSAGES.formError, { type: 'error' });
      return;
    }
    const message = unplaced[0] ?? messageOf(error, ACCOUNT_MESSAGES.serverError);
    setFormError(message);
    notify(message, { type: 'error' });
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    setSubmitted(true);
    if (hasErrors(clientErrors)) {
      setFormError(ACCOUNT_MESSAGES.formError);
      return;
    }
    setFormError(null);
    setSaving(true);
    try {
      if (mode === 'create') {
        const answer = await adminUsersApi.createUser({
          ...userFormPayload(values, 'create'),
          ...templatesPayload({ shown: templatesShown, mode, values: currentTemplates }),
        });
        const newId = answer?.agent_id ?? answer?.record?.agent_id;
        notify(ADMIN_MESSAGES.userAdded, { type: 'success' });
        // Replace /new: Back from the new user's page returns to where the admin came from, not to an empty form.
        navigate(newId ? userPath(basename, newId) : usersPath(basename), { replace: true });
        return;
      }
      const patch = {
        ...userFormPayload(values, 'edit', initial ?? undefined),
        ...templatesPayload({ shown: templatesShown, mode, values: currentTemplates, initial: initialTemplates }),
      };
      const answer = Object.keys(patch).length > 0 && agentId !== null ? await adminUsersApi.updateUser(agentId, patch) : null;
      const next = answer?.record ? userFormFromRecord(answer.record) : values;
      if (answer?.record) setRecord(answer.record);
      setInitial(next);
      setValues(next);
      setSubmitted(false);
      setServerErrors({});
      // What was saved is the new starting point (the answer's lists when it has them).
      setStoredTemplates(answer?.record?.default_commission_templates ? templatesFromRecord(answer.record) : currentTemplates);
      setEditedTemplates(null);
      setTemplateErrors({});
      setCapsVersion((current) => current + 1);
      notify(ADMIN_MESSAGES.userChangesSaved, { type: 'success' });
    } catch (error) {
      failed(error);
    } finally {
      setSaving(false);
    }
  };

  const name = record ? `${record.first_name ?? ''} ${record.last_name ?? ''}`.trim() : '';
  const title = mode === 'create' ? L.newUserTitle : name ? `${L.editUserTitle}: ${name}` : L.editUserTitle;
  const show = (field: UserFormField) => showsField(field, values.role_id, mode);
  // The commission cap side panel: existing users, not VENDOR, on a market 0 team (spec 000 section 2).
  const capPanel =
    record && agentId !== null && showsCapPanel({ mode, role: values.role_id, marketId: sessionMarketId() }) ? (
      <CapSummaryCard agentId={agentId} refreshKey={capsVersion} testId="user-cap-summary" />
    ) : undefined;
  const backButton = (
    <Button startIcon={<ArrowBackIcon />} onClick={back} data-testid="user-form-back">
      {L.back}
    </Button>
  );

  if (loadError) {
    return (
      <PageFrame title={title} testId="user-form-page" maxWidth={960}>
        <Alert severity="error" data-testid="user-form-load-error" sx={{ mb: 2 }}>
          {loadError}
        </Alert>
        {backButton}
      </PageFrame>
    );
  }
  if (!initial) {
    return (
      <PageFrame title={title} testId="user-form-page" maxWidth={960}>
        <SectionCard testId="user-form-loading">
          {Array.from({ length: 6 }, (_, index) => (
            <Skeleton key={index} variant="rounded" height={40} sx={{ mb: 1.5 }} />
          ))}
        </SectionCard>
      </PageFrame>
    );
  }

  return (
    <PageFrame title={title} testId="user-form-page" maxWidth={960} aside={capPanel}>
      <LicenceNotice fallbackFocus={() => document.querySelector<HTMLElement>('[data-testid="user-form-save"]')} />
      <Box component="form" noValidate onSubmit={(event) => void submit(event)} data-testid="user-form" data-mode={mode}>
        {formError && (
          <Alert severity="error" data-testid="user-form-error" sx={{ mb: 2 }}>
            {formError}
          </Alert>
        )}

        {mode === 'edit' && record && (
          <SectionCard testId="user-avatar-section">
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
              <AvatarUpload initials={initialsOf(record.first_name, record.last_name)} uploader={avatarUploader} testId="user-avatar" />
              <Box>
                <Typography variant="h6" component="p">
                  {name}
                </Typography>
                <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                  {record.email}
                </Typography>
                <Chip
                  size="small"
                  data-testid="user-form-status"
                  label={record.status === 'active' ? 'Active' : 'Inactive'}
                  color={record.status === 'active' ? 'success' : 'default'}
                  variant={record.status === 'active' ? 'filled' : 'outlined'}
                />
              </Box>
            </Box>
          </SectionCard>
        )}

        <SectionCard title={L.editUserPanel} testId="user-edit-panel">
          <Row>
            <Text field="first_name" p={fieldProps} />
            <Text field="last_name" p={fieldProps} />
          </Row>
          <Row>
            <Phone p={fieldProps} />
            <Text field="email" type="email" inputMode="email" p={fieldProps} />
          </Row>
          <Row>
            <Text field="alternate_email" type="email" inputMode="email" p={fieldProps} />
            <TextField
              select
              name="role_id"
              label={F.role_id}
              value={values.role_id}
              onChange={(event) => fieldProps.onText('role_id', event.target.value)}
              required
              error={!!errors.role_id}
              helperText={errors.role_id ?? ' '}
              disabled={saving}
              fullWidth
              margin="dense"
              data-testid="user-role_id"
              slotProps={{
                select: { 'data-testid': 'user-role_id-input' } as object,
                formHelperText: { 'data-testid': 'user-role_id-error' } as object,
              }}
            >
              {TEAM_MEMBER_ROLES.map((role) => (
                <MenuItem key={role} value={role} data-testid={`user-role-${role}`}>
                  {ROLE_LABELS[role]}
                </MenuItem>
              ))}
            </TextField>
          </Row>
          <Row>
            <Text field="start_dt" placeholder={L.datePlaceholder} p={fieldProps} />
            <Text field="business_entity" p={fieldProps} />
          </Row>
          <Row>
            <Text field="lic_nbr" p={fieldProps} />
            <Text field="pid" p={fieldProps} />
          </Row>
          {show('career_path') && (
            <Row>
              <Text field="career_path" p={fieldProps} />
              <Text field="lead_source" p={fieldProps} />
            </Row>
          )}
          <Text field="notes" multiline p={fieldProps} />
        </SectionCard>

        <SectionCard title={L.permissions} testId="user-access">
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}>
            <Check field="can_download" p={fieldProps} />
            <Check field="can_download_activities" p={fieldProps} />
            <Check field="esign_enabled" p={fieldProps} disabled={!esignAllowed} adornment={esignAllowed ? undefined : <ProTag />} />
            {show('leader_board_exclude') && <Check field="leader_board_exclude" p={fieldProps} />}
            <Check field="manage_billing" p={fieldProps} />
            {show('send_welcome_email') && <Check field="send_welcome_email" p={fieldProps} />}
          </Box>
        </SectionCard>

        {show('brokerage_cap_amt') && (
          <SectionCard title={L.capsAndFees} testId="user-caps">
            <Row>
              <Text field="brokerage_cap_amt" inputMode="decimal" p={fieldProps} />
              <Text field="brokerage_cap_anniversary_dt" placeholder={L.datePlaceholder} p={fieldProps} />
            </Row>
            <Row>
              <Text field="royalty_cap_amt" inputMode="decimal" p={fieldProps} />
              <Text field="royalty_cap_anniversary_dt" placeholder={L.datePlaceholder} p={fieldProps} />
            </Row>
            <Row>
              <Text field="agent_trans_fee_amt" inputMode="decimal" p={fieldProps} />
              <Text field="agent_monthly_fee_amt" inputMode="decimal" p={fieldProps} />
            </Row>
          </SectionCard>
        )}

        {templateListError && !isVendor(values.role_id) ? (
          <SectionCard title={COMMISSION_LABELS.defaultTemplatesTitle} testId="user-default-templates-error">
            <Alert
              severity="error"
              action={
                <Button
                  color="inherit"
                  size="small"
                  onClick={() => setTemplateListKey((current) => current + 1)}
                  data-testid="user-default-templates-retry"
                >
                  {L.retry}
                </Button>
              }
            >
              {templateListError}
            </Alert>
          </SectionCard>
        ) : (
          templateList &&
          templatesShown && (
            <DefaultTemplatesBlock
              list={templateList}
              initial={currentTemplates}
              errors={templateErrors}
              disabled={saving}
              onChange={editTemplates}
            />
          )
        )}

        <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
          {backButton}
          <Button
            type="submit"
            variant="contained"
            disabled={saving}
            data-testid="user-form-save"
            startIcon={saving ? <CircularProgress size={18} color="inherit" /> : undefined}
          >
            {saving ? L.saving : mode === 'create' ? L.create : L.save}
          </Button>
        </Box>
      </Box>
    </PageFrame>
  );
};

export default UserFormPage;
