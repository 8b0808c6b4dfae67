import { MultiSelect, NativeSelect, SimpleGrid, Textarea, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { FormSection, withPrompt } from '../../../components/FormSection';
import { PropertyInputs } from '../../../components/PropertyInputs';
import { useReportProducts, type ReportProduct } from '../../../lib/lookups';
import { MAX_LINE, MAX_LOAN_NUMBER, MAX_TEXT } from '../../../lib/fieldRules';
import { formatUsd } from '../../../lib/money';
import { clientsQuery } from '../../../lib/staffLists';
import { MAX_COUNTY_USE, MAX_FHA_CASE_ID, MAX_NOTES, MAX_REPORT_TYPES, type OrderErrors, type OrderFields } from './orderForm';
import type { useFields } from '../../../components/useFields';

export type OrderFieldsState = ReturnType<typeof useFields<OrderFields>>;

export function ClientAndLoanSection({ fields }: { fields: OrderFieldsState }) {
  const clients = useQuery(clientsQuery());
  const choices = clients.data?.map((c) => ({ label: c.companyName, value: String(c.id) }));
  return (
    <FormSection title="Client and Loan">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <NativeSelect label="Client" required data={withPrompt('Select a client', choices)} {...fields.input('clientId')} />
        <TextInput label="Borrower Name" required {...fields.input('borrowerName', MAX_LINE)} />
        <TextInput label="Loan Number" {...fields.input('loanNumber', MAX_LOAN_NUMBER)} />
        <TextInput label="FHA Case ID" {...fields.input('fhaCaseId', MAX_FHA_CASE_ID)} />
      </SimpleGrid>
    </FormSection>
  );
}

export function PropertySection({ fields }: { fields: OrderFieldsState }) {
  return (
    <FormSection title="Property">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <PropertyInputs fields={fields} />
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
  /** A new order: its due date may be left to its products' turn time, and another date needs a reason. */
  newOrder: boolean;
}

/** Report products (the first is the main one; choosing it fills an empty appraiser fee), fees and dates. */
export function ReportAndFeesSection({ fields, reportTypeIds, onReportTypesChange, reportTypesError, newOrder }: ReportSectionProps) {
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
        <TextInput label="Client Fee" description="Optional; left blank, the client's price list sets it" inputMode="decimal" leftSection="$" {...fields.input('clientFeeCents')} />
        <TextInput label="Tech Fee" inputMode="decimal" leftSection="$" {...fields.input('techFee')} />
        <TextInput
          label="Appraiser Due Date"
          required={!newOrder}
          description={newOrder ? "Left blank, the products' turn time sets it" : undefined}
          type="date"
          {...fields.input('appraiserDueDate')}
        />
        <TextInput label="Inspection Due Date" type="date" {...fields.input('inspectionDueDate')} />
        <TextInput label="Estimated Closing Date" type="date" {...fields.input('estimatedClosingDate')} />
      </SimpleGrid>
      {newOrder ? (
        <Textarea
          label="Reason for the due date"
          description="Needed when the appraiser due date differs from the products' turn time; kept in the order's history"
          autosize
          minRows={1}
          maxRows={6}
          {...fields.input('dueDateReason', MAX_TEXT)}
        />
      ) : null}
    </FormSection>
  );
}

export function NotesSection({ fields }: { fields: OrderFieldsState }) {
  return (
    <FormSection title="Notes">
      <Textarea
        label="Notes and Special Instructions"
        description="Shown to the appraiser on the order page"
        autosize
        minRows={3}
        maxRows={12}
        {...fields.input('notes', MAX_NOTES)}
      />
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
        <TextInput label="County Use" {...fields.input('countyUse', MAX_COUNTY_USE)} />
        <TextInput label="Assessed Value" inputMode="decimal" leftSection="$" {...fields.input('assessedValue')} />
      </SimpleGrid>
    </FormSection>
  );
}
