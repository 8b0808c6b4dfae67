import { Alert, Skeleton, Stack } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { PriceListForm } from '../../../components/PriceListForm';
import type { Column } from '../../../components/ResponsiveTable';
import { failureText } from '../../../lib/api';
import { centsText, formatCents } from '../../../lib/cents';
import { clientPricesKey, clientPricesQuery, saveClientPrices, type ClientItem, type ClientPrice } from './api';
import { ClientNotFound, ClientPageHeading, useRouteClient } from './ClientPage';

export const MSG_PRICES_SAVED = 'Prices saved.';
export const MSG_NO_PRODUCTS = 'No products yet.';
const MSG_SAVE_FAILED = 'The prices could not be saved. Please try again.';

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
  const queryClient = useQueryClient();
  const products = prices.map((p) => ({ ...p, feeCents: p.own ? p.feeCents : null }));
  const defaultPrice: Column<(typeof products)[number]> = {
    header: 'Default Price',
    cell: (p) => (p.defaultFeeCents == null ? 'None' : formatCents(p.defaultFeeCents)),
    nowrap: true,
  };
  return (
    <PriceListForm
      products={products}
      priceLabel="Client Price"
      extraColumns={[defaultPrice]}
      placeholder={(p) => (p.defaultFeeCents == null ? '' : centsText(p.defaultFeeCents))}
      label="Prices"
      empty={MSG_NO_PRODUCTS}
      saveLabel="Save Prices"
      saved={MSG_PRICES_SAVED}
      saveFailed={MSG_SAVE_FAILED}
      save={(entries) => saveClientPrices(client.id, entries)}
      onSaved={() => void queryClient.invalidateQueries({ queryKey: clientPricesKey(client.id) })}
    />
  );
}
