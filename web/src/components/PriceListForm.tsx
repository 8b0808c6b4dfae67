import { Button, Group, Stack, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { failureText, fieldErrors, type Schemas } from '../lib/api';
import { centsError, centsText, parseCents } from '../lib/cents';
import { MSG_FIX_FIELDS } from '../lib/fieldRules';
import { notify } from '../lib/notify';
import { EmptyState } from './DataDisplay';
import { usePhoneScreen } from './ListTable';
import { FailureAlert } from './LoadStates';
import { ResponsiveTable, type Column } from './ResponsiveTable';

type PriceEntry = Schemas['PriceEntry'];

/** A product of a price list and its own price (none: left blank). */
export interface PricedProduct {
  productId: number;
  productName: string;
  feeCents?: number | null;
}

type Row<P> = P & { id: number };

export interface PriceListFormProps<P extends PricedProduct> {
  products: P[];
  /** The price column's header; each input is labelled "<priceLabel> for <product>". */
  priceLabel: string;
  /** Columns shown between the product and its price. */
  extraColumns?: Column<Row<P>>[];
  /** The hint in a blank price's input. */
  placeholder?: (product: P) => string;
  label: string;
  empty: string;
  saveLabel: string;
  saved: string;
  saveFailed: string;
  /** Sends the whole list: the products with a price, blank ones left out. */
  save: (entries: PriceEntry[]) => Promise<unknown>;
  onSaved?: () => void;
}

/** A price per product, typed in dollars and saved as a whole list in cents; the server's refusals show under the input they name. */
export function PriceListForm<P extends PricedProduct>({
  products,
  priceLabel,
  extraColumns = [],
  placeholder,
  label,
  empty,
  saveLabel,
  saved,
  saveFailed,
  save,
  onSaved,
}: PriceListFormProps<P>) {
  const mobile = usePhoneScreen();
  const [typed, setTyped] = useState<Record<number, string>>(() => Object.fromEntries(products.map((p) => [p.productId, centsText(p.feeCents)])));
  const [errors, setErrors] = useState<Record<number, string | undefined>>({});
  const filled = products.filter((p) => (typed[p.productId] ?? '').trim() !== '');
  const mutation = useMutation({
    mutationFn: save,
    onSuccess: () => {
      notify('success', saved);
      onSaved?.();
    },
    onError: (e, sent) => {
      // The server names a refused entry by its place in the list sent, e.g. "[2].feeCents".
      const named = Object.entries(fieldErrors(e)).flatMap(([field, message]) => {
        const at = /^\[(\d+)\]/.exec(field);
        const entry = at ? sent[Number(at[1])] : undefined;
        return entry ? [[entry.productId, message] as const] : [];
      });
      if (named.length) setErrors((old) => ({ ...old, ...Object.fromEntries(named) }));
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = Object.fromEntries(
      filled.flatMap((p) => {
        const message = centsError(priceLabel, typed[p.productId]!, { optional: true, zeroAllowed: true });
        return message ? [[p.productId, message]] : [];
      }),
    );
    setErrors(found);
    if (Object.keys(found).length === 0 && !mutation.isPending) mutation.mutate(filled.map((p) => ({ productId: p.productId, feeCents: parseCents(typed[p.productId]!) ?? 0 })));
  };
  const columns: Column<Row<P>>[] = [
    { header: 'Product', cell: (p) => p.productName, name: true },
    ...extraColumns,
    {
      header: priceLabel,
      cell: (p) => (
        <TextInput
          aria-label={`${priceLabel} for ${p.productName}`}
          inputMode="decimal"
          leftSection="$"
          placeholder={placeholder?.(p)}
          value={typed[p.productId] ?? ''}
          onChange={(e) => {
            const value = e.currentTarget.value;
            setTyped((t) => ({ ...t, [p.productId]: value }));
            setErrors((old) => ({ ...old, [p.productId]: undefined }));
          }}
          error={errors[p.productId]}
          w={{ base: '100%', sm: 180 }}
        />
      ),
    },
  ];
  const failure = mutation.error ? failureText(mutation.error, saveFailed) : Object.values(errors).some(Boolean) ? MSG_FIX_FIELDS : null;
  if (products.length === 0) return <EmptyState message={empty} />;
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <FailureAlert message={failure} />
        <ResponsiveTable items={products.map((p) => ({ ...p, id: p.productId }))} columns={columns} label={label} mobile={mobile} idAttribute="data-product-id" />
        <Group>
          <Button type="submit" loading={mutation.isPending}>
            {saveLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
