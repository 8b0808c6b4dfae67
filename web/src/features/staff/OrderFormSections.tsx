import { MultiSelect, NativeSelect, Paper, SimpleGrid, Stack, Textarea, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useId, type ReactNode } from 'react';
import { useCounties, useIntendedUses, usePropertyTypes, useReportProducts, useStates, type ReportProduct } from '../../lib/lookups';
import { formatUsd } from '../../lib/money';
import { clientsQuery } from './api';
import { MAX_REPORT_TYPES, type OrderErrors, type OrderFields } from './orderForm';
import type { useFields } from './useFields';

export type OrderFieldsState = ReturnType<typeof useFields<OrderFields>>;

/** A titled group of the order form (a region named by its title). */
export function FormSection({ title, children }: { title: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <Paper component="section" withBorder radius="md" p={{ base: 'sm', sm: 'md' }} aria-labelledby={titleId}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={titleId}>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

/** A select's choices with a first, empty "Select ..." choice. */
export const withPrompt = (prompt: string, list: { label: string; value: string }[] = []) => [{ label: prompt, value: '' }, ...list];

export function ClientAndLoanSection({ fields }: { fields: OrderFieldsState }) {
  const clients = useQuery(clientsQuery());
  const choices = clients.data?.map((c) => ({ label: c.companyName, value: String(c.id) }));
  return (
    <FormSection title="Client and Loan">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <NativeSelect label="Client" required data={withPrompt('Select a client', choices)} {...fields.input('clientId')} />
        <TextInput label="Borrower Name" required {...fields.input('borrowerName')} />
        <TextInput label="Loan Number" {...fields.input('loanNumber')} />
        <TextInput label="FHA Case ID" {...fields.input('fhaCaseId')} />
      </SimpleGrid>
    </FormSection>
  );
}

export function PropertySection({ fields }: { fields: OrderFieldsState }) {
  const states = useStates();
  const counties = useCounties(fields.values.propertyStateCode);
  const propertyTypes = usePropertyTypes();
  const intendedUses = useIntendedUses();
  const chooseState = (state: string) => {
    fields.change('propertyStateCode', state);
    fields.change('propertyCounty', '');
  };
  const state = fields.values.propertyStateCode;
  return (
    <FormSection title="Property">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label="Property Address" required autoComplete="off" {...fields.input('propertyAddressLine1')} />
        <TextInput label="Address Line 2" autoComplete="off" {...fields.input('propertyAddressLine2')} />
        <TextInput label="City" required {...fields.input('propertyCity')} />
        <NativeSelect
          label="State"
          required
          data={withPrompt('Select a state', states.data)}
          {...fields.input('propertyStateCode')}
          onChange={(e) => chooseState(e.currentTarget.value)}
        />
        <NativeSelect label="County" required data={withPrompt(state ? 'Select a county' : 'Choose the state first', counties.data)} {...fields.input('propertyCounty')} />
        <TextInput label="Zip" required inputMode="numeric" maxLength={5} {...fields.input('propertyZip')} />
        <NativeSelect label="Property Type" required data={withPrompt('Select a property type', propertyTypes.data)} {...fields.input('propertyTypeId')} />
        <NativeSelect label="Intended Use" required data={withPrompt('Select an intended use', intendedUses.data)} {...fields.input('intendedUseId')} />
        <TextInput label="Purchase Price" inputMode="decimal" leftSection="$" {...fields.input('purchasePrice')} />
      </SimpleGrid>
    </FormSection>
  );
}

const productChoice = (p: ReportProduct) => ({ value: String(p.id), label: p.defaultFee != null ? `${p.label} (${formatUsd(p.defaultFee)})` : p.label });

interface ReportSectionProps {
  fields: OrderFieldsState;
  reportTypeIds: string[];
  onReportTypesChange: (ids: string[]) => void;
  reportTypesError?: OrderErrors['reportTypeIds'];
}

/** Report products (the first is the main one; choosing it fills an empty appraiser fee), fees and dates. */
export function ReportAndFeesSection({ fields, reportTypeIds, onReportTypesChange, reportTypesError }: ReportSectionProps) {
  const products = useReportProducts();
  const choose = (ids: string[]) => {
    const main = products.data?.find((p) => String(p.id) === ids[0]);
    if (main?.defaultFee != null && !fields.values.appraiserFee.trim()) fields.change('appraiserFee', main.defaultFee.toFixed(2));
    onReportTypesChange(ids);
  };
  return (
    <FormSection title="Report, Fees and Dates">
      <MultiSelect
        label="Report Types"
        description="1 to 4 products, the main one first; the default fee is in brackets"
        required
        searchable
        maxValues={MAX_REPORT_TYPES}
        data={products.data?.map(productChoice) ?? []}
        value={reportTypeIds}
        onChange={choose}
        error={reportTypesError}
        comboboxProps={{ withinPortal: true }}
      />
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
        <TextInput label="Appraiser Fee" required inputMode="decimal" leftSection="$" {...fields.input('appraiserFee')} />
        <TextInput label="Tech Fee" inputMode="decimal" leftSection="$" {...fields.input('techFee')} />
        <TextInput label="Appraiser Due Date" required type="date" {...fields.input('appraiserDueDate')} />
        <TextInput label="Inspection Due Date" type="date" {...fields.input('inspectionDueDate')} />
        <TextInput label="Estimated Closing Date" type="date" {...fields.input('estimatedClosingDate')} />
      </SimpleGrid>
    </FormSection>
  );
}

export function NotesSection({ fields }: { fields: OrderFieldsState }) {
  return (
    <FormSection title="Notes">
      <Textarea label="Notes and Special Instructions" description="Shown to the appraiser on the order page" autosize minRows={3} maxRows={12} {...fields.input('notes')} />
    </FormSection>
  );
}

/** What the public record says of the property; each optional, shown beside the map on the order page. */
export function PropertyDetailsSection({ fields }: { fields: OrderFieldsState }) {
  return (
    <FormSection title="Property Details">
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
        <TextInput label="Year Built" inputMode="numeric" maxLength={4} {...fields.input('yearBuilt')} />
        <TextInput label="Living Area (sq ft)" inputMode="numeric" {...fields.input('livingArea')} />
        <TextInput label="Lot Area (sq ft)" inputMode="numeric" {...fields.input('lotArea')} />
        <TextInput label="County Use" {...fields.input('countyUse')} />
        <TextInput label="Assessed Value" inputMode="decimal" leftSection="$" {...fields.input('assessedValue')} />
      </SimpleGrid>
    </FormSection>
  );
}
