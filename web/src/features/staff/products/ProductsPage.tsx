import { Button, Stack, Switch, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ListTable, type ListSpec } from '../../../components/ListTable';
import { type Column } from '../../../components/ResponsiveTable';
import { formatUsd } from '../../../lib/money';
import { notify } from '../../../lib/notify';
import { productKeys, productsQuery, setDataFileRequired, type Product } from './api';

export const MSG_PRODUCT_SAVED = 'Product saved.';
export const MSG_NO_PRODUCTS = 'No products yet.';

/** Turns a product's "Data file required" on or off, saved at once. */
function DataFileSwitch({ product }: { product: Product }) {
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (on: boolean) => setDataFileRequired(product.id, on),
    onSuccess: (_, on) => {
      queryClient.setQueryData(productKeys.all, (list: Product[] | undefined) => list?.map((p) => (p.id === product.id ? { ...p, dataFileRequired: on } : p)));
      notify('success', MSG_PRODUCT_SAVED);
    },
  });
  return (
    <Switch
      aria-label={`Data file required for ${product.name}`}
      checked={save.isPending ? save.variables : product.dataFileRequired}
      disabled={save.isPending}
      onChange={(e) => save.mutate(e.currentTarget.checked)}
    />
  );
}

const COLUMNS: Column<Product>[] = [
  { header: 'Product', cell: (p) => p.name, name: true },
  { header: 'Desktop', cell: (p) => (p.isDesktop ? 'Yes' : 'No') },
  { header: 'Default fee', cell: (p) => formatUsd(p.defaultFee), nowrap: true },
  { header: 'Data file required', cell: (p) => <DataFileSwitch product={p} /> },
  { header: 'Checklist', cell: (p) => (p.ownChecklist ? 'Own list' : 'Default list'), nowrap: true },
];

const LIST: ListSpec<Product> = { noun: 'products', empty: MSG_NO_PRODUCTS, label: 'Products', minWidth: 760, idAttribute: 'data-product-id', unpaged: true };

const editChecklist = (p: Product) => (
  <Button component={Link} to={`/staff/products/${p.id}/checklist`} size="compact-sm" variant="default" aria-label={`Edit Checklist of ${p.name}`}>
    Edit Checklist
  </Button>
);

/** /staff/products: every product with its settings, the data-file switch and a way to its review checklist. */
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
      <ListTable {...LIST} columns={COLUMNS} rows={products.data} loading={products.isPending} actions={editChecklist} />
    </Stack>
  );
}
