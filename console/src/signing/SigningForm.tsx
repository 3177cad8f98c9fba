import { ESIGN_CONSENT_TEXT, type EsignField, type EsignSignatureValue, type EsignSigningSession, todayIsoDate } from '@app/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import { useCallback, useMemo, useRef, useState } from 'react';
import { fieldErrorsOf, messageOf, statusOf } from '../shared/forms/fieldErrors';
import { BrandLogo } from '../layout/BrandLogo';
import { DATA_MESSAGES } from '../dataProvider/messages';
import type { SigningApi } from './api';
import { ChoicesDialog } from './ChoicesDialog';
import { DeclineDialog } from './DeclineDialog';
import { SIGNING_LABELS as L } from './messages';
import { SignatureDialog } from './SignatureDialog';
import { FieldInput, FieldValue } from './SigningField';
import { MAX_PAGE_WIDTH, SigningDocuments, type PageLayout } from './SigningDocuments';
import {
  displayOf,
  draftErrors,
  fillableFields,
  inReadingOrder,
  initialDrafts,
  isFillable,
  isSigningDateField,
  labelOf,
  nextGuideField,
  progressOf,
  storedValueOf,
  submissionValues,
  type Draft,
  type Drafts,
} from './values';

type OpenDialog = { kind: 'signature'; field: EsignField } | { kind: 'choices'; field: EsignField } | { kind: 'decline' } | null;

export interface SigningFormProps {
  token: string;
  session: EsignSigningSession;
  api: SigningApi;
  /** Finish or Decline went through. */
  onDone: (outcome: 'signed' | 'declined') => void;
  /** The request closed meanwhile (409): its message. */
  onClosed: (message: string) => void;
}

const VALUES_PREFIX = 'values.';

/**
 * An open signer link: the documents with this signer's fields as inputs over their areas and the
 * others' values read-only, the Next field guide with its count, consent, Finish and Decline.
 */
