import type { EsignFormState, EsignFormValue, EsignSendField } from '@app/contracts';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useRef, useState, type Dispatch, type MutableRefObject } from 'react';
import { Form } from 'react-admin';
import { useFormContext, useFormState, useWatch } from 'react-hook-form';
import { fromFormValue, FieldValueControl } from './FieldValueControl';
import { groupFields, isMapped, valueToText } from './formModel';
import { SEND_LABELS as L, SEND_MESSAGES as M } from './messages';
import type { SendFormAction } from './sendFormReducer';

// Step 1, Verify Data (spec 002 sections 2.2, 4 and 5): the fields by signer role (each a collapsible
// panel), then by document; per field its value control, Read Only and Update Transaction.

/** What the stepper asks of step 1 on Next: every control touched, and whether none is invalid. */
export interface VerifyDataController {
  validate: () => Promise<boolean>;
}

const sourceOf = (index: number) => `f${index}`;
const RESET_OPTIONS = { keepTouched: true, keepErrors: true } as const;
const sameValue = (a: unknown, b: unknown) => a === b || JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

interface FieldRowProps {
  field: EsignSendField;
  source: string;
  formValue: EsignFormValue;
  touched: boolean;
  serverError?: string;
  dispatch: Dispatch<SendFormAction>;
  onEdited: (fieldId: string) => void;
}

/** One field: its value control (kept in step with the form state both ways), Read Only and Update Transaction. */
const FieldRow = ({ field, source, formValue, touched, serverError, dispatch, onEdited }: FieldRowProps) => {
  const { setValue, getValues, setError } = useFormContext();
  const value = useWatch({ name: source });
  const { touchedFields } = useFormState({ name: source });
  const isTouched = !!(touchedFields as Record<string, boolean | undefined>)[source];
  const fieldId = field.fieldId;

  // The control -> the form state (an edit by the sender).
  useEffect(() => {
    const next = fromFormValue(value);
    if (sameValue(next, formValue.value)) return;
    dispatch({ type: 'setValue', fieldId, value: next, edited: true });
    onEdited(fieldId);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value]);
  // Touched both ways: the control's blur is kept in the form state, and a restored (or Next's) touch shows the message.
  useEffect(() => {
    if (isTouched && !touched) dispatch({ type: 'touch', keys: [fieldId] });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [isTouched]);
  useEffect(() => {
    if (touched && !isTouched) setValue(source, getValues(source), { shouldTouch: true, shouldValidate: !serverError });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [touched]);
  // A refusal of the server, under the control it names.
  useEffect(() => {
    if (!serverError) return;
    setValue(source, getValues(source), { shouldTouch: true });
    setError(source, { type: 'server', message: serverError });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [serverError]);

  const transactionValue = valueToText(field, field.transaction_value);
  const hint =
    [field.description, isMapped(field) && transactionValue !== null ? L.transactionValue(transactionValue) : null]
      .filter(Boolean)
      .join(' · ') || undefined;
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'minmax(0, 1fr) auto' },
        columnGap: 2,
        alignItems: 'start',
        py: 0.5,
        borderBottom: 1,
        borderColor: 'divider',
        '&:last-of-type': { borderBottom: 0 },
      }}
    >
      <Box data-testid={`esign-field-${fieldId}`} data-field-type={field.fieldType} sx={{ minWidth: 0 }}>
        <FieldValueControl field={field} source={source} helperText={hint} />
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1, alignItems: 'center', pt: { sm: 1.5 } }}>
        <FormControlLabel
          label={L.readOnly}
          slotProps={{ typography: { variant: 'body2' } }}
          control={
            <Checkbox
              size="small"
              checked={formValue.readonly}
              disabled={isMapped(field)}
              onChange={(event) => dispatch({ type: 'setReadonly', fieldId, readonly: event.target.checked })}
              slotProps={{ input: { 'data-testid': `esign-readonly-${fieldId}` } as object }}
            />
          }
        />
        <FormControlLabel
          label={L.updateTransaction}
          slotProps={{ typography: { variant: 'body2' } }}
          control={
            <Checkbox
              size="small"
              checked={field.can_update && formValue.update_transaction}
              disabled={!field.can_update}
              onChange={(event) => dispatch({ type: 'setUpdateTransaction', fieldId, updateTransaction: event.target.checked })}
              slotProps={{ input: { 'data-testid': `esign-update-transaction-${fieldId}` } as object }}
            />
          }
        />
      </Box>
    </Box>
  );
};

