import {
  ESIGN_AUTOSAVE_MS,
  ESIGN_STEPS,
  ESIGN_STEPPER_MOBILE_WIDTH,
  type EsignDraft,
  type EsignFormState,
  type EsignPreviewResponse,
  type EsignTemplateSchema,
} from '@app/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { Title, useBasename, useNotify, type HttpError } from 'react-admin';
import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { browserStorage, readSession, type SessionStorage } from '../../auth/session';
import { hasEsignAccess } from '../access';
import { createAutosave, type Autosave, type SaveStatus } from '../builder/autosave';
import type { EsignSendApi } from './api';
import { FinalizeDocumentStep } from './FinalizeDocumentStep';
import { emptySignerOf, roleKeyOf, signingRolesOf } from './formModel';
import { esignSendApi } from './index';
import { defaultSubjectOf, SEND_LABELS as L, SEND_MESSAGES as M } from './messages';
import { SendSignaturesStep } from './SendSignaturesStep';
import { EMPTY_FORM_STATE, sendFormReducer, type SendFormAction } from './sendFormReducer';
import {
  blobOfDataUrl,
  buildSendRequest,
  placeServerErrors,
  sendStepControlKeys,
  sendStepErrors,
  signerControlKeys,
  type BuiltSendRequest,
  type SigningRole,
} from './sendRequest';
import { VerifyDataStep, type VerifyDataController } from './VerifyDataStep';

/** How long a preview's blob URL stays alive (the new tab has loaded it long before). */
export const PREVIEW_URL_LIFETIME_MS = 60_000;
const LAST_STEP = ESIGN_STEPS.length - 1;

/** The e-sign tab of the transaction: where Cancel (two levels up) and a sent request go. */
export const esignTabPath = (basename: string, clientId: string | number) =>
  `${basename}/transactions/${encodeURIComponent(String(clientId))}/esign`;

const statusOf = (error: unknown) => (error as { status?: unknown } | null)?.status;
const messageOf = (error: unknown, fallback: string) => {
  const message = (error as HttpError | null)?.body?.message ?? (error as Error | null)?.message;
  return typeof message === 'string' && message ? message : fallback;
};
const fieldErrorsOf = (error: unknown): Record<string, string> | null => {
  const errors = (error as HttpError | null)?.body?.errors as Record<string, string> | undefined;
  return statusOf(error) === 400 && errors && typeof errors === 'object' ? errors : null;
};
const clampStep = (step: unknown) => (typeof step === 'number' && Number.isInteger(step) ? Math.min(LAST_STEP, Math.max(0, step)) : 0);

/** The form to start from: the draft's saved state (restored on reload), else one initialised from its fields and roles. */
export function formStateOf(draft: EsignDraft): EsignFormState {
  const roles = [...draft.roles].sort((a, b) => a.order - b.order);
  if (!draft.form_state) {
    return sendFormReducer(EMPTY_FORM_STATE, {
      type: 'initialise',
      fields: draft.fields,
      roles,
      emailConfig: { default: { subject: defaultSubjectOf(draft.title), body: '' }, roles: {}, useRoleConfig: false },
    });
  }
  const saved: EsignFormState = { ...EMPTY_FORM_STATE, ...draft.form_state, activeStep: clampStep(draft.form_state.activeStep) };
  // A role the saved form has no signer for yet (the schema changed since) gets an empty one.
  const signers = { ...saved.signers };
  for (const role of roles) {
    const key = roleKeyOf(role.name);
    if (!signers[key]) signers[key] = emptySignerOf(role, saved.fields);
  }
  return { ...saved, signers, signatureOrder: saved.signatureOrder === 'S' ? 'S' : 'P' };
}

const combinedStatus = (a: SaveStatus, b: SaveStatus): SaveStatus => {
  if (a.kind === 'error' || a.kind === 'conflict') return a;
  if (b.kind === 'error' || b.kind === 'conflict') return b;
  if (a.kind === 'saving' || b.kind === 'saving') return { kind: 'saving' };
  if (a.kind === 'saved' || b.kind === 'saved') return { kind: 'saved' };
  return { kind: 'idle' };
};

interface LoadState {
  draft: EsignDraft | null;
  error: string | null;
}

/**
 * /app/transactions/:id/esign/send/:draftId?step=1 (spec 002 sections 2.2, 3, 4, 5): the send stepper on
 * the draft the e-sign tab created. Linear (the other steps disabled), ?step follows the active step, the
 * form autosaved to the draft 500 ms after each change and on Next and Previous, restored on reload.
 */
const EsignSendPage = ({ api = esignSendApi, storage }: { api?: EsignSendApi; storage?: SessionStorage }) => {
  const session = readSession(storage ?? browserStorage());
  // Spec 002 section 6: both e-sign permissions, or the root (the server refuses every call regardless).
  if (session && !hasEsignAccess(session.user.permissions)) return <Navigate to="/" replace />;
  return <SendStepper api={api} />;
};

