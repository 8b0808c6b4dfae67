import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useMemo, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { BackIcon } from '../../../components/icons';
import { ApiError, failureText } from '../../../lib/api';
import { notify } from '../../../lib/notify';
import { isClosedStatus } from '../../../lib/orderStatus';
import { orderToEditQuery, updateOrder, type OrderDetails, type OrderForm } from './api';
import { orderFormStart, plainTextToHtml } from './orderForm';
import { OrderFormView } from './OrderFormView';
import { PageSkeleton } from '../../../components/LoadStates';

export const MSG_ORDER_SAVED = 'The order was saved.';
const MSG_SAVE_FAILED = 'The order could not be saved. Please try again.';

const orderPath = (id: number) => `/staff/orderdetails/${id}`;

function BackToOrder({ id }: { id: number }) {
  return (
    <Button component={Link} to={orderPath(id)} variant="subtle" leftSection={<BackIcon />} px="xs" w="fit-content">
      Back to Order
    </Button>
  );
}

function Outcome({ id, title, children }: { id: number | null; title: string; children: ReactNode }) {
  return (
    <Stack gap="md" maw={640}>
      {id ? <BackToOrder id={id} /> : null}
      <Title order={1}>{title}</Title>
      {children}
    </Stack>
  );
}

/** The form, filled from the order. */
function EditForm({ order }: { order: OrderDetails }) {
  const navigate = useNavigate();
  const start = useMemo(() => orderFormStart(order), [order]);
  const save = useMutation({
    mutationFn: (body: OrderForm) => updateOrder(order.id, body),
    onSuccess: (answer) => {
      notify('success', answer.message || MSG_ORDER_SAVED);
      void navigate(orderPath(order.id));
    },
  });
  // Notes the staff member left alone go back as they are stored, formatting and all.
  const unchangedNotes = plainTextToHtml(start.fields.notes);
  const submit = (body: OrderForm) =>
    save.mutateAsync(body.notesAndSpecialInstructions === unchangedNotes ? { ...body, notesAndSpecialInstructions: order.notesAndSpecialInstructions ?? null } : body);
  return (
    <OrderFormView
      start={start}
      label="Edit order"
      submitLabel="Save Changes"
      busy={save.isPending}
      failure={save.error ? failureText(save.error, MSG_SAVE_FAILED) : null}
      onSubmit={submit}
      extraButtons={
        <Button component={Link} to={orderPath(order.id)} variant="default">
          Cancel
        </Button>
      }
    />
  );
}

function parseId(raw: string | undefined): number | null {
  if (!raw || !/^\d+$/.test(raw)) return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/**
 * /staff/orders/{id}/edit: staff correct an open order with the New Order form, filled from the
 * order. The server writes what changed to the order's history and tells the assigned appraiser.
 */
export function EditOrderPage() {
  const id = parseId(useParams().id);
  const order = useQuery({ ...orderToEditQuery(id ?? 0), enabled: id !== null });
  if (id === null) {
    return (
      <Outcome id={null} title="Invalid Order ID">
        <Text c="gray.8">The order link is not valid. Order IDs are numbers.</Text>
      </Outcome>
    );
  }
  if (order.isPending) return <PageSkeleton label="Loading order" />;
  if (order.isError) {
    const notFound = order.error instanceof ApiError && order.error.status === 404;
    return (
      <Outcome id={notFound ? null : id} title={notFound ? 'Order Not Found' : 'Edit Order'}>
        <Alert color="red.9" variant={notFound ? 'light' : 'filled'} role="alert">
          {notFound ? `Order ${id} could not be found.` : failureText(order.error, 'The order could not be loaded.')}
        </Alert>
        {notFound ? null : (
          <Group>
            <Button onClick={() => void order.refetch()} loading={order.isFetching}>
              Try Again
            </Button>
          </Group>
        )}
      </Outcome>
    );
  }
  const o = order.data;
  if (isClosedStatus(o.statusId)) {
    return (
      <Outcome id={id} title={`Edit Order #${o.fileNumber}`}>
        <Alert color="gray" variant="light" role="status">
          This order is {o.orderStatus} and can no longer be changed.
        </Alert>
      </Outcome>
    );
  }
  return (
    <Stack gap="md" maw={1100}>
      <BackToOrder id={id} />
      <Title order={1} style={{ overflowWrap: 'anywhere' }}>
        Edit Order #{o.fileNumber}
      </Title>
      <Text c="gray.8">Saving writes what changed to the order&apos;s history and e-mails the assigned appraiser.</Text>
      <EditForm order={o} />
    </Stack>
  );
}