/** Hands the stepper what Next needs of the form (inside it, for its context). */
const StepController = ({
  sources,
  fieldIds,
  dispatch,
  controller,
}: {
  sources: string[];
  fieldIds: string[];
  dispatch: Dispatch<SendFormAction>;
  controller: MutableRefObject<VerifyDataController | null>;
}) => {
  const { setValue, getValues, trigger } = useFormContext();
  useEffect(() => {
    controller.current = {
      validate: async () => {
        for (const source of sources) setValue(source, getValues(source), { shouldTouch: true });
        dispatch({ type: 'touch', keys: fieldIds });
        return sources.length === 0 ? true : trigger();
      },
    };
    return () => {
      controller.current = null;
    };
  }, [controller, sources, fieldIds, dispatch, setValue, getValues, trigger]);
  return null;
};

export interface VerifyDataStepProps {
  state: EsignFormState;
  dispatch: Dispatch<SendFormAction>;
  /** The server's messages by fieldId (a refused send). */
  serverErrors: Record<string, string>;
  onEdited: (fieldId: string) => void;
  controller: MutableRefObject<VerifyDataController | null>;
}

export const VerifyDataStep = ({ state, dispatch, serverErrors, onEdited, controller }: VerifyDataStepProps) => {
  // The form starts from the state as it is when the step opens; from then on the controls lead.
  const [defaultValues] = useState(() =>
    Object.fromEntries(state.fields.map((field, index) => [sourceOf(index), state.formValues[field.fieldId]?.value ?? null])),
  );
  const sourceByField = useMemo(() => new Map(state.fields.map((field, index) => [field.fieldId, sourceOf(index)])), [state.fields]);
  const sources = useMemo(() => [...sourceByField.values()], [sourceByField]);
  const fieldIds = useMemo(() => [...sourceByField.keys()], [sourceByField]);
  const roles = useMemo(() => state.submitters.map((submitter) => ({ name: submitter.role, order: submitter.order })), [state.submitters]);
  const groups = useMemo(() => groupFields(state.fields, roles), [state.fields, roles]);
  const noop = useRef(() => undefined).current;

  if (state.fields.length === 0) {
    return (
      <Alert severity="info" data-testid="esign-no-fields">
        {M.noFields}
      </Alert>
    );
  }
  return (
    // react-admin resets the form once mounted: the touches and server messages the rows restored stay.
    <Form defaultValues={defaultValues} mode="all" onSubmit={noop} noValidate resetOptions={RESET_OPTIONS}>
      <StepController sources={sources} fieldIds={fieldIds} dispatch={dispatch} controller={controller} />
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
        {groups.map((group) => {
          const key = group.key || 'none';
          return (
            <Accordion key={key} defaultExpanded disableGutters data-testid={`esign-signer-panel-${key}`} variant="outlined">
              <AccordionSummary
                expandIcon={<ExpandMoreIcon />}
                aria-controls={`esign-signer-${key}-content`}
                id={`esign-signer-${key}-header`}
              >
                <Typography component="span" variant="subtitle1" sx={{ fontWeight: 600 }}>
                  {L.signerPanel(group.role || L.noRole, group.count)}
                </Typography>
              </AccordionSummary>
              <AccordionDetails id={`esign-signer-${key}-content`} sx={{ pt: 0 }}>
                {group.documents.map((document) => (
                  <Box key={`${document.order}:${document.name}`} component="section" aria-label={document.name} sx={{ mb: 1 }}>
                    <Typography component="h4" variant="subtitle2" color="text.secondary" sx={{ mt: 1 }}>
                      {document.name}
                    </Typography>
                    {document.fields.map((field) => (
                      <FieldRow
                        key={field.fieldId}
                        field={field}
                        source={sourceByField.get(field.fieldId)!}
                        formValue={state.formValues[field.fieldId] ?? { value: null, readonly: false, update_transaction: false }}
                        touched={!!state.fieldMetadata[field.fieldId]?.touched}
                        serverError={serverErrors[field.fieldId]}
                        dispatch={dispatch}
                        onEdited={onEdited}
                      />
                    ))}
                  </Box>
                ))}
              </AccordionDetails>
            </Accordion>
          );
        })}
      </Box>
    </Form>
  );
};
