import { MultiSelect, NativeSelect, SimpleGrid, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState, type ChangeEvent } from 'react';
import { FormDialog } from '../../../components/FormDialog';
import { failureText } from '../../../lib/api';
import { useCounties, useIntendedUses, usePropertyTypes, useReportProducts, useStates } from '../../../lib/lookups';
import { parseCurrency } from '../../../lib/money';
import { appraisersQuery, clientsQuery } from '../../../lib/staffLists';
import { sendQuote } from './api';

/** The server's words for each refusal (crates/server/src/staff). */
export const QUOTE_MESSAGES = {
  client: 'Client is required.',
  line1: 'Property address is required.',
  city: 'Property city is required.',
  state: 'Property state is required.',
  county: 'Property county is required.',
  zip: 'Property zip must be 5 digits.',
  propertyType: 'Property type is required.',
  intendedUse: 'Intended use is required.',
  reportType: 'Report type is required.',
  dueDate: 'Due date is required.',
  fee: 'Appraiser fee must be a positive amount.',
  appraisers: 'Choose 1 to 20 appraisers.',
} as const;

type Field = keyof typeof QUOTE_MESSAGES;
const EMPTY: Record<Field, string> & { loanNumber: string } = {
  client: '',
  loanNumber: '',
  line1: '',
  city: '',
  state: '',
  county: '',
  zip: '',
  propertyType: '',
  intendedUse: '',
  reportType: '',
  dueDate: '',
  fee: '',
  appraisers: '',
};

/** What the form still lacks, in the server's words (the server checks it all again). */
export function quoteFormErrors(form: typeof EMPTY, appraiserIds: string[]): Partial<Record<Field, string>> {
  const errors: Partial<Record<Field, string>> = {};
  for (const field of ['client', 'line1', 'city', 'state', 'county', 'propertyType', 'intendedUse', 'reportType', 'dueDate'] as const) {
    if (!form[field].trim()) errors[field] = QUOTE_MESSAGES[field];
  }
  if (!/^\d{5}$/.test(form.zip.trim())) errors.zip = QUOTE_MESSAGES.zip;
  const fee = parseCurrency(form.fee);
  if (!form.fee.trim() || !fee || fee <= 0) errors.fee = QUOTE_MESSAGES.fee;
  if (appraiserIds.length < 1 || appraiserIds.length > 20) errors.appraisers = QUOTE_MESSAGES.appraisers;
  return errors;
}

const options = (list: { label: string; value: string }[] | undefined, placeholder: string) => [{ label: placeholder, value: '' }, ...(list ?? [])];

/** Sends a quote request to the chosen appraisers; `onSent` gets the new request's id. */
export function NewQuoteDialog({ onClose, onSent }: { onClose: () => void; onSent: (id: number) => void }) {
  const clients = useQuery(clientsQuery());
  const appraisers = useQuery(appraisersQuery());
  const states = useStates();
  const propertyTypes = usePropertyTypes();
  const intendedUses = useIntendedUses();
  const products = useReportProducts();
  const [form, setForm] = useState(EMPTY);
  const [appraiserIds, setAppraiserIds] = useState<string[]>([]);
  const counties = useCounties(form.state);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const set = (field: keyof typeof EMPTY) => (value: string) => {
    setForm((f) => ({ ...f, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };
  /** A text input's or select's value, change and error for `field`. */
  const input = (field: Field) => ({
    value: form[field],
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => set(field)(e.currentTarget.value),
    error: errors[field],
  });
  const chooseState = (state: string) => setForm((f) => ({ ...f, state, county: '' }));
  const chooseProduct = (value: string) => {
    const fee = products.data?.find((p) => String(p.id) === value)?.defaultFee;
    setForm((f) => ({ ...f, reportType: value, fee: f.fee || (fee != null ? fee.toFixed(2) : '') }));
  };
  const submit = async () => {
    const found = quoteFormErrors(form, appraiserIds);
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    setFailure(null);
    try {
      const created = await sendQuote({
        clientId: Number(form.client),
        loanNumber: form.loanNumber || null,
        propertyAddressLine1: form.line1,
        propertyCity: form.city,
        propertyStateCode: form.state,
        propertyZip: form.zip.trim(),
        propertyCounty: form.county,
        propertyTypeId: Number(form.propertyType),
        intendedUseId: Number(form.intendedUse),
        reportTypeId: Number(form.reportType),
        dueDate: form.dueDate,
        appraiserFee: parseCurrency(form.fee),
        appraiserIds: appraiserIds.map(Number),
      });
      onSent(created.id);
    } catch (e) {
      setFailure(failureText(e, 'The quote request could not be sent. Please try again.'));
    } finally {
      setBusy(false);
    }
  };
  const active = (appraisers.data ?? []).filter((a) => a.active);
  const clientOptions = options(
    clients.data?.map((c) => ({ label: c.companyName, value: String(c.id) })),
    'Select a client',
  );
  const productOptions = options(
    products.data?.map((p) => ({ label: p.label, value: String(p.id) })),
    'Select a report type',
  );
  return (
    <FormDialog title="New Quote Request" opened onClose={onClose} onSubmit={() => void submit()} submitLabel="Send Quote Request" busy={busy} failure={failure} size="xl">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <NativeSelect label="Client" required data={clientOptions} {...input('client')} data-autofocus />
        <TextInput label="Loan Number" value={form.loanNumber} onChange={(e) => set('loanNumber')(e.currentTarget.value)} />
        <TextInput label="Property Address" required {...input('line1')} />
        <TextInput label="City" required {...input('city')} />
        <NativeSelect
          label="State"
          required
          data={options(states.data, 'Select a state')}
          value={form.state}
          onChange={(e) => chooseState(e.currentTarget.value)}
          error={errors.state}
        />
        <NativeSelect label="County" required data={options(counties.data, form.state ? 'Select a county' : 'Choose the state first')} {...input('county')} />
        <TextInput label="Zip" required inputMode="numeric" maxLength={5} {...input('zip')} />
        <NativeSelect label="Property Type" required data={options(propertyTypes.data, 'Select a property type')} {...input('propertyType')} />
        <NativeSelect label="Intended Use" required data={options(intendedUses.data, 'Select an intended use')} {...input('intendedUse')} />
        <NativeSelect label="Report Type" required data={productOptions} value={form.reportType} onChange={(e) => chooseProduct(e.currentTarget.value)} error={errors.reportType} />
        <TextInput type="date" label="Due Date" required {...input('dueDate')} />
        <TextInput label="Appraiser Fee" required inputMode="decimal" {...input('fee')} />
      </SimpleGrid>
      <MultiSelect
        label="Send To"
        description="The appraisers asked for a quote (1 to 20)"
        required
        searchable
        data={active.map((a) => ({ label: a.company ? `${a.name} (${a.company})` : a.name, value: String(a.id) }))}
        value={appraiserIds}
        onChange={setAppraiserIds}
        error={errors.appraisers}
        comboboxProps={{ withinPortal: true }}
      />
    </FormDialog>
  );
}
