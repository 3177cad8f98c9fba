import { TextInput, type Validator } from 'react-admin';
import { FormRow } from '../shared/page/PageFrame';
import { ADDRESS_FIELD_LABELS } from './messages';

const F = ADDRESS_FIELD_LABELS;

export type AddressField = 'address_1' | 'address_2' | 'city' | 'state' | 'postal_code';

/**
 * The postal address inputs of a form (profile, Team Settings, the Vendor Enrollment Form): two address
 * lines, then city, state and postal code in a row. Test ids: `<testIdPrefix>-address_1` and so on.
 * `sourcePrefix` nests the values ('address.' gives address.address_1, ...); `validate` may differ per field.
 */
export const AddressInputs = ({
  testIdPrefix,
  validate,
  sourcePrefix = '',
}: {
  testIdPrefix: string;
  validate: Validator[] | ((field: AddressField) => Validator[]);
  sourcePrefix?: string;
}) => {
  const input = (field: AddressField) => (
    <TextInput
      source={`${sourcePrefix}${field}`}
      label={F[field]}
      validate={typeof validate === 'function' ? validate(field) : validate}
      data-testid={`${testIdPrefix}-${field}`}
    />
  );
  return (
    <>
      {input('address_1')}
      {input('address_2')}
      <FormRow>
        {input('city')}
        {input('state')}
        {input('postal_code')}
      </FormRow>
    </>
  );
};
