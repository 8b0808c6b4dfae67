import { Checkbox, Fieldset, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState, type ChangeEvent } from 'react';
import { fieldErrors, formFailure } from '../lib/api';
import { centsError, parseCents } from '../lib/cents';
import { MAX_TEXT, MSG_FIX_FIELDS, requiredTextError } from '../lib/fieldRules';
import { BASIS_LABELS, MAX_COMPARABLES, MAX_DEFICIENCIES, type Reconsideration, type ReconsiderationBody } from '../lib/reconsiderations';
import { characterLimit } from './CharacterCount';
import { RowsEditor } from './RowsEditor';
import { anyRowError, listErrorOf, rowErrorsOf, useRows, type RowErrors } from './useRows';

/**
 * The request for a reconsideration of value (docs/domain.md#reconsideration-of-value), one form for
 * the borrower's copy page and the lender's order page: the basis, the deficiencies and up to five
 * alternative comparables. The server checks it all again; its refusal shows on the inputs it names.
 */
export const MSG_BASIS_REQUIRED = 'Choose the basis of the request.';
export const MSG_WHAT_IS_WRONG = 'Please say what is wrong.';
export const MSG_WHY_BETTER = 'Please say why it is a better comparable.';
const MSG_SEND_FAILED = 'Your request could not be sent. Please try again.';
/** The server's limit of a short text: an address, a data source, a report field (request.rs MAX_SHORT). */
const MAX_SHORT = 300;

interface Deficiency {
  text: string;
  reportField: string;
}

interface Comparable {
  address: string;
  /** In dollars, as typed; sent in cents. */
  salePrice: string;
  /** yyyy-mm-dd. */
  saleDate: string;
  dataSource: string;
  rationale: string;
}

type ListErrors = Partial<Record<'basis' | 'deficiencies' | 'comparables', string>>;

const blankDeficiency = (): Deficiency => ({ text: '', reportField: '' });
const blankComparable = (): Comparable => ({ address: '', salePrice: '', saleDate: '', dataSource: '', rationale: '' });

const deficiencyErrors = (d: Deficiency): RowErrors<Deficiency> => ({ text: d.text.trim() ? undefined : MSG_WHAT_IS_WRONG });

const comparableErrors = (c: Comparable): RowErrors<Comparable> => ({
  address: requiredTextError('Address', c.address, MAX_SHORT),
  salePrice: centsError('Sale price', c.salePrice),
  saleDate: c.saleDate ? undefined : 'Sale date is required.',
  dataSource: requiredTextError('Data source', c.dataSource, MAX_SHORT),
  rationale: c.rationale.trim() ? undefined : MSG_WHY_BETTER,
});

const toBody = (basis: string[], deficiencies: readonly Deficiency[], comparables: readonly Comparable[]): ReconsiderationBody => ({
  basis,
  deficiencies: deficiencies.map((d) => ({ text: d.text.trim(), reportField: d.reportField.trim() || null })),
  comparables: comparables.map((c) => ({
    address: c.address.trim(),
    salePriceCents: parseCents(c.salePrice) ?? 0,
    saleDate: c.saleDate,
    dataSource: c.dataSource.trim(),
    rationale: c.rationale.trim(),
  })),
});

/**
 * A request being written: its inputs' values and messages, and `submit`, which checks them and hands
 * the request to `send`; `onSent` gets the case the server opened.
 */
export function useReconsiderationRequest(send: (body: ReconsiderationBody) => Promise<Reconsideration>, onSent: (rov: Reconsideration) => void) {
  const [basis, setBasis] = useState<string[]>([]);
  const deficiencies = useRows<Deficiency>(blankDeficiency);
  const comparables = useRows<Comparable>(blankComparable, []);
  const [listErrors, setListErrors] = useState<ListErrors>({});
  const [unchecked, setUnchecked] = useState(false);
  const save = useMutation({
    mutationFn: send,
    onSuccess: onSent,
    onError: (e) => {
      const fields = fieldErrors(e);
      deficiencies.setErrors(rowErrorsOf<Deficiency>(fields, 'deficiencies', deficiencies.rows.length));
      comparables.setErrors(rowErrorsOf<Comparable>(fields, 'comparables', comparables.rows.length, { salePriceCents: 'salePrice' }));
      setListErrors({ basis: fields.basis, deficiencies: listErrorOf(fields, 'deficiencies'), comparables: listErrorOf(fields, 'comparables') });
    },
  });
  const submit = () => {
    const found = { deficiencies: deficiencies.rows.map(deficiencyErrors), comparables: comparables.rows.map(comparableErrors) };
    deficiencies.setErrors(found.deficiencies);
    comparables.setErrors(found.comparables);
    setListErrors({ basis: basis.length ? undefined : MSG_BASIS_REQUIRED });
    const ok = basis.length > 0 && !anyRowError(found.deficiencies) && !anyRowError(found.comparables);
    setUnchecked(!ok);
    save.reset();
    if (ok) save.mutate(toBody(basis, deficiencies.rows, comparables.rows));
  };
  return {
    basis,
    chooseBasis: (next: string[]) => {
      setBasis(next);
      setListErrors((e) => ({ ...e, basis: undefined }));
    },
    deficiencies,
    comparables,
    listErrors,
    submit,
    busy: save.isPending,
    /** Why the last submit did not go through: fields to correct, or the server's refusal. */
    failure: unchecked ? MSG_FIX_FIELDS : formFailure(save.error, MSG_SEND_FAILED),
  };
}

