import { DocusealBuilder, type DocusealBuilderSaveData } from '@docuseal/react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import { ESIGN_FIELD_TYPES, type EsignTemplateDetail, type EsignTemplateSchema, type SaveEsignTemplateSchemaRequest } from '@app/contracts';
import { useEffect, useRef, useState, type MutableRefObject } from 'react';
import type { HttpError } from 'react-admin';
import { createAutosave, type Autosave, type SaveStatus } from './autosave';
import type { BuilderProviderApi } from './docusealApi';
import { schemaFromDocuseal, type DocusealTemplateData } from './docusealSchema';
import { BUILDER_LABELS as L, BUILDER_MESSAGES as M } from './messages';

export const DOCUSEAL_BUILDER_MESSAGES = {
  tokenFailed: 'The DocuSeal builder could not be opened.',
  documentsChanged:
    "The template's documents were changed in DocuSeal. Add documents to the template here instead; the change was not saved.",
} as const;

const messageOf = (error: unknown, fallback: string) => {
  const message = (error as HttpError | null)?.body?.message ?? (error as Error | null)?.message;
  return typeof message === 'string' && message ? message : fallback;
};

export interface DocusealTemplateBuilderProps {
  detail: EsignTemplateDetail;
  providerApi: BuilderProviderApi;
  /** PUT /esign/templates/{id}/schema (the same call as the own builder's autosave). */
  saveSchema: (templateId: number, request: SaveEsignTemplateSchemaRequest) => Promise<EsignTemplateDetail | null>;
  onStatus: (status: SaveStatus) => void;
  /** Set to this builder's saves (the page's Retry and template switch flush them). */
  controls?: MutableRefObject<{ flush: () => Promise<void> } | null>;
}

/**
 * The template builder when the e-sign service runs on DocuSeal (ESIGN_PROVIDER=docuseal): DocuSeal's embedded
 * builder on the template, opened with a token the esign service mints for it (fresh each time it opens; the
 * template's DocuSeal ids are the server's choice). Its save and change events update our copy of the schema through
 * PUT /esign/templates/{id}/schema, 1 s after the last one, with the updated_ts of the last answer (409: the page's
 * conflict and Reload).
 */
export function DocusealTemplateBuilder({ detail, providerApi, saveSchema, onStatus, controls }: DocusealTemplateBuilderProps) {
  const templateId = detail.esig_template_id;
  const [opened, setOpened] = useState<{ token: string; host: string } | null>(null);
  const [tokenError, setTokenError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const updatedTs = useRef(detail.updated_ts);
  const schema = useRef<EsignTemplateSchema>(detail.schema);
  const autosave = useRef<Autosave<EsignTemplateSchema> | null>(null);
  const status = useRef(onStatus);
  status.current = onStatus;

  // The template as the page has it now (a rename moves updated_ts too).
  useEffect(() => {
    updatedTs.current = detail.updated_ts;
  }, [detail.updated_ts]);

  useEffect(() => {
    let live = true;
    setOpened(null);
    setTokenError(null);
    providerApi
      .builderToken(templateId)
      .then((answer) => live && setOpened({ token: answer.token, host: answer.host }))
      .catch((error: unknown) => live && setTokenError(messageOf(error, DOCUSEAL_BUILDER_MESSAGES.tokenFailed)));
    return () => {
      live = false;
    };
  }, [providerApi, templateId, attempt]);

  useEffect(() => {
    const session = createAutosave<EsignTemplateSchema>({
      save: async (next) => {
        const saved = await saveSchema(templateId, { ...next, updated_ts: updatedTs.current });
        if (saved?.updated_ts) updatedTs.current = saved.updated_ts;
        schema.current = saved?.schema ?? next;
      },
      onStatus: (next) => status.current(next),
      describeError: (error) => ({
        conflict: (error as { status?: unknown } | null)?.status === 409,
        message: messageOf(error, M.saveFailed),
      }),
    });
    autosave.current = session;
    if (controls) controls.current = { flush: () => session.flush() };
    return () => {
      void session.flush().finally(() => session.cancel());
      if (autosave.current === session) autosave.current = null;
      if (controls?.current) controls.current = null;
    };
  }, [templateId, saveSchema, controls]);

  const changed = (data: DocusealBuilderSaveData) => {
    const next = schemaFromDocuseal(data as unknown as DocusealTemplateData, schema.current);
    if (!next) {
      status.current({ kind: 'error', message: DOCUSEAL_BUILDER_MESSAGES.documentsChanged });
      return;
    }
    autosave.current?.change(next);
  };

  if (tokenError) {
    return (
      <Alert
        severity="error"
        data-testid="docuseal-builder-error"
        action={
          <Button color="inherit" size="small" onClick={() => setAttempt((n) => n + 1)}>
            {L.retry}
          </Button>
        }
      >
        {tokenError}
      </Alert>
    );
  }
  if (!opened) {
    return (
      <Box data-testid="docuseal-builder-loading" aria-busy="true">
        <Skeleton variant="rectangular" height={480} />
      </Box>
    );
  }
  return (
    <Box data-testid="docuseal-builder" sx={{ height: '100%', minHeight: 480 }}>
      <DocusealBuilder
        token={opened.token}
        host={opened.host}
        fieldTypes={[...ESIGN_FIELD_TYPES]}
        withSendButton={false}
        withSignYourselfButton={false}
        withRecipientsButton={false}
        withUploadButton={false}
        withAddPageButton={false}
        onSave={changed}
        onChange={changed}
        style={{ display: 'block', height: '100%' }}
      />
    </Box>
  );
}
