import type { EsignFormState, EsignTemplateDocumentFile, EsignTemplateSchema, MappableField } from '@app/contracts';
import EditIcon from '@mui/icons-material/Edit';
import EditNoteIcon from '@mui/icons-material/EditNote';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { builderReducer, initialBuilderState, type BuilderAction, type BuilderState } from '../builder/builderState';
import { TemplateBuilder, type TemplateBuilderMode } from '../builder/TemplateBuilder';
import { createBuilderRestore } from './builderRestore';
import { schemaWithValues } from './formModel';
import { SEND_LABELS as L } from './messages';
import { fillOutEditOf, fillOutSchemaOf } from './valueText';

// Step 2, Finalize Document (spec 002 sections 2.2 and 4): the template builder on this request's copy of
// the schema, in Fill Out mode (the values on the page) or Edit Template; Start Over goes back to step 1.

export interface FinalizeDocumentStepProps {
  files: readonly EsignTemplateDocumentFile[];
  /** The request's schema as last changed (the draft's, then the builder's). */
  schema: EsignTemplateSchema;
  form: EsignFormState;
  /** A change in the builder (not a restore, not its echo): the page updates the form and autosaves the schema. */
  onChange: (schema: EsignTemplateSchema, previous: EsignTemplateSchema) => void;
  /** A refresh: the form rebuilt from the document as it is. */
  onRebuild: (schema: EsignTemplateSchema) => void;
  onStartOver: () => void;
  /** The schema autosave's refusal (400), message by message. */
  schemaErrors: readonly string[];
  loadMappableFields: () => Promise<MappableField[]>;
}

const NO_DRAFTS: Readonly<Record<string, string>> = {};

export const FinalizeDocumentStep = ({
  files,
  schema,
  form,
  onChange,
  onRebuild,
  onStartOver,
  schemaErrors,
  loadMappableFields,
}: FinalizeDocumentStepProps) => {
  const [mode, setMode] = useState<TemplateBuilderMode>('fill');
  const [builder, dispatch] = useReducer(builderReducer, undefined, () =>
    initialBuilderState(schemaWithValues(schema, form.fields, form.formValues)),
  );
  const [rebuilding, setRebuilding] = useState(false);
  const latest = useRef({ builder, form, onRebuild, onChange });
  latest.current = { builder, form, onRebuild, onChange };

  const restore = useMemo(
    () =>
      createBuilderRestore({
        rebuild: () => latest.current.onRebuild(latest.current.builder.schema),
        restore: () => {
          const { builder: current, form: values } = latest.current;
          const wanted = schemaWithValues(current.schema, values.fields, values.formValues);
          if (wanted === current.schema) return null;
          dispatch({ type: 'load', schema: wanted });
          return wanted;
        },
        onRebuilding: setRebuilding,
      }),
    [],
  );
  // The document (re)opened: on entering the step and on each switch between Fill Out and Edit Template.
  useEffect(() => {
    restore.refresh();
    return () => restore.cancel();
  }, [restore, mode]);

  // Builder changes (revision counts them; a load or a restore starts it over) update the form and autosave.
  const previous = useRef(builder.schema);
  useEffect(() => {
    const before = previous.current;
    previous.current = builder.schema;
    if (builder.revision === 0 || before === builder.schema || restore.isEcho(builder.schema)) return;
    latest.current.onChange(builder.schema, before);
  }, [builder.revision, builder.schema, restore]);

  // Fill Out shows each value as step 1 does (a masked phone, an amount in USD, a date in its format), while the
  // builder's schema (autosaved, and the form's values through it) keeps the stored text: what is typed on the
  // page is read by step 1's rules (a refused keystroke leaves the text), and a number or a date shows as typed
  // until its input loses focus.
  const [drafts, setDrafts] = useState(NO_DRAFTS);
  const shown = useMemo<BuilderState>(() => {
    if (mode !== 'fill') return builder;
    const schema = fillOutSchemaOf(builder.schema, drafts);
    return schema === builder.schema ? builder : { ...builder, schema };
  }, [mode, builder, drafts]);
  const fillOutDispatch = useCallback((action: BuilderAction) => {
    if (action.type !== 'updateField' || !('default_value' in action.patch)) return dispatch(action);
    const field = latest.current.builder.schema.fields.find((candidate) => candidate.uuid === action.uuid);
    if (!field) return dispatch(action);
    const edit = fillOutEditOf(field, action.patch.default_value ?? null);
    if (edit.refused) return;
    setDrafts((current) => {
      if ((current[action.uuid] ?? null) === edit.draft) return current;
      const next = { ...current };
      if (edit.draft === null) delete next[action.uuid];
      else next[action.uuid] = edit.draft;
      return next;
    });
    dispatch({ ...action, patch: { ...action.patch, default_value: edit.stored } });
  }, []);
  const endDrafts = () => setDrafts((current) => (Object.keys(current).length === 0 ? current : NO_DRAFTS));

  // Edit Template's properties offer the transaction fields to map to.
  const [mappable, setMappable] = useState<{ fields: MappableField[] | null; error: string | null }>({ fields: null, error: null });
  const wantsMappable = mode === 'edit' && mappable.fields === null && mappable.error === null;
  useEffect(() => {
    if (!wantsMappable) return;
    let live = true;
    loadMappableFields()
      .then((fields) => live && setMappable({ fields: Array.isArray(fields) ? fields : [], error: null }))
      .catch((error: unknown) => live && setMappable({ fields: null, error: (error as Error | null)?.message || 'Error' }));
    return () => {
      live = false;
    };
  }, [wantsMappable, loadMappableFields]);

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, minWidth: 0 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <Button variant="outlined" startIcon={<RestartAltIcon />} onClick={onStartOver} data-testid="esign-start-over">
          {L.startOver}
        </Button>
        <Button
          variant="outlined"
          startIcon={mode === 'fill' ? <EditIcon /> : <EditNoteIcon />}
          onClick={() => setMode((current) => (current === 'fill' ? 'edit' : 'fill'))}
          aria-pressed={mode === 'edit'}
          data-testid="esign-fill-toggle"
          data-mode={mode}
        >
          {mode === 'fill' ? L.editTemplate : L.fillOut}
        </Button>
      </Box>
      {rebuilding && <LinearProgress aria-label={L.rebuilding} data-testid="esign-rebuilding" />}
      {schemaErrors.length > 0 && (
        <Alert severity="error" data-testid="esign-schema-errors">
          {schemaErrors.map((message) => (
            <div key={message}>{message}</div>
          ))}
        </Alert>
      )}
      <Box onBlur={endDrafts} sx={{ height: { xs: 'auto', sm: 'calc(100vh - 300px)' }, minHeight: { sm: 480 } }}>
        <TemplateBuilder
          mode={mode}
          files={files}
          state={shown}
          dispatch={mode === 'fill' ? fillOutDispatch : dispatch}
          mappableFields={mappable.fields}
          mappableError={mappable.error}
        />
      </Box>
    </Box>
  );
};
