import { Anchor } from '@mantine/core';
import { InfoCard } from '../../components/DataDisplay';
import { usePhoneScreen } from '../../components/ListTable';
import { ResponsiveTable, type Column } from '../../components/ResponsiveTable';
import { contactRoleLabel } from '../../lib/contactTypes';
import { formatUsPhone, telHref } from '../../lib/phone';
import type { ContactView } from './api';

/** What a contact lacks reads as a dash. */
const NONE = '—';

const COLUMNS: Column<ContactView & { id: number }>[] = [
  { header: 'Role', cell: (c) => contactRoleLabel(c.role), nowrap: true },
  { header: 'Name', cell: (c) => c.name, name: true },
  { header: 'Phone', cell: (c) => (c.phone ? <Anchor href={telHref(c.phone)}>{formatUsPhone(c.phone)}</Anchor> : NONE), nowrap: true },
  { header: 'E-mail', cell: (c) => (c.email ? <Anchor href={`mailto:${c.email}`}>{c.email}</Anchor> : NONE) },
  { header: 'Notes', cell: (c) => c.notes || NONE },
];

/** The people to reach about the order (the borrower first, as the server lists them); nothing when there are none. */
export function ClientContactsCard({ contacts }: { contacts: ContactView[] }) {
  const mobile = usePhoneScreen();
  if (contacts.length === 0) return null;
  return (
    <InfoCard title="Contacts">
      <ResponsiveTable items={contacts.map((c, id) => ({ ...c, id }))} columns={COLUMNS} label="Contacts" mobile={mobile} minWidth={640} idAttribute="data-contact" />
    </InfoCard>
  );
}
