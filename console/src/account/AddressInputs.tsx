import { TextInput, type Validator } from 'react-admin';
import { FormRow } from './AccountPage';
import { ADDRESS_FIELD_LABELS } from './messages';

const F = ADDRESS_FIELD_LABELS;

/**
 * The postal address inputs of a form (profile, Team Settings): two address lines, then city, state
 * and postal code in a row. Test ids: `<testIdPrefix>-address_1` and so on.
 */
export const AddressInputs = ({ testIdPrefix, validate }: { testIdPrefix: string; validate: Validator[] }) => (
  <>
    <TextInput source="address_1" label={F.address_1} validate={validate} data-testid={`${testIdPrefix}-address_1`} />
    <TextInput source="address_2" label={F.address_2} validate={validate} data-testid={`${testIdPrefix}-address_2`} />
    <FormRow>
      <TextInput source="city" label={F.city} validate={validate} data-testid={`${testIdPrefix}-city`} />
      <TextInput source="state" label={F.state} validate={validate} data-testid={`${testIdPrefix}-state`} />
      <TextInput source="postal_code" label={F.postal_code} validate={validate} data-testid={`${testIdPrefix}-postal_code`} />
    </FormRow>
  </>
);
