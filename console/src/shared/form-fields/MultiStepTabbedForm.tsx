import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Form, type FormProps } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { FORM_FIELD_LABELS as L } from './messages';
import { isTabEnabled, nextTab, previousTab, tabButtons } from './rules';

export interface FormStep {
  label: string;
  /** The form fields (sources) on this step: the step is valid when none of them has an error. */
  fields: readonly string[];
  content: ReactNode;
}

export interface MultiStepTabbedFormProps extends Omit<FormProps, 'children'> {
  steps: readonly FormStep[];
  submitLabel?: string;
}

/**
 * A form in tabs (spec 001 sections 2 and 4): a tab is enabled only when every tab before it is valid;
 * Next shows on a valid tab that is not the last; Next wraps from the last tab to the first and Previous
 * from the first to the last; Submit is on the last tab and disabled while the form is invalid.
 * Every step stays mounted (hidden when not current) so that the whole form validates.
 */
export const MultiStepTabbedForm = ({ steps, submitLabel = L.submit, ...formProps }: MultiStepTabbedFormProps) => (
  <Form mode="onChange" {...formProps}>
    <Steps steps={steps} submitLabel={submitLabel} />
  </Form>
);

const Steps = ({ steps, submitLabel }: { steps: readonly FormStep[]; submitLabel: string }) => {
  const [current, setCurrent] = useState(0);
  const validity = useStepValidity(steps);
  const buttons = tabButtons(current, validity);
  const count = steps.length;

  return (
    <Box sx={{ width: '100%' }}>
      <Tabs value={current} onChange={(_event, index: number) => setCurrent(index)} variant="scrollable" allowScrollButtonsMobile>
        {steps.map((step, index) => (
          <Tab
            key={step.label}
            label={step.label}
            value={index}
            disabled={!isTabEnabled(index, validity)}
            id={`step-tab-${index}`}
            aria-controls={`step-panel-${index}`}
          />
        ))}
      </Tabs>
      {steps.map((step, index) => (
        <Box
          key={step.label}
          role="tabpanel"
          id={`step-panel-${index}`}
          aria-labelledby={`step-tab-${index}`}
          hidden={index !== current}
          sx={{ pt: 2 }}
        >
          {step.content}
        </Box>
      ))}
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', pt: 2 }}>
        <Button variant="outlined" disabled={buttons.previousDisabled} onClick={() => setCurrent(previousTab(current, count))}>
          {L.previous}
        </Button>
        {buttons.next && (
          <Button variant="contained" onClick={() => setCurrent(nextTab(current, count))}>
            {L.next}
          </Button>
        )}
        {buttons.submit && (
          <Button type="submit" variant="contained" disabled={buttons.submitDisabled}>
            {submitLabel}
          </Button>
        )}
      </Box>
    </Box>
  );
};

/**
 * Whether each step's fields are valid now. The whole form is validated (quietly: inputs only show
 * errors once touched) whenever a value changes, so steps not visited yet are judged too.
 */
function useStepValidity(steps: readonly FormStep[]): boolean[] {
  const { trigger, getFieldState } = useFormContext();
  const values = useWatch();
  const [validity, setValidity] = useState<boolean[]>(() => steps.map(() => false));
  const serialized = JSON.stringify(values);
  // The latest steps without re-validating on every render of a parent that rebuilds the array.
  const stepsRef = useRef(steps);
  stepsRef.current = steps;
  useEffect(() => {
    let live = true;
    // After the current task: react-admin's Form resets its values in its own mount effect (which runs
    // after ours), and react-hook-form drops a validation that a reset interrupts.
    const timer = setTimeout(() => {
      void trigger().then(() => {
        // getFieldState without a formState argument reads the live errors, not a render's copy.
        if (live) setValidity(stepsRef.current.map((step) => step.fields.every((field) => !getFieldState(field).invalid)));
      });
    }, 0);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [serialized, trigger, getFieldState]);
  return validity;
}
