import { Alert, Button, Group, Skeleton, Stack, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { EmptyState } from '../../../components/DataDisplay';
import { usePhoneScreen } from '../../../components/ListTable';
import { FailureAlert } from '../../../components/LoadStates';
import { ResponsiveTable, type Column } from '../../../components/ResponsiveTable';
import { failureText, fieldErrors } from '../../../lib/api';
import { centsError, centsText, formatCents, parseCents } from '../../../lib/cents';
import { MSG_FIX_FIELDS } from '../../../lib/fieldRules';
import { notify } from '../../../lib/notify';
import { clientPricesKey, clientPricesQuery, saveClientPrices, type ClientItem, type ClientPrice, type PriceEntry } from './api';
import { ClientNotFound, ClientPageHeading, useRouteClient } from './ClientPage';

export const MSG_PRICES_SAVED = 'Prices saved.';
export const MSG_NO_PRODUCTS = 'No products yet.';
const MSG_SAVE_FAILED = 'The prices could not be saved. Please try again.';

type PriceRow = ClientPrice & { id: number };

/** /staff/clients/:id/prices: what the client is charged per product; a blank price means the default price list's. */
export function ClientPricesPage() {
  const { rawId, id, loading, client } = useRouteClient();
  const prices = useQuery(clientPricesQuery(id));
  if (loading || prices.isPending) return <Skeleton h={200} aria-label="Loading prices" />;
  if (!client) return <ClientNotFound rawId={rawId} />;
  return (
    <Stack gap="md" maw={900}>
      <ClientPageHeading title={`Prices for ${client.companyName}`} description="What the client is charged per product. Leave a price blank to charge the default price." />
      {prices.data ? <PricesForm client={client} prices={prices.data} /> : <Alert color="red.9">{failureText(prices.error, 'The prices could not be loaded.')}</Alert>}
    </Stack>
  );
}

function PricesForm({ client, prices }: { client: ClientItem; prices: ClientPrice[] }) {
  const mobile = usePhoneScreen();
  const queryClient = useQueryClient();
  const [typed, setTyped] = useState<Record<number, string>>(() => Object.fromEntries(prices.map((p) => [p.productId, p.own ? centsText(p.feeCents) : ''])));
  const [errors, setErrors] = useState<Record<number, string | undefined>>({});
  const filled = prices.filter((p) => (typed[p.productId] ?? '').trim() !== '');
  const save = useMutation({
    mutationFn: (entries: PriceEntry[]) => saveClientPrices(client.id, entries),
    onSuccess: () => {
      notify('success', MSG_PRICES_SAVED);
      void queryClient.invalidateQueries({ queryKey: clientPricesKey(client.id) });
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
        const message = centsError('Client Price', typed[p.productId]!, { optional: true, zeroAllowed: true });
        return message ? [[p.productId, message]] : [];
      }),
    );
    setErrors(found);
    if (Object.keys(found).length === 0 && !save.isPending) save.mutate(filled.map((p) => ({ productId: p.productId, feeCents: parseCents(typed[p.productId]!) ?? 0 })));
  };
  const columns: Column<PriceRow>[] = [
    { header: 'Product', cell: (p) => p.productName, name: true },
    { header: 'Default Price', cell: (p) => (p.defaultFeeCents == null ? 'None' : formatCents(p.defaultFeeCents)), nowrap: true },
    {
      header: 'Client Price',
      cell: (p) => (
        <TextInput
          aria-label={`Client Price for ${p.productName}`}
          inputMode="decimal"
          leftSection="$"
          placeholder={p.defaultFeeCents == null ? '' : centsText(p.defaultFeeCents)}
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
  const failure = save.error ? failureText(save.error, MSG_SAVE_FAILED) : Object.values(errors).some(Boolean) ? MSG_FIX_FIELDS : null;
  if (prices.length === 0) return <EmptyState message={MSG_NO_PRODUCTS} />;
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <FailureAlert message={failure} />
        <ResponsiveTable items={prices.map((p) => ({ ...p, id: p.productId }))} columns={columns} label="Prices" mobile={mobile} idAttribute="data-product-id" />
        <Group>
          <Button type="submit" loading={save.isPending}>
            Save Prices
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
