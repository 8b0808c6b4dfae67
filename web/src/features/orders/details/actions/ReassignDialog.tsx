import { Badge, Group, Loader, Radio, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FormDialog } from '../../../../components/FormDialog';
import { failureText } from '../../../../lib/api';
import { orderKeys } from '../../keys';
import type { ActionDialogProps } from './types';
import { personName } from '../format';
import { assignableAppraisers, assignOrder } from './api';
import { MSG_NO_ASSIGNABLE, MSG_SELECT_APPRAISER } from './rules';
import { useOrderAction } from './useOrderAction';

/** Reassign to one of the firm's assignable appraisers, shown with their open orders. */
export function ReassignDialog({ order, opened, onClose, onDone }: ActionDialogProps) {
  const list = useQuery({ queryKey: orderKeys.assignableAppraisers(order.id), queryFn: () => assignableAppraisers(order.id), retry: false });
  const [chosen, setChosen] = useState('');
  const [error, setError] = useState<string | undefined>();
  const { busy, failure, run } = useOrderAction(order.id, onDone);
  const submit = () => {
    const found = chosen ? undefined : MSG_SELECT_APPRAISER;
    setError(found);
    if (!found) void run(() => assignOrder({ orderId: order.id, appraiserToAssignTo: Number(chosen) }));
  };
  const empty = list.isSuccess && list.data.length === 0;
  return (
    <FormDialog
      title="Reassign"
      opened={opened}
      onClose={onClose}
      onSubmit={submit}
      submitLabel="Assign Order"
      busy={busy}
      failure={failure ?? (list.isError ? failureText(list.error, 'The assignable appraisers could not be loaded.') : null)}
      size="lg"
    >
      {list.isPending ? (
        <Group gap="xs" role="status">
          <Loader size="sm" />
          <Text size="sm">Loading assignable appraisers...</Text>
        </Group>
      ) : null}
      {empty ? (
        <Text role="status" c="gray.8">
          {MSG_NO_ASSIGNABLE}
        </Text>
      ) : null}
      {list.isSuccess && !empty ? (
        <Radio.Group label="Assign to" required value={chosen} onChange={setChosen} error={error}>
          <Stack gap="xs" mt="xs">
            {list.data.map((a) => (
              <Radio.Card key={a.id} value={String(a.id)} radius="md" p="sm" withBorder>
                <Group wrap="nowrap" align="flex-start" gap="sm">
                  <Radio.Indicator mt={2} />
                  <Stack gap={2} style={{ minWidth: 0 }}>
                    <Group gap="xs">
                      <Text fw={600}>{personName(a.firstName, a.lastName)}</Text>
                      {a.fhaCertified ? (
                        <Badge size="sm" color="blue.9" variant="filled" tt="none">
                          FHA Certified
                        </Badge>
                      ) : null}
                      {a.licensed ? (
                        <Badge size="sm" color="teal.9" variant="filled" tt="none">
                          Licensed
                        </Badge>
                      ) : null}
                    </Group>
                    <Text size="sm" c="gray.8" style={{ overflowWrap: 'anywhere' }}>
                      {a.officeAddress} · {a.emailAddress}
                    </Text>
                    <Text size="sm">Open orders: {a.openOrders}</Text>
                  </Stack>
                </Group>
              </Radio.Card>
            ))}
          </Stack>
        </Radio.Group>
      ) : null}
      {empty && error ? (
        <Text c="red.9" size="sm" role="alert">
          {error}
        </Text>
      ) : null}
    </FormDialog>
  );
}