type Request = ReturnType<typeof useReconsiderationRequest>;

function DeficiencyInputs({ request, index }: { request: Request; index: number }) {
  const { rows, errors, update } = request.deficiencies;
  const row = rows[index]!;
  return (
    <Stack gap="xs">
      <Textarea
        label="What is wrong"
        required
        autosize
        minRows={2}
        value={row.text}
        onChange={(e) => update(index, 'text', e.currentTarget.value)}
        error={errors[index]?.text}
        {...characterLimit(row.text, MAX_TEXT)}
      />
      <TextInput
        label="Report page or field"
        description="Optional"
        maxLength={MAX_SHORT}
        value={row.reportField}
        onChange={(e) => update(index, 'reportField', e.currentTarget.value)}
        error={errors[index]?.reportField}
      />
    </Stack>
  );
}

function ComparableInputs({ request, index }: { request: Request; index: number }) {
  const { rows, errors, update } = request.comparables;
  const row = rows[index]!;
  const text = (field: Exclude<keyof Comparable, 'rationale'>) => ({
    value: row[field],
    onChange: (e: ChangeEvent<HTMLInputElement>) => update(index, field, e.currentTarget.value),
    error: errors[index]?.[field],
  });
  return (
    <Stack gap="xs">
      <TextInput label="Address" required maxLength={MAX_SHORT} {...text('address')} />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
        <TextInput label="Sale price" required inputMode="decimal" leftSection="$" {...text('salePrice')} />
        <TextInput label="Sale date" required type="date" {...text('saleDate')} />
      </SimpleGrid>
      <TextInput label="Data source (e.g. MLS number)" required maxLength={MAX_SHORT} {...text('dataSource')} />
      <Textarea
        label="Why it is a better comparable"
        required
        autosize
        minRows={2}
        value={row.rationale}
        onChange={(e) => update(index, 'rationale', e.currentTarget.value)}
        error={errors[index]?.rationale}
        {...characterLimit(row.rationale, MAX_TEXT)}
      />
    </Stack>
  );
}

/** A group's legend reads like an input's label. */
const LEGEND = { root: { margin: 0 }, legend: { fontWeight: 600, fontSize: 'var(--mantine-font-size-sm)', padding: 0, marginBottom: 2 } } as const;

/** The request's inputs (the form around them, its failure and its submit button are the page's or the dialog's). */
export function ReconsiderationRequestFields({ request }: { request: Request }) {
  return (
    <Stack gap="md">
      <Checkbox.Group
        label="Basis"
        description="Why the value should be reconsidered: choose one or more."
        required
        value={request.basis}
        onChange={request.chooseBasis}
        error={request.listErrors.basis}
      >
        <Stack gap="xs" mt="xs">
          {Object.entries(BASIS_LABELS).map(([value, label]) => (
            <Checkbox key={value} value={value} label={label} />
          ))}
        </Stack>
      </Checkbox.Group>
      <Fieldset variant="unstyled" legend="Deficiencies" styles={LEGEND}>
        <Text size="xs" c="dimmed" mb="xs">
          What in the report is wrong, one item at a time.
        </Text>
        <RowsEditor rows={request.deficiencies} legend={(n) => `Deficiency ${n}`} addLabel="Add deficiency" min={1} max={MAX_DEFICIENCIES} error={request.listErrors.deficiencies}>
          {(_, i) => <DeficiencyInputs request={request} index={i} />}
        </RowsEditor>
      </Fieldset>
      <Fieldset variant="unstyled" legend="Alternative comparables" styles={LEGEND}>
        <Text size="xs" c="dimmed" mb="xs">
          Optional: up to five recent sales that support a different value.
        </Text>
        <RowsEditor rows={request.comparables} legend={(n) => `Comparable ${n}`} addLabel="Add comparable" min={0} max={MAX_COMPARABLES} error={request.listErrors.comparables}>
          {(_, i) => <ComparableInputs request={request} index={i} />}
        </RowsEditor>
      </Fieldset>
    </Stack>
  );
}
