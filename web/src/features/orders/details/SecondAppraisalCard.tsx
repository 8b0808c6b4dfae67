import { Anchor, Button, Stack, Text, Textarea } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { InfoCard } from '../../../components/DataDisplay';
import { FormDialog, mutationState } from '../../../components/FormDialog';
import { useFields } from '../../../components/useFields';
import { onlyFailed, requiredTextError } from '../../../lib/fieldRules';
import { notify } from '../../../lib/notify';
import { orderKeys } from '../keys';
import { orderSecondAppraisal } from './api';
import { orderArea } from './paths';
import type { OrderDetails } from './types';

export const MSG_SECOND_FAILED = 'The second appraisal could not be ordered. Please try again.';
export const MSG_SECOND_RULE = "Neither this order's appraiser nor anyone of their firm may take it.";

type Linked = NonNullable<OrderDetails['linkedOrders']>[number];

function LinkLine({ link }: { link: Linked }) {
  const to = orderArea('/staff').order(link.id);
  const what = link.kind === 'second_appraisal_of' ? 'This order is a second appraisal of order' : 'Second appraisal: order';
  return (
    <Text size="sm">
      {what}{' '}
      <Anchor component={Link} to={to} fw={600}>
        {link.fileNumber}
      </Anchor>{' '}
      <Text span c="gray.8">
        ({link.reason})
      </Text>
    </Text>
  );
}

function OrderDialog({ order, onClose }: { order: OrderDetails; onClose: () => void }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const fields = useFields({ reason: '' });
  const save = useMutation({
    mutationFn: (reason: string) => orderSecondAppraisal(order.id, reason),
    onSuccess: (created) => {
      notify('success', `Second appraisal ordered: order ${created.fileNumber ?? created.id}.`);
      void queryClient.invalidateQueries({ queryKey: orderKeys.details(order.id) });
      onClose();
      navigate(orderArea('/staff').order(created.id));
    },
    onError: (e) => fields.showRefusal(e),
  });
  const submit = () => {
    if (fields.accept(onlyFailed({ reason: requiredTextError('Reason', fields.values.reason, 4000) }))) save.mutate(fields.values.reason.trim());
  };
  return (
    <FormDialog title="Order Second Appraisal" opened onClose={onClose} onSubmit={submit} submitLabel="Order" size="md" {...mutationState(save, MSG_SECOND_FAILED)}>
      <Text size="sm">
        A new order of the same property, client and borrower, linked to order {order.fileNumber}. {MSG_SECOND_RULE}
      </Text>
      <Textarea label="Reason" required autosize minRows={3} data-autofocus {...fields.input('reason', 4000)} />
    </FormDialog>
  );
}

/** Staff: the orders linked to this one as second appraisals, and the way to order one (once an appraiser has the order). */
export function SecondAppraisalCard({ order }: { order: OrderDetails }) {
  const [open, setOpen] = useState(false);
  const links = order.linkedOrders ?? [];
  const canOrder = order.assignedAppraiserSecurityUser > 0;
  if (links.length === 0 && !canOrder) return null;
  return (
    <InfoCard title="Second Appraisals" testId="card-second-appraisals">
      <Stack gap={6}>
        {links.map((link) => (
          <LinkLine key={`${link.kind}-${link.id}`} link={link} />
        ))}
        {links.length === 0 ? (
          <Text size="sm" c="gray.8">
            None ordered.
          </Text>
        ) : null}
      </Stack>
      {canOrder ? (
        <Button size="compact-sm" variant="default" w="fit-content" onClick={() => setOpen(true)}>
          Order Second Appraisal
        </Button>
      ) : null}
      {open ? <OrderDialog order={order} onClose={() => setOpen(false)} /> : null}
    </InfoCard>
  );
}