export const SigningForm = ({ token, session, api, onDone, onClosed }: SigningFormProps) => {
  const fillable = useMemo(() => fillableFields(session), [session]);
  const ordered = useMemo(() => inReadingOrder(fillable), [fillable]);
  const own = useMemo(() => new Set(session.own_field_ids), [session]);
  const [drafts, setDrafts] = useState<Drafts>(() => initialDrafts(session, todayIsoDate()));
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set());
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [consent, setConsent] = useState(false);
  const [consentError, setConsentError] = useState<string | null>(null);
  const [active, setActive] = useState<string | null>(null);
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const [finishing, setFinishing] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [declineFailure, setDeclineFailure] = useState<string | null>(null);
  const [declineReasonError, setDeclineReasonError] = useState<string | null>(null);
  const [lastSignature, setLastSignature] = useState<Record<'signature' | 'initials', EsignSignatureValue | null>>({
    signature: null,
    initials: null,
  });
  const controls = useRef(new Map<string, HTMLElement>());
  const consentInput = useRef<HTMLInputElement | null>(null);
  const finishButton = useRef<HTMLButtonElement | null>(null);

  const errors = useMemo(() => draftErrors(fillable, drafts), [fillable, drafts]);
  const progress = useMemo(() => progressOf(fillable, drafts), [fillable, drafts]);
  // Fields whose message shows: after a Finish, every invalid one; the server's until they change.
  const attention = new Set([...(submitted ? Object.keys(errors) : []), ...Object.keys(serverErrors)]).size;
  const shownError = (uuid: string): string | null =>
    serverErrors[uuid] ?? (submitted || touched.has(uuid) ? (errors[uuid] ?? null) : null);

  // Stable callbacks: the fields are memoised and re-render only when their own props change.
  const onDraft = useCallback((uuid: string, draft: Draft) => {
    setDrafts((current) => ({ ...current, [uuid]: draft }));
    setServerErrors((current) => {
      if (!(uuid in current)) return current;
      const rest = { ...current };
      delete rest[uuid];
      return rest;
    });
  }, []);
  const onTouched = useCallback((uuid: string) => setTouched((current) => (current.has(uuid) ? current : new Set(current).add(uuid))), []);
  const onFocusField = useCallback((uuid: string) => setActive(uuid), []);
  const onOpen = useCallback(
    (field: EsignField) => setDialog(field.type === 'multiple' ? { kind: 'choices', field } : { kind: 'signature', field }),
    [],
  );
  const register = useCallback((uuid: string, element: HTMLElement | null) => {
    if (element) controls.current.set(uuid, element);
    else controls.current.delete(uuid);
  }, []);

  const bringIntoView = (element: HTMLElement | null) => {
    if (!element) return;
    element.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
    element.focus({ preventScroll: true });
  };
  const goToField = (uuid: string) => {
    setActive(uuid);
    bringIntoView(controls.current.get(uuid) ?? null);
  };

  /** Next field: the next empty required field, then the next invalid one; then consent, then Finish. */
  const guide = () => {
    const target = nextGuideField(ordered, drafts, active);
    if (target) return goToField(target.uuid);
    setActive(null);
    bringIntoView(consent ? finishButton.current : consentInput.current);
  };

  const firstInReadingOrder = (uuids: Iterable<string>) => {
    const wanted = new Set(uuids);
    return ordered.find((field) => wanted.has(field.uuid)) ?? null;
  };

  const finish = async () => {
    setSubmitted(true);
    setFailure(null);
    const invalid = firstInReadingOrder(Object.keys(errors));
    if (invalid) return goToField(invalid.uuid);
    if (!consent) return;
    setFinishing(true);
    try {
      await api.complete(token, { values: submissionValues(session, drafts), consent: true });
      onDone('signed');
    } catch (error) {
      const status = statusOf(error);
      const message = messageOf(error, DATA_MESSAGES.serverError);
      if (status === 409) return onClosed(message);
      const byField = status === 400 ? fieldErrorsOf(error) : {};
      const fieldMessages: Record<string, string> = {};
      const elsewhere: string[] = [];
      for (const [name, text] of Object.entries(byField)) {
        if (name === 'consent') {
          setConsentError(text);
          continue;
        }
        const uuid = name.startsWith(VALUES_PREFIX) ? name.slice(VALUES_PREFIX.length) : name;
        const field = session.fields.find((item) => item.uuid === uuid);
        if (field && isFillable(session, field)) fieldMessages[uuid] = text;
        else elsewhere.push(field ? `${labelOf(field)}: ${text}` : text);
      }
      setServerErrors(fieldMessages);
      const first = firstInReadingOrder(Object.keys(fieldMessages));
      if (first) goToField(first.uuid);
      setFailure(elsewhere.length > 0 ? elsewhere.join(' ') : Object.keys(byField).length > 0 ? null : message);
    } finally {
      setFinishing(false);
    }
  };

  const decline = async (reason: string) => {
    setDeclineFailure(null);
    setDeclineReasonError(null);
    try {
      await api.decline(token, { reason });
      onDone('declined');
    } catch (error) {
      const status = statusOf(error);
      const message = messageOf(error, DATA_MESSAGES.serverError);
      if (status === 409) return onClosed(message);
      const reasonError = fieldErrorsOf(error).reason;
      if (reasonError) setDeclineReasonError(reasonError);
      else setDeclineFailure(message);
    }
  };

  // Each page's fields: the signer's inputs on their first areas; values (and the mirrors of further areas) read-only.
  const byPage = useMemo(() => {
    const map = new Map<number, { field: EsignField; index: number }[]>();
    for (const field of session.fields) {
      field.areas.forEach((area, index) => {
        const list = map.get(area.page) ?? [];
        list.push({ field, index });
        map.set(area.page, list);
      });
    }
    return map;
  }, [session]);

  const overlay = ({ info, height, scale }: PageLayout) =>
    (byPage.get(info.page) ?? []).map(({ field, index }) => {
      // Primitives and the session's own area object: the memoised fields re-render only when these change.
      const geometry = { area: field.areas[index], scale, pageHeight: height };
      const key = `${field.uuid}:${index}`;
      const testId = index === 0 ? `signing-field-${field.uuid}` : undefined;
      if (isFillable(session, field)) {
        if (index === 0) {
          return (
            <FieldInput
              key={key}
              field={field}
              {...geometry}
              draft={drafts[field.uuid] ?? null}
              error={shownError(field.uuid)}
              active={active === field.uuid}
              onDraft={onDraft}
              onTouched={onTouched}
              onFocusField={onFocusField}
              onOpen={onOpen}
              register={register}
            />
          );
        }
        return (
          <FieldValue
            key={key}
            field={field}
            {...geometry}
            own
            display={displayOf(field, storedValueOf(field, drafts[field.uuid] ?? null))}
          />
        );
      }
      if (own.has(field.uuid)) {
        const value = isSigningDateField(field) ? storedValueOf(field, drafts[field.uuid] ?? null) : session.values[field.uuid];
        return <FieldValue key={key} field={field} {...geometry} own display={displayOf(field, value)} testId={testId} />;
      }
      return (
        <FieldValue
          key={key}
          field={field}
          {...geometry}
          own={false}
          display={displayOf(field, session.values[field.uuid])}
          testId={testId}
        />
      );
    });

  const dialogField = dialog && dialog.kind !== 'decline' ? dialog.field : null;
  // A field's dialog closing (applied or not) marks the field touched: its message may show from then on.
  const closeDialog = () => {
    if (dialogField) onTouched(dialogField.uuid);
    setDialog(null);
  };

  return (
    <Box sx={{ minHeight: '100dvh', display: 'flex', flexDirection: 'column' }}>
      <Box
        component="header"
        sx={{
          position: 'sticky',
          top: 0,
          zIndex: 'appBar',
          bgcolor: 'background.paper',
          borderBottom: 1,
          borderColor: 'divider',
          px: { xs: 1.5, sm: 3 },
          py: 1,
          display: 'flex',
          alignItems: 'center',
          gap: 1.5,
        }}
      >
        <BrandLogo size={32} withName={false} sx={{ display: { xs: 'none', sm: 'inline-flex' } }} />
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Typography component="h1" variant="h6" noWrap data-testid="signing-title" sx={{ lineHeight: 1.3 }}>
            {L.pageTitle(session.title)}
          </Typography>
          <Typography variant="body2" color="text.secondary" noWrap>
            {L.invitedBy(session.sender.name, session.signer.name, session.signer.role)}
          </Typography>
        </Box>
        <Button
          variant="outlined"
          color="error"
          onClick={() => setDialog({ kind: 'decline' })}
          data-testid="signing-decline"
          sx={{ minHeight: 44, flexShrink: 0 }}
        >
          {L.decline}
        </Button>
      </Box>

      <Box component="main" aria-label={L.documents} sx={{ flex: 1, px: { xs: 1, sm: 3 }, py: 2, bgcolor: 'action.hover' }}>
        <SigningDocuments documents={session.documents} overlay={overlay} />
      </Box>

      <Box
        component="footer"
        sx={{
          position: 'sticky',
          bottom: 0,
          zIndex: 'appBar',
          bgcolor: 'background.paper',
          borderTop: 1,
          borderColor: 'divider',
          boxShadow: 6,
          px: { xs: 1.5, sm: 3 },
          py: 1,
        }}
      >
        <Box
          sx={{ maxWidth: MAX_PAGE_WIDTH, mx: 'auto', display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 2, rowGap: 0.5 }}
        >
          <Box sx={{ flex: '1 1 280px', minWidth: 0 }}>
            <FormControlLabel
              sx={{ minHeight: 44, mr: 0 }}
              control={
                <Checkbox
                  checked={consent}
                  onChange={(event) => {
                    setConsent(event.target.checked);
                    setConsentError(null);
                  }}
                  inputRef={consentInput}
                  slotProps={{
                    input: {
                      'data-testid': 'signing-consent',
                      'aria-describedby': consentError ? 'signing-consent-error' : undefined,
                    } as React.InputHTMLAttributes<HTMLInputElement>,
                  }}
                />
              }
              label={ESIGN_CONSENT_TEXT}
            />
            {consentError && (
              <FormHelperText error id="signing-consent-error" data-testid="signing-consent-error">
                {consentError}
              </FormHelperText>
            )}
          </Box>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flex: '1 1 auto', justifyContent: 'flex-end' }}>
            <Typography variant="body2" data-testid="signing-progress" role="status" sx={{ mr: 'auto', whiteSpace: 'nowrap' }}>
              {L.progress(progress.done, progress.total)}
            </Typography>
            <Button variant="outlined" onClick={guide} data-testid="signing-next-field" sx={{ minHeight: 44, whiteSpace: 'nowrap' }}>
              {L.nextField}
            </Button>
            <Button
              ref={finishButton}
              variant="contained"
              onClick={() => void finish()}
              disabled={!consent || finishing}
              data-testid="signing-finish"
              sx={{ minHeight: 44, minWidth: 96 }}
            >
              {finishing ? <CircularProgress size={22} color="inherit" aria-label={L.finishing} /> : L.finish}
            </Button>
          </Box>
          {attention > 0 && (
            <Alert severity="warning" sx={{ flexBasis: '100%', py: 0 }} data-testid="signing-attention">
              {L.needsAttention(attention)}
            </Alert>
          )}
          {failure && (
            <Alert severity="error" sx={{ flexBasis: '100%', py: 0 }} data-testid="signing-failure">
              {failure}
            </Alert>
          )}
        </Box>
      </Box>

      {dialog?.kind === 'signature' && dialogField && (
        <SignatureDialog
          kind={dialogField.type === 'initials' ? 'initials' : 'signature'}
          label={labelOf(dialogField)}
          value={(drafts[dialogField.uuid] as EsignSignatureValue | null) ?? null}
          previous={lastSignature[dialogField.type === 'initials' ? 'initials' : 'signature']}
          signerName={session.signer.name}
          onClose={closeDialog}
          onApply={(value) => {
            onDraft(dialogField.uuid, value);
            setLastSignature((current) => ({ ...current, [dialogField.type === 'initials' ? 'initials' : 'signature']: value }));
            closeDialog();
          }}
        />
      )}
      {dialog?.kind === 'choices' && dialogField && (
        <ChoicesDialog
          field={dialogField}
          value={Array.isArray(drafts[dialogField.uuid]) ? (drafts[dialogField.uuid] as string[]) : []}
          onClose={closeDialog}
          onApply={(value) => {
            onDraft(dialogField.uuid, value);
            closeDialog();
          }}
        />
      )}
      {dialog?.kind === 'decline' && (
        <DeclineDialog
          sender={session.sender.name}
          failure={declineFailure}
          reasonError={declineReasonError}
          onConfirm={decline}
          onClose={() => {
            setDeclineFailure(null);
            setDeclineReasonError(null);
            closeDialog();
          }}
        />
      )}
    </Box>
  );
};
