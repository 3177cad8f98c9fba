import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { Title, useBasename } from 'react-admin';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { esignTemplatesPath } from '../paths';
import type { TemplateBuilderApi } from './api';
import type { SaveStatus } from './autosave';
import { builderProviderApi } from './builderProviderApi';
import type { BuilderProviderApi } from './docusealApi';
import { DocusealTemplateBuilder } from './DocusealTemplateBuilder';
import { templateBuilderApi } from './index';
import { BUILDER_LABELS as L, BUILDER_MESSAGES as M } from './messages';
import { TemplateBuilder } from './TemplateBuilder';
import { nameProblem, TemplateNameEditor } from './TemplateNameEditor';
import { TemplatePicker } from './TemplatePicker';
import { useTemplateBuilderSession } from './useTemplateBuilderSession';

/** The templateId of the URL, or null when it is missing or not an id. */
export function templateIdOf(value: string | null): number | null {
  if (!value || !/^\d+$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

const SaveIndicator = ({ status, onRetry }: { status: SaveStatus; onRetry: () => void }) => {
  if (status.kind === 'idle' || status.kind === 'conflict') return null;
  const text = status.kind === 'saving' ? L.saving : status.kind === 'saved' ? L.saved : status.message;
  const indicator = (
    <Typography
      variant="body2"
      role="status"
      aria-live="polite"
      data-testid="builder-save-status"
      data-status={status.kind}
      color={status.kind === 'error' ? 'error' : 'text.secondary'}
      sx={{ whiteSpace: 'nowrap' }}
    >
      {text}
    </Typography>
  );
  if (status.kind !== 'error') return indicator;
  // A failed save (not a 409) keeps its change: Retry sends it again.
  return (
    <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
      {indicator}
      <Button size="small" color="inherit" onClick={onRetry} data-testid="builder-save-retry">
        {L.retry}
      </Button>
    </Box>
  );
};

/** The engine the e-sign service runs on (GET /esign/provider): null until known; own when it cannot be asked. */
function useEsignProvider(providerApi: BuilderProviderApi): 'own' | 'docuseal' | null {
  const [provider, setProvider] = useState<'own' | 'docuseal' | null>(null);
  useEffect(() => {
    let live = true;
    providerApi
      .provider()
      .then((answer) => live && setProvider(answer?.provider === 'docuseal' ? 'docuseal' : 'own'))
      .catch(() => live && setProvider('own'));
    return () => {
      live = false;
    };
  }, [providerApi]);
  return provider;
}

/**
 * /app/admin/esign-templates/template-builder?templateId= (spec 002 section 2.3): a Back link to the
 * list, the template dropdown with its filter (a change switches templateId), the template's name and
 * the builder: the own one, or DocuSeal's embedded builder when the e-sign service runs on DocuSeal (spec 002).
 * Leaving saves what waits and clears the state.
 */
const TemplateBuilderPage = ({
  api = templateBuilderApi,
  providerApi = builderProviderApi,
}: {
  api?: TemplateBuilderApi;
  providerApi?: BuilderProviderApi;
}) => {
  const basename = useBasename();
  const [params, setParams] = useSearchParams();
  const templateId = templateIdOf(params.get('templateId'));
  const session = useTemplateBuilderSession(api, templateId);
  const provider = useEsignProvider(providerApi);
  // DocuSeal's builder saves on its own queue; its status shows where the own builder's does.
  const [docusealStatus, setDocusealStatus] = useState<SaveStatus>({ kind: 'idle' });
  const [docusealRun, setDocusealRun] = useState(0);
  const docusealControls = useRef<{ flush: () => Promise<void> } | null>(null);
  const saveStatus = provider === 'docuseal' ? docusealStatus : session.saveStatus;
  const flush = () => (provider === 'docuseal' ? (docusealControls.current?.flush() ?? Promise.resolve()) : session.flush());
  const reload = () => {
    setDocusealStatus({ kind: 'idle' });
    setDocusealRun((n) => n + 1);
    session.reload();
  };
  // The template of the URL only: after a switch, the one left is not shown under the new templateId.
  const detail = session.detail && session.detail.esig_template_id === templateId ? session.detail : null;
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | undefined>();
  const savedName = detail?.name ?? '';

  // A template loaded (another, or again): its name. A rename answered later never overwrites typing.
  const loadedId = detail?.esig_template_id;
  useEffect(() => {
    setName(loadedId === undefined ? '' : savedName);
    setNameError(undefined);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [loadedId, detail === null]);

  /** Saves a changed name; true when there is nothing left to save. */
  const saveName = async (): Promise<boolean> => {
    if (!detail || name === savedName) return true;
    const problem = nameProblem(name);
    if (problem) {
      setNameError(problem);
      return false;
    }
    const sent = name.trim();
    const error = await session.rename(sent);
    setNameError(error);
    if (!error) setName((typed) => (typed === name ? sent : typed));
    return !error;
  };

  const choose = async (nextId: number) => {
    // A dropdown change saves the name being edited and what autosave still holds, then switches.
    if (!(await saveName())) return;
    await flush();
    setDocusealStatus({ kind: 'idle' });
    setParams({ templateId: String(nextId) });
  };

  const current = detail ? { esig_template_id: detail.esig_template_id, name: savedName } : null;
  return (
    <Box data-testid="template-builder-page" sx={{ py: 1, display: 'flex', flexDirection: 'column', gap: 1.5, minWidth: 0 }}>
      <Title title={L.title} />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5 }}>
        <Link
          component={RouterLink}
          to={esignTemplatesPath(basename)}
          underline="hover"
          sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
          data-testid="builder-back"
        >
          <ArrowBackIcon fontSize="small" />
          {L.back}
        </Link>
        <TemplatePicker api={api} current={current} onChoose={(id) => void choose(id)} />
        {detail && (
          <TemplateNameEditor
            value={name}
            saved={savedName}
            error={nameError}
            onChange={(value) => {
              setName(value);
              setNameError(undefined);
            }}
            onSave={() => void saveName()}
          />
        )}
        <SaveIndicator status={saveStatus} onRetry={() => void flush()} />
      </Box>
      {saveStatus.kind === 'conflict' && (
        <Alert
          severity="warning"
          data-testid="builder-conflict"
          action={
            <Button color="inherit" size="small" onClick={reload} data-testid="builder-reload">
              {L.reload}
            </Button>
          }
        >
          {saveStatus.message}
        </Alert>
      )}
      {!templateId ? (
        <Typography color="text.secondary" data-testid="builder-no-template">
          {M.noTemplate}
        </Typography>
      ) : session.loadError ? (
        <Alert
          severity="error"
          data-testid="builder-load-error"
          action={
            <Button color="inherit" size="small" onClick={session.reload}>
              {L.retry}
            </Button>
          }
        >
          {session.loadError}
        </Alert>
      ) : !detail || provider === null ? (
        <Box data-testid="builder-loading" aria-busy="true">
          <Skeleton variant="rectangular" height={480} />
        </Box>
      ) : provider === 'docuseal' ? (
        <Box sx={{ height: { sm: 'calc(100vh - 190px)' }, minHeight: { sm: 480 } }}>
          <DocusealTemplateBuilder
            key={`${detail.esig_template_id}-${docusealRun}`}
            detail={detail}
            providerApi={providerApi}
            saveSchema={api.saveSchema}
            onStatus={setDocusealStatus}
            controls={docusealControls}
          />
        </Box>
      ) : (
        <Box sx={{ height: { sm: 'calc(100vh - 190px)' }, minHeight: { sm: 480 } }}>
          <TemplateBuilder
            mode="edit"
            files={detail.files}
            state={session.state}
            dispatch={session.dispatch}
            mappableFields={session.mappableFields}
            mappableError={session.mappableError}
            backTo={esignTemplatesPath(basename)}
          />
        </Box>
      )}
    </Box>
  );
};

export default TemplateBuilderPage;
