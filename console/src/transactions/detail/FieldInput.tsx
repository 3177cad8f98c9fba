import type { TransactionFieldDefinition } from '@app/contracts';
import Box from '@mui/material/Box';
import { SelectInput, TextInput } from 'react-admin';
import {
  CurrencyInput,
  DateInput,
  EmailInput,
  PercentInput,
  PhoneInput,
  requiredRule,
  WebLinkInput,
  WholeNumberInput,
} from '../../shared/form-fields';
import type { FormChoice } from '../api';
import { CALCULATOR_PERCENT_FIELDS } from './pageForm';
import { TRANSACTION_DETAIL_LABELS as L } from './messages';

const TEXT_MAX_LENGTH = 500;

const YES_NO = [
  { id: 'Y', name: L.yes },
  { id: 'N', name: L.no },
];

export interface FieldInputProps {
  field: TransactionFieldDefinition;
  /** The select's choices (system id selects and custom selects). */
  choices?: readonly FormChoice[];
  readOnly?: boolean;
}

/**
 * One form field with the shared input of its type (spec 001 sections 5 and 9): amounts in USD en-US,
 * percents with 1 to 4 fraction digits (gci_pct up to 8), dates MM/DD/YYYY in 2000 to 2030, phones
 * (999) 999-9999 kept as digits, emails and links checked; selects and yes/no as dropdowns.
 */
export const FieldInput = ({ field, choices, readOnly }: FieldInputProps) => {
  const common = {
    source: field.field_key,
    label: field.label,
    readOnly: readOnly || !field.can_update,
    required: field.required,
  };
  const requiredValidate = field.required ? [requiredRule()] : undefined;
  let input: React.ReactNode;
  switch (field.type) {
    case 'amount':
      input = <CurrencyInput {...common} />;
      break;
    case 'percent':
      input = <PercentInput {...common} calculator={CALCULATOR_PERCENT_FIELDS.has(field.field_key)} />;
      break;
    case 'number':
      input = <WholeNumberInput {...common} />;
      break;
    case 'date':
      input = <DateInput {...common} />;
      break;
    case 'phone':
      input = <PhoneInput {...common} />;
      break;
    case 'email':
      input = <EmailInput {...common} margin="dense" />;
      break;
    case 'link':
      input = <WebLinkInput {...common} />;
      break;
    case 'yn':
      input = (
        <SelectInput
          source={common.source}
          label={common.label}
          readOnly={common.readOnly}
          choices={YES_NO}
          emptyText={L.none}
          validate={requiredValidate}
          margin="dense"
          fullWidth
        />
      );
      break;
    case 'select': {
      const list = choices ?? field.options.map((option) => ({ value: option, label: option }));
      input = (
        <SelectInput
          source={common.source}
          label={common.label}
          readOnly={common.readOnly}
          choices={list.map((choice) => ({ id: choice.value, name: choice.label }))}
          emptyText={L.none}
          validate={requiredValidate}
          margin="dense"
          fullWidth
        />
      );
      break;
    }
    default:
      input = (
        <TextInput
          source={common.source}
          label={common.label}
          readOnly={common.readOnly}
          validate={requiredValidate}
          margin="dense"
          fullWidth
          slotProps={{ htmlInput: { maxLength: TEXT_MAX_LENGTH } }}
        />
      );
  }
  return (
    <Box data-testid={`field-${field.field_key}`} data-type={field.type} sx={{ minWidth: 0 }}>
      {input}
    </Box>
  );
};
