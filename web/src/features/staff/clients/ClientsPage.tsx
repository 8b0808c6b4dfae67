import { Button, Group, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { type Column } from '../../../components/ResponsiveTable';
import { formatUsPhone } from '../../../lib/phone';
import { clientsQuery, type ClientItem } from './api';
import { ClientDialog } from './ClientDialog';
import { ListTable, type ListSpec, usePhoneScreen } from '../../../components/ListTable';

export const MSG_NO_CLIENTS = 'No clients yet. Add the first lender who orders work.';

const COLUMNS: Column<ClientItem>[] = [
  { header: 'Company', cell: (c) => c.companyName, name: true },
  { header: 'Office Address', cardLabel: 'Office', cell: (c) => c.officeAddressLine },
  { header: 'Main Contact', cardLabel: 'Contact', cell: (c) => c.mainContactName },
  { header: 'E-mail', cell: (c) => c.mainContactEmailAddress, nowrap: true },
  { header: 'Phone', cell: (c) => formatUsPhone(c.mainContactPhone), nowrap: true },
];

const LIST: ListSpec<ClientItem> = { noun: 'clients', empty: MSG_NO_CLIENTS, label: 'Clients', minWidth: 760, idAttribute: 'data-client-id' };

/** The lenders who order work: a list, Add Client, and on each Edit and its Users & Keys (the client portal's users and API keys). */
export function ClientsPage() {
  const mobile = usePhoneScreen();
  const clients = useQuery(clientsQuery());
  /** The client being edited; null while adding one; undefined with no dialog open. */
  const [editing, setEditing] = useState<ClientItem | null | undefined>(undefined);
  const actions = (c: ClientItem) => (
    <Group gap="xs" wrap="wrap" maw={mobile ? undefined : 120}>
      <Button size="compact-sm" variant="default" onClick={() => setEditing(c)} aria-label={`Edit ${c.companyName}`}>
        Edit
      </Button>
      <Button size="compact-sm" variant="light" component={Link} to={`/staff/clients/${c.id}`} aria-label={`Users & Keys of ${c.companyName}`}>
        Users &amp; Keys
      </Button>
      <Button size="compact-sm" variant="light" component={Link} to={`/staff/clients/${c.id}/prices`} aria-label={`Prices for ${c.companyName}`}>
        Prices
      </Button>
      <Button size="compact-sm" variant="light" component={Link} to={`/staff/clients/${c.id}/assignment`} aria-label={`Assignment policy of ${c.companyName}`}>
        Assignment
      </Button>
    </Group>
  );
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1}>Clients</Title>
        <Button onClick={() => setEditing(null)}>Add Client</Button>
      </Group>
      <ListTable {...LIST} columns={COLUMNS} rows={clients.data} loading={clients.isPending} actions={actions} />
      {editing !== undefined ? <ClientDialog client={editing} onClose={() => setEditing(undefined)} /> : null}
    </Stack>
  );
}
