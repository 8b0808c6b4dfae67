import { Button, Group, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { ListTable, type ListSpec } from '../../../components/ListTable';
import { type Column } from '../../../components/ResponsiveTable';
import { failureText, fieldErrors } from '../../../lib/api';
import { centsError, centsText, parseCents } from '../../../lib/cents';
import { formatUsd } from '../../../lib/money';
import { notify } from '../../../lib/notify';
import { MSG_PRODUCT_SAVE_FAILED, productKeys, productsQuery, setClientFee, setProductSwitch, type Product, type ProductSwitch } from './api';

export const MSG_PRODUCT_SAVED = 'Product saved.';
export const MSG_NO_PRODUCTS = 'No products yet.';

/** The switches of a product, each with the words of its label. */
const SWITCHES = { dataFileRequired: 'Data file required', borrowerPays: 'Borrower pays' } as const;

/** Turns one of a product's settings on or off, saved at once. */
function SettingSwitch({ product, setting }: { product: Product; setting: ProductSwitch }) {
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (on: boolean) => setProductSwitch(product, setting, on),
    onSuccess: (_, on) => {
      queryClient.setQueryData(productKeys.all, (list: Product[] | undefined) => list?.map((p) => (p.id === product.id ? { ...p, [setting]: on } : p)));
      notify('success', MSG_PRODUCT_SAVED);
    },
  });
  return (
    <Switch
      aria-label={`${SWITCHES[setting]} for ${product.name}`}
      checked={save.isPending ? save.variables : product[setting]}
      disabled={save.isPending}
      onChange={(e) => save.mutate(e.currentTarget.checked)}
    />
  );
}

/** The default price list's price of a product (what clients without their own price are charged), saved with its Save button. */
function ClientFeeInput({ product }: { product: Product }) {
  const queryClient = useQueryClient();
  const [text, setText] = useState(centsText(product.clientFeeCents));
  const [error, setError] = useState<string | undefined>();
  const save = useMutation({
    mutationFn: (cents: number) => setClientFee(product, cents),
    onSuccess: (_, cents) => {
      queryClient.setQueryData(productKeys.all, (list: Product[] | undefined) => list?.map((p) => (p.id === product.id ? { ...p, clientFeeCents: cents } : p)));
      setText(centsText(cents));
      notify('success', MSG_PRODUCT_SAVED);
    },
    onError: (e) => setError(fieldErrors(e).clientFeeCents ?? failureText(e, MSG_PRODUCT_SAVE_FAILED)),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = centsError('Client Fee', text, { zeroAllowed: true });
    setError(found);
    if (!found && !save.isPending) save.mutate(parseCents(text)!);
  };
  return (
    <form onSubmit={submit} noValidate>
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <TextInput
          aria-label={`Client Fee for ${product.name}`}
          inputMode="decimal"
          leftSection="$"
          value={text}
          onChange={(e) => {
            setText(e.currentTarget.value);
            setError(undefined);
          }}
          error={error}
          w={140}
        />
        <Button type="submit" size="sm" variant="default" loading={save.isPending} aria-label={`Save Client Fee for ${product.name}`}>
          Save
        </Button>
      </Group>
    </form>
  );
}

const COLUMNS: Column<Product>[] = [
  { header: 'Product', cell: (p) => p.name, name: true },
  { header: 'Desktop', cell: (p) => (p.isDesktop ? 'Yes' : 'No') },
  { header: 'Default fee', cell: (p) => formatUsd(p.defaultFee), nowrap: true },
  { header: 'Client Fee', cell: (p) => <ClientFeeInput product={p} /> },
  { header: 'Data file required', cell: (p) => <SettingSwitch product={p} setting="dataFileRequired" /> },
  { header: 'Borrower pays', cell: (p) => <SettingSwitch product={p} setting="borrowerPays" /> },
  { header: 'Checklist', cell: (p) => (p.ownChecklist ? 'Own list' : 'Default list'), nowrap: true },
];

const LIST: ListSpec<Product> = { noun: 'products', empty: MSG_NO_PRODUCTS, label: 'Products', minWidth: 960, idAttribute: 'data-product-id', unpaged: true };

const productPages = (p: Product) => (
  <Group gap="xs" wrap="nowrap">
    <Button component={Link} to={`/staff/products/${p.id}/checklist`} size="compact-sm" variant="default" aria-label={`Edit Checklist of ${p.name}`}>
      Edit Checklist
    </Button>
    <Button component={Link} to={`/staff/products/${p.id}/turn-time`} size="compact-sm" variant="default" aria-label={`Turn Time of ${p.name}`}>
      Turn Time
    </Button>
  </Group>
);

/** /staff/products: every product with its settings, the data-file switch and a way to its review checklist and turn time. */
export function ProductsPage() {
  const products = useQuery(productsQuery());
  return (
    <Stack gap="md">
      <Title order={1}>Products</Title>
      {products.isError ? (
        <Text c="red.9" role="alert">
          The products could not be loaded.
        </Text>
      ) : null}
      <ListTable {...LIST} columns={COLUMNS} rows={products.data} loading={products.isPending} actions={productPages} />
    </Stack>
  );
}
