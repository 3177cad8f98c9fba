import type { CommissionTemplatesResponse } from '@app/contracts';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useRef } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { SectionCard } from '../../shared/page/PageFrame';
import { COMMISSION_LABELS } from '../../commission/messages';
import { MultiSelect } from '../../shared/form-fields';
import { TEMPLATE_SIDES, type DefaultTemplates, type TemplateErrors, type TemplateSide } from './userForm';

const LABELS: Record<TemplateSide, string> = { buyer: COMMISSION_LABELS.buyerTemplates, seller: COMMISSION_LABELS.sellerTemplates };

export interface DefaultTemplatesBlockProps {
  list: CommissionTemplatesResponse;
  /** The lists the block starts with (the user's stored defaults the team still has). */
  initial: DefaultTemplates;
  /** The server's refusal per side ('Unknown commission template'), until that side is edited. */
  errors: TemplateErrors;
  disabled?: boolean;
  /** Every change of a side, with both lists. */
  onChange: (value: DefaultTemplates, side: TemplateSide) => void;
}

/**
 * The admin user form's Default Commission Templates block (spec 000 sections 3 and 6): a buyer and a
 * seller multi-select of GET /commission/templates. The form around it keeps its values in React state,
 * so the shared MultiSelect (a react-admin input) gets a form context of its own here, without a second
 * <form> element.
 */
export const DefaultTemplatesBlock = ({ list, initial, errors, disabled, onChange }: DefaultTemplatesBlockProps) => {
  const form = useForm<DefaultTemplates>({ defaultValues: initial });
  const errorsRef = useRef(errors);
  errorsRef.current = errors;
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  const choices = useMemo(
    () => ({
      buyer: (list.buyer ?? []).map((template) => ({ id: template.commission_template_id, name: template.name })),
      seller: (list.seller ?? []).map((template) => ({ id: template.commission_template_id, name: template.name })),
    }),
    [list],
  );
  // The server's message stands as the side's validation result until the form around clears it.
  const validators = useMemo(() => ({ buyer: () => errorsRef.current.buyer, seller: () => errorsRef.current.seller }), []);

  useEffect(() => {
    const subscription = form.watch((value, { name, type }) => {
      // Only the admin's own edits (not the touch below that shows a server message).
      if (type !== 'change' || (name !== 'buyer' && name !== 'seller')) return;
      onChangeRef.current({ buyer: (value.buyer ?? []) as number[], seller: (value.seller ?? []) as number[] }, name);
    });
    return () => subscription.unsubscribe();
  }, [form]);

  useEffect(() => {
    for (const side of TEMPLATE_SIDES) {
      if (errors[side]) form.setValue(side, form.getValues(side), { shouldTouch: true });
      void form.trigger(side);
    }
  }, [errors, form]);

  return (
    <FormProvider {...form}>
      <SectionCard title={COMMISSION_LABELS.defaultTemplatesTitle} testId="user-default-templates">
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {COMMISSION_LABELS.defaultTemplatesIntro}
        </Typography>
        <Box sx={{ display: 'flex', gap: { xs: 0, sm: 2 }, flexDirection: { xs: 'column', sm: 'row' }, '& > *': { flex: 1, minWidth: 0 } }}>
          {TEMPLATE_SIDES.map((side) => (
            <Box key={side} data-testid={`user-templates-${side}`}>
              <MultiSelect source={side} label={LABELS[side]} choices={choices[side]} validate={validators[side]} disabled={disabled} />
            </Box>
          ))}
        </Box>
      </SectionCard>
    </FormProvider>
  );
};
