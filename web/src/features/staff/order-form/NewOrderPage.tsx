import { Stack, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { failureText } from '../../../lib/api';
import { notify } from '../../../lib/notify';
import { createOrder, type OrderForm } from './api';
import { EMPTY_ORDER } from './orderForm';
import { OrderFormView, type OrderFormStart } from './OrderFormView';

const EMPTY_FORM: OrderFormStart = { fields: EMPTY_ORDER, reportTypeIds: [], contacts: [], alerts: [] };

/** Staff create an order for a client; it opens on its order page, where the Actions menu assigns it. */
export function NewOrderPage() {
  const navigate = useNavigate();
  const create = useMutation({
    mutationFn: (body: OrderForm) => createOrder(body),
    onSuccess: (created) => {
      notify('success', `Order ${created.fileNumber ?? created.id} was created. Assign it from the Actions menu.`);
      void navigate(`/staff/orderdetails/${created.id}`);
    },
  });
  return (
    <Stack gap="md" maw={1100}>
      <Title order={1}>New Order</Title>
      <Text c="gray.8">The order waits unassigned until you give it to an appraiser from its Actions menu.</Text>
      <OrderFormView
        start={EMPTY_FORM}
        label="New order"
        submitLabel="Create Order"
        busy={create.isPending}
        failure={create.error ? failureText(create.error, 'The order could not be created. Please try again.') : null}
        onSubmit={(body) => create.mutateAsync(body)}
        newOrder
      />
    </Stack>
  );
}
