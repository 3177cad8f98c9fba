import { ESIGN_REQUEST_MESSAGES as M, type EsignSigningSession, type EsignSigningState } from '@app/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { useCallback, useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { messageOf, statusOf } from '../shared/forms/fieldErrors';
import { DATA_MESSAGES } from '../dataProvider/messages';
import { documentTitleOf } from '../layout/screens';
import { signingApi, type SigningApi } from './api';
import { SIGNING_LABELS as L } from './messages';
import { SigningForm } from './SigningForm';
import { SigningLayout, StatusCard } from './SigningLayout';

type View =
  | { kind: 'loading' }
  | { kind: 'error'; message: string; status: number }
  | { kind: 'open'; session: EsignSigningSession }
  /** Signed (now or before) or declined by this signer just now. */
  | { kind: 'done'; session: EsignSigningSession; outcome: 'signed' | 'declined'; justNow: boolean }
  /** Not this signer's turn, or the request declined, expired or cancelled. */
  | { kind: 'closed'; session: EsignSigningSession; state: EsignSigningState | 'closed'; message: string };

/** The message of each closed state when the server gives none. */
const CLOSED_MESSAGES: Record<Exclude<EsignSigningState, 'open'>, string> = {
  waiting: M.notYourTurn,
  signed: M.alreadySigned,
  declined: M.declined,
  expired: M.expired,
  cancelled: M.cancelled,
};

/** A closed state from the message of a 409 ('This request has expired' -> expired). */
function stateOfMessage(message: string): EsignSigningState | 'closed' {
  const found = (Object.entries(CLOSED_MESSAGES) as [EsignSigningState, string][]).find(([, text]) => text === message);
  return found ? found[0] : 'closed';
}

function viewOf(session: EsignSigningSession): View {
  if (session.state === 'open') return { kind: 'open', session };
  if (session.state === 'signed') return { kind: 'done', session, outcome: 'signed', justNow: false };
  return { kind: 'closed', session, state: session.state, message: session.message || CLOSED_MESSAGES[session.state] };
}

const DonePage = ({ view }: { view: Extract<View, { kind: 'done' }> }) => {
  const { session, outcome, justNow } = view;
  if (outcome === 'declined') {
    return (
      <StatusCard
        testId="signing-done"
        state="declined"
        heading={M.declined}
        title={session.title}
        lines={[L.declinedNow, L.contactSender(session.sender.name, session.sender.email)]}
      />
    );
  }
  const url = justNow ? null : session.signed_document_url;
  return (
    <StatusCard
      testId="signing-done"
      state="signed"
      heading={justNow ? L.thankYou : session.message || M.alreadySigned}
      title={session.title}
      lines={justNow ? [L.signedNow, L.copyLater] : [url ? L.copyReady : L.copyLater]}
      downloadUrl={url}
    />
  );
};

const ClosedPage = ({ view }: { view: Extract<View, { kind: 'closed' }> }) => (
  <StatusCard
    testId="signing-closed"
    state={view.state}
    heading={view.message}
    title={view.session.title}
    lines={[view.state === 'waiting' ? L.waitTurn : L.contactSender(view.session.sender.name, view.session.sender.email)]}
  />
);

/**
 * /sign/{token} (public): a signer's link. Loads the signing session and shows the documents
 * to sign, or the page of a signed or closed link; after Finish or Decline, a done page.
 */
export const SigningPageView = ({ api }: { api: SigningApi }) => {
  const token = useParams().token ?? '';
  const [view, setView] = useState<View>({ kind: 'loading' });

  const load = useCallback(
    (signal: { cancelled: boolean }) => {
      setView({ kind: 'loading' });
      api
        .session(token)
        .then((session) => !signal.cancelled && setView(viewOf(session)))
        .catch((error: unknown) => {
          if (signal.cancelled) return;
          const status = statusOf(error);
          setView({
            kind: 'error',
            status,
            message: status === 404 ? messageOf(error, M.linkNotFound) : messageOf(error, DATA_MESSAGES.serverError),
          });
        });
    },
    [api, token],
  );

  useEffect(() => {
    const signal = { cancelled: false };
    load(signal);
    return () => {
      signal.cancelled = true;
    };
  }, [load]);

  const title = 'session' in view ? view.session.title : null;
  useEffect(() => {
    document.title = documentTitleOf(title ? L.pageTitle(title) : L.screenTitle);
  }, [title]);

  let content;
  switch (view.kind) {
    case 'loading':
      content = (
        <Box sx={{ minHeight: '100dvh', display: 'flex', alignItems: 'center', justifyContent: 'center' }} data-testid="signing-loading">
          <CircularProgress aria-label={L.loading} />
        </Box>
      );
      break;
    case 'error':
      content = (
        <StatusCard testId="signing-error" state="error" heading={view.status === 404 ? view.message : L.loadFailed} lines={[]}>
          {view.status !== 404 && (
            <>
              <Alert severity="error" sx={{ mt: 2, textAlign: 'left' }} data-testid="signing-error-message">
                {view.message}
              </Alert>
              <Button
                variant="outlined"
                onClick={() => load({ cancelled: false })}
                sx={{ mt: 2, minHeight: 44 }}
                data-testid="signing-retry"
              >
                {L.retry}
              </Button>
            </>
          )}
        </StatusCard>
      );
      break;
    case 'open':
      content = (
        <SigningForm
          token={token}
          session={view.session}
          api={api}
          onDone={(outcome) => setView({ kind: 'done', session: view.session, outcome, justNow: true })}
          onClosed={(message) => setView({ kind: 'closed', session: view.session, state: stateOfMessage(message), message })}
        />
      );
      break;
    case 'done':
      content = <DonePage view={view} />;
      break;
    default:
      content = <ClosedPage view={view} />;
  }
  return (
    <SigningLayout
      state={view.kind === 'open' ? 'open' : view.kind === 'closed' ? view.state : view.kind === 'done' ? view.outcome : view.kind}
    >
      {content}
    </SigningLayout>
  );
};

const SigningPage = () => <SigningPageView api={signingApi} />;

// Default export: App.tsx loads this chunk with React.lazy.
export default SigningPage;
