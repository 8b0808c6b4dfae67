import { NativeSelect, TextInput } from '@mantine/core';
import { digitsOnly, MAX_LINE } from '../lib/fieldRules';
import { useCounties, useIntendedUses, usePropertyTypes, useStates } from '../lib/lookups';
import { MAX_CITY, ZIP_LENGTH, type PropertyFields } from '../lib/propertyForm';
import { withPrompt } from './FormSection';
import type { FieldBinding } from './useFields';

/**
 * The property's inputs of an order form, to place in its grid: the address with the state's
 * county picker (choosing another state clears the county), the property type and intended use.
 * Text fields carry the server's limits with a counter; the ZIP box takes five digits and nothing else
 * (no maxLength: a pasted "78701-1234" or "787 01" keeps its first five digits, not its first five characters).
 */
export function PropertyInputs({ fields }: { fields: FieldBinding<PropertyFields> }) {
  const states = useStates();
  const state = fields.values.propertyStateCode;
  const counties = useCounties(state);
  const propertyTypes = usePropertyTypes();
  const intendedUses = useIntendedUses();
  const chooseState = (next: string) => {
    fields.change('propertyStateCode', next);
    fields.change('propertyCounty', '');
  };
  return (
    <>
      <TextInput label="Property Address" required autoComplete="off" {...fields.input('propertyAddressLine1', MAX_LINE)} />
      <TextInput label="Address Line 2" autoComplete="off" {...fields.input('propertyAddressLine2', MAX_LINE)} />
      <TextInput label="City" required {...fields.input('propertyCity', MAX_CITY)} />
      <NativeSelect
        label="State"
        required
        data={withPrompt('Select a state', states.data)}
        {...fields.input('propertyStateCode')}
        onChange={(e) => chooseState(e.currentTarget.value)}
      />
      <NativeSelect label="County" required data={withPrompt(state ? 'Select a county' : 'Choose the state first', counties.data)} {...fields.input('propertyCounty')} />
      <TextInput
        label="Zip"
        required
        inputMode="numeric"
        pattern="[0-9]*"
        {...fields.input('propertyZip')}
        onChange={(e) => fields.change('propertyZip', digitsOnly(e.currentTarget.value, ZIP_LENGTH))}
      />
      <NativeSelect label="Property Type" required data={withPrompt('Select a property type', propertyTypes.data)} {...fields.input('propertyTypeId')} />
      <NativeSelect label="Intended Use" required data={withPrompt('Select an intended use', intendedUses.data)} {...fields.input('intendedUseId')} />
    </>
  );
}
