import type { EsignTemplateDetail, MappableField } from '@app/contracts';
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import type { HttpError } from 'react-admin';
import type { TemplateBuilderApi } from './api';
import { createAutosave, type Autosave, type SaveStatus } from './autosave';
import { builderReducer, initialBuilderState } from './builderState';
import { BUILDER_MESSAGES as M } from './messages';

type Schema = EsignTemplateDetail['schema'];

const messageOf = (error: unknown, fallback: string) => {
  const message = (error as HttpError | null)?.body?.message ?? (error as Error | null)?.message;
  return typeof message === 'string' && message ? message : fallback;
};
const statusOf = (error: unknown) => (error as { status?: unknown } | null)?.status;

/** The first field error of a refused call (a name too long, ...), else its message. */
export function fieldErrorOf(error: unknown, field: string, fallback: string): string {
  const errors = (error as HttpError | null)?.body?.errors as Record<string, string> | undefined;
  return errors?.[field] ?? messageOf(error, fallback);
}

/**
 * One template open in the builder: its load, the builder's state, autosave (1 s after the last change,
 * PUT .../schema with the updated_ts of the last answer), renames on the same queue (PATCH bumps
 * updated_ts too), the 409 and its Reload. A new templateId, or leaving, saves what waits and starts
 * over from nothing: no state outlives the page.
 */
export function useTemplateBuilderSession(api: TemplateBuilderApi, templateId: number | null) {
  const [state, dispatch] = useReducer(builderReducer, undefined, () => initialBuilderState());
  const [detail, setDetail] = useState<EsignTemplateDetail | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [saveStatus, setSaveStatus] = useState<SaveStatus>({ kind: 'idle' });
  const [reloads, setReloads] = useState(0);
  const updatedTs = useRef<string | null>(null);
  const autosave = useRef<Autosave<Schema> | null>(null);

  useEffect(() => {
    setDetail(null);
    setLoadError(null);
    setSaveStatus({ kind: 'idle' });
    dispatch({ type: 'clear' });
    updatedTs.current = null;
    if (!templateId) return;
    let live = true;
    const session = createAutosave<Schema>({
      save: async (schema) => {
        const saved = await api.saveSchema(templateId, { ...schema, updated_ts: updatedTs.current ?? '' });
        if (saved?.updated_ts) updatedTs.current = saved.updated_ts;
      },
      onStatus: (status) => {
        if (live) setSaveStatus(status);
      },
      describeError: (error) => ({ conflict: statusOf(error) === 409, message: messageOf(error, M.saveFailed) }),
    });
    autosave.current = session;
    setLoading(true);
    api
      .getTemplate(templateId)
      .then((loaded) => {
        if (!live) return;
        updatedTs.current = loaded.updated_ts;
        setDetail(loaded);
        dispatch({ type: 'load', schema: loaded.schema });
      })
      .catch((error: unknown) => {
        if (live) setLoadError(messageOf(error, M.loadFailed));
      })
      .finally(() => {
        if (live) setLoading(false);
      });
    return () => {
      live = false;
      // Leaving (or another template): what waits is saved, then this session is gone.
      void session.flush().finally(() => session.cancel());
      if (autosave.current === session) autosave.current = null;
    };
  }, [api, templateId, reloads]);

  // Every change of the schema (not a load, not a selection) goes to autosave.
  useEffect(() => {
    if (state.revision > 0) autosave.current?.change(state.schema);
  }, [state.revision, state.schema]);

  const [mappable, setMappable] = useState<{ fields: MappableField[] | null; error: string | null }>({ fields: null, error: null });
  useEffect(() => {
    let live = true;
    api
      .mappableFields()
      .then((fields) => live && setMappable({ fields: Array.isArray(fields) ? fields : [], error: null }))
      .catch((error: unknown) => live && setMappable({ fields: null, error: messageOf(error, M.loadFailed) }));
    return () => {
      live = false;
    };
  }, [api]);

  /** PATCH the name after the saves in flight; answers nothing when saved, else the message for the name. */
  const rename = useCallback(
    async (name: string): Promise<string | undefined> => {
      const session = autosave.current;
      if (!templateId || !session) return undefined;
      try {
        const saved = await session.enqueue(() => api.rename(templateId, name));
        if (saved?.updated_ts) updatedTs.current = saved.updated_ts;
        setDetail((current) =>
          current ? { ...current, name: saved?.name ?? name, updated_ts: updatedTs.current ?? current.updated_ts } : current,
        );
        return undefined;
      } catch (error) {
        return fieldErrorOf(error, 'name', M.saveFailed);
      }
    },
    [api, templateId],
  );

  /** Saves what waits now (before switching templates). */
  const flush = useCallback(() => autosave.current?.flush() ?? Promise.resolve(), []);
  /** After a 409: the template as it is now, the unsaved changes dropped. */
  const reload = useCallback(() => {
    autosave.current?.cancel();
    setReloads((n) => n + 1);
  }, []);

  return {
    state,
    dispatch,
    detail,
    loading,
    loadError,
    saveStatus,
    rename,
    flush,
    reload,
    mappableFields: mappable.fields,
    mappableError: mappable.error,
  };
}