const SendStepper = ({ api }: { api: EsignSendApi }) => {
  const { id = '', draftId = '' } = useParams();
  const basename = useBasename();
  const navigate = useNavigate();
  const notify = useNotify();
  const [params, setParams] = useSearchParams();
  const mobile = useMediaQuery(`(max-width:${ESIGN_STEPPER_MOBILE_WIDTH}px)`);

  const [load, setLoad] = useState<LoadState>({ draft: null, error: null });
  const [reloads, setReloads] = useState(0);
  const [state, dispatch] = useReducer(sendFormReducer, EMPTY_FORM_STATE);
  const [schema, setSchema] = useState<EsignTemplateSchema | null>(null);
  const [formStatus, setFormStatus] = useState<SaveStatus>({ kind: 'idle' });
  const [schemaStatus, setSchemaStatus] = useState<SaveStatus>({ kind: 'idle' });
  const [schemaErrors, setSchemaErrors] = useState<string[]>([]);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [generalErrors, setGeneralErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState<'preview' | 'send' | null>(null);
  const step1 = useRef<VerifyDataController | null>(null);
  const latest = useRef(state);
  latest.current = state;

  // Autosave of the form (500 ms after the last change; Next and Previous save at once) and of the schema.
  const formAutosave = useRef<Autosave<EsignFormState> | null>(null);
  const schemaAutosave = useRef<Autosave<EsignTemplateSchema> | null>(null);
  useEffect(() => {
    let live = true;
    const form = createAutosave<EsignFormState>({
      save: async (value) => void (await api.saveFormState(draftId, value)),
      onStatus: (status) => live && setFormStatus(status),
      describeError: (error) => ({ conflict: false, message: messageOf(error, M.saveFailed) }),
      delayMs: ESIGN_AUTOSAVE_MS,
    });
    const schemaSave = createAutosave<EsignTemplateSchema>({
      save: async (value) => {
        const answer = await api.saveSchema(draftId, value);
        if (!live) return;
        setSchemaErrors([]);
        // The transaction's values of fields mapped in Edit Template come with the answer.
        if (Array.isArray(answer?.fields)) dispatch({ type: 'mergeDraftFields', fields: answer.fields });
      },
      onStatus: (status) => live && setSchemaStatus(status),
      describeError: (error) => {
        const errors = fieldErrorsOf(error);
        if (errors && live) setSchemaErrors(Object.values(errors));
        return { conflict: false, message: messageOf(error, M.saveFailed) };
      },
      delayMs: ESIGN_AUTOSAVE_MS,
    });
    formAutosave.current = form;
    schemaAutosave.current = schemaSave;
    return () => {
      live = false;
      // Leaving (Cancel, the menu): what waits is saved, then these sessions are gone.
      void Promise.all([form.flush(), schemaSave.flush()]).finally(() => {
        form.cancel();
        schemaSave.cancel();
      });
    };
  }, [api, draftId]);

  // The draft: its saved form restored, or a new one from its fields and roles.
  const baseline = useRef<EsignFormState | null>(null);
  useEffect(() => {
    let live = true;
    setLoad({ draft: null, error: null });
    api
      .getDraft(draftId)
      .then((draft) => {
        if (!live) return;
        const initial = formStateOf(draft);
        baseline.current = initial;
        dispatch({ type: 'set', state: initial });
        setSchema(draft.schema);
        setLoad({ draft, error: null });
      })
      .catch((error: unknown) => {
        if (live) setLoad({ draft: null, error: statusOf(error) === 404 ? M.notFound : messageOf(error, M.loadFailed) });
      });
    return () => {
      live = false;
    };
  }, [api, draftId, reloads]);

  // Every change after the load goes to autosave; `saveNow` (Next, Previous) sends it at once.
  const lastQueued = useRef<EsignFormState | null>(null);
  const saveNow = useRef(false);
  useEffect(() => {
    if (!load.draft) return;
    if (baseline.current) {
      // The state as loaded is no change.
      baseline.current = null;
      lastQueued.current = state;
      return;
    }
    if (state === lastQueued.current) return;
    lastQueued.current = state;
    formAutosave.current?.change(state);
    if (saveNow.current) {
      saveNow.current = false;
      void formAutosave.current?.flush();
    }
  }, [state, load.draft]);

  // ?step= follows the active step (1-based).
  const active = state.activeStep;
  useEffect(() => {
    if (!load.draft) return;
    const wanted = String(active + 1);
    if (params.get('step') === wanted) return;
    const next = new URLSearchParams(params);
    next.set('step', wanted);
    setParams(next, { replace: true });
  }, [active, load.draft, params, setParams]);

  const roles = useMemo<SigningRole[]>(
    () => (schema ? signingRolesOf(schema).map((role) => ({ key: roleKeyOf(role.name), name: role.name })) : []),
    [schema],
  );

  /** Moves to an adjacent step and saves the form now; Next marks the signer controls touched. */
  const go = useCallback((step: number, actions: SendFormAction[] = []) => {
    if (Math.abs(step - latest.current.activeStep) !== 1 || step < 0 || step > LAST_STEP) return;
    saveNow.current = true;
    for (const action of actions) dispatch(action);
    dispatch({ type: 'setStep', step });
  }, []);
  const next = async () => {
    if (active >= LAST_STEP) return;
    // Step 1 is valid only when no value control is invalid: Next shows every message and stays.
    if (active === 0 && step1.current && !(await step1.current.validate())) return;
    go(active + 1, [{ type: 'touch', keys: signerControlKeys(roles) }]);
  };
  const previous = () => {
    if (active > 0) go(active - 1);
  };
  const cancel = () => navigate(esignTabPath(basename, id));

  const clearServerError = useCallback((key: string) => {
    setServerErrors((current) => {
      if (!(key in current)) return current;
      const rest = { ...current };
      delete rest[key];
      return rest;
    });
  }, []);

  // Step 2: builder changes update the form (submitters, default values, and the fields and signers Edit
  // Template adds or removes, so step 3 always asks for the roles the document has) and autosave the schema.
  const onBuilderChange = useCallback((changed: EsignTemplateSchema, before: EsignTemplateSchema) => {
    setSchema(changed);
    dispatch({ type: 'applySchema', schema: changed, previous: before, rebuild: true });
    schemaAutosave.current?.change(changed);
  }, []);
  const onRebuild = useCallback((current: EsignTemplateSchema) => {
    const rebuilt = sendFormReducer(latest.current, { type: 'applySchema', schema: current, rebuild: true });
    // The same form again is no change (and no save).
    if (JSON.stringify(rebuilt) !== JSON.stringify(latest.current)) dispatch({ type: 'set', state: rebuilt });
  }, []);
  const loadMappableFields = useCallback(() => api.mappableFields(), [api]);
  const loadOptions = useCallback((term: string) => api.signerOptions(load.draft?.client_id ?? Number(id), term), [api, load.draft, id]);

  /** A refusal: each message under its control (step 1's listed here too), the rest on top. */
  const showRefusal = (error: unknown, built: BuiltSendRequest) => {
    const errors = fieldErrorsOf(error);
    if (!errors) {
      notify(messageOf(error, M.sendFailed), { type: 'error' });
      return;
    }
    const placed = placeServerErrors(errors, built, roles);
    const step1Messages = Object.entries(placed.controls).flatMap(([key, message]) => {
      const field = state.fields.find((candidate) => candidate.fieldId === key);
      return field ? [`${field.label}: ${message}`] : [];
    });
    setServerErrors(placed.controls);
    setGeneralErrors([...placed.general, ...(step1Messages.length > 0 ? [M.fieldsNeedAttention, ...step1Messages] : [])]);
    dispatch({ type: 'touch', keys: Object.keys(placed.controls) });
  };

  /** Whether step 3 may go to the server; otherwise every message shows (the server checks a preview as a send). */
  const readyToSend = () => {
    if (Object.keys(sendStepErrors(state, roles)).length === 0) return true;
    dispatch({ type: 'touch', keys: sendStepControlKeys(roles) });
    return false;
  };

  const preview = async () => {
    if (busy || !readyToSend()) return;
    const built = buildSendRequest(draftId, state, roles, true);
    // Opened now, while the click still counts as the user's: a tab opened after the call may be blocked.
    const tab = window.open('', '_blank');
    if (tab) tab.opener = null;
    setBusy('preview');
    setGeneralErrors([]);
    try {
      await schemaAutosave.current?.flush();
      const answer = (await api.send(built.body)) as EsignPreviewResponse;
      // Browsers refuse to open a data: URL at the top level: the PDF goes through a blob: URL.
      const url = URL.createObjectURL(blobOfDataUrl(answer.url));
      if (tab) tab.location.href = url;
      else window.open(url, '_blank', 'noopener');
      setTimeout(() => URL.revokeObjectURL(url), PREVIEW_URL_LIFETIME_MS);
    } catch (error) {
      tab?.close();
      if (fieldErrorsOf(error)) showRefusal(error, built);
      else notify(messageOf(error, M.previewFailed), { type: 'error' });
    } finally {
      setBusy(null);
    }
  };

  const send = async () => {
    // Submit only when the form is valid: otherwise every message shows.
    if (busy || !readyToSend()) return;
    const built = buildSendRequest(draftId, state, roles, false);
    setBusy('send');
    setGeneralErrors([]);
    try {
      await schemaAutosave.current?.flush();
      await api.send(built.body);
      // Sent: the draft is done with; nothing more is saved to it.
      formAutosave.current?.cancel();
      schemaAutosave.current?.cancel();
      notify(M.sent, { type: 'success' });
      navigate(esignTabPath(basename, id));
    } catch (error) {
      showRefusal(error, built);
      setBusy(null);
    }
  };

  const status = combinedStatus(formStatus, schemaStatus);
  const draft = load.draft;
  return (
    <Box
      data-testid="esign-send-page"
      data-layout={mobile ? 'mobile' : 'desktop'}
      sx={{ py: 2, display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0 }}
    >
      <Title title={L.title} />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', gap: 1.5 }}>
        <Typography component="h1" variant={mobile ? 'h6' : 'h5'} sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
          {draft?.title || L.title}
        </Typography>
        {status.kind !== 'idle' && (
          <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
            <Typography
              variant="body2"
              role="status"
              aria-live="polite"
              data-testid="esign-save-status"
              data-status={status.kind}
              color={status.kind === 'error' ? 'error' : 'text.secondary'}
            >
              {status.kind === 'saving' ? L.saving : status.kind === 'saved' ? L.saved : status.message}
            </Typography>
            {status.kind === 'error' && (
              <Button
                size="small"
                color="inherit"
                onClick={() => void Promise.all([formAutosave.current?.flush(), schemaAutosave.current?.flush()])}
              >
                {L.retry}
              </Button>
            )}
          </Box>
        )}
      </Box>

      <Stepper
        activeStep={active}
        alternativeLabel={mobile}
        data-testid="esign-stepper"
        sx={{ '& .MuiStepLabel-label': { fontSize: mobile ? 12 : undefined } }}
      >
        {ESIGN_STEPS.map((label, index) => (
          <Step
            key={label}
            disabled={index !== active}
            completed={index < active}
            data-testid={`esign-step-${index + 1}`}
            data-active={index === active ? 'true' : 'false'}
            aria-current={index === active ? 'step' : undefined}
          >
            <StepLabel>{label}</StepLabel>
          </Step>
        ))}
      </Stepper>
      {mobile && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: -1 }}>
          {`${L.stepOf(active + 1, ESIGN_STEPS.length)}: ${ESIGN_STEPS[active]}`}
        </Typography>
      )}

      {load.error ? (
        <Alert
          severity="error"
          data-testid="esign-send-load-error"
          action={
            <Button color="inherit" size="small" onClick={() => setReloads((n) => n + 1)}>
              {L.retry}
            </Button>
          }
        >
          {load.error}
        </Alert>
      ) : !draft || !schema ? (
        <Box aria-busy="true" data-testid="esign-send-loading">
          <Skeleton variant="rectangular" height={320} />
        </Box>
      ) : (
        <Box component="section" aria-label={ESIGN_STEPS[active]} sx={{ minWidth: 0 }}>
          {active === 0 && (
            <VerifyDataStep state={state} dispatch={dispatch} serverErrors={serverErrors} onEdited={clearServerError} controller={step1} />
          )}
          {active === 1 && (
            <FinalizeDocumentStep
              files={draft.files}
              schema={schema}
              form={state}
              onChange={onBuilderChange}
              onRebuild={onRebuild}
              onStartOver={previous}
              schemaErrors={schemaErrors}
              loadMappableFields={loadMappableFields}
            />
          )}
          {active === 2 && (
            <SendSignaturesStep
              state={state}
              dispatch={dispatch}
              roles={roles}
              serverErrors={serverErrors}
              generalErrors={generalErrors}
              onServerErrorCleared={clearServerError}
              loadOptions={loadOptions}
              busy={busy}
              onBack={previous}
              onPreview={() => void preview()}
              onSend={() => void send()}
            />
          )}
        </Box>
      )}

      <Box
        component="nav"
        aria-label={L.title}
        sx={{
          display: 'flex',
          flexDirection: mobile ? 'column-reverse' : 'row',
          gap: 1,
          alignItems: mobile ? 'stretch' : 'center',
          borderTop: 1,
          borderColor: 'divider',
          pt: 2,
        }}
      >
        <Button variant="text" onClick={cancel} data-testid="esign-cancel">
          {L.cancel}
        </Button>
        <Box sx={{ flex: 1 }} />
        {active > 0 && (
          <Button variant="outlined" onClick={previous} disabled={!draft || busy !== null} data-testid="esign-previous">
            {L.previous}
          </Button>
        )}
        {active < LAST_STEP && (
          <Button variant="contained" onClick={() => void next()} disabled={!draft} data-testid="esign-next">
            {active === 1 ? L.nextStep : L.next}
          </Button>
        )}
      </Box>
    </Box>
  );
};

export default EsignSendPage;
