import { Alert, Anchor, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { StatusIcon } from '../../../components/OrderBadges';
import { formatUsPhone, telHref } from '../../../lib/phone';
import { formatDateTime, formatDay, isPastDue, today, toIsoDate } from '../../../lib/dates';
import { formatUsd } from '../../../lib/money';
import { contactTypeLabel, formatNumber } from './format';
import { PropertyMap } from '../../../components/map/PropertyMap';
import { Field, Fields, InfoCard } from '../../../components/DataDisplay';
import { statusLabel } from '../../../lib/orderStatus';
import { formatTurnTime } from '../../../lib/turnTime';
import { BorrowerPaymentCard, ChangeClientFeeButton, ClientFeeFields, OrderInvoiceCard } from './OrderBilling';
import { ServerHtml } from './parts';
import { SecondAppraisalCard } from './SecondAppraisalCard';
import { useStaffView } from './staffView';
import type { Contact, OrderDetails } from './types';

export const MSG_LOCATION_APPROXIMATE = 'Map position: approximate (ZIP centre)';
export const MSG_CONTACTS_HIDDEN = "Contact information will be visible once you're assigned to this order";
export const MSG_THIRD_PARTY = 'Property characteristics and images come from a third-party source and have not been confirmed.';
export const MSG_NO_REPORT_TYPES = 'Not specified';
export const MSG_NO_CONTACTS = 'No contacts are listed for this order.';
export const MSG_NO_NOTES = 'No notes or special instructions.';

function AlertBanner({ alerts }: { alerts: string[] }) {
  const text = alerts.filter((a) => a && a.trim()).join(', ');
  if (!text) return null;
  return (
    <Alert
      color="orange"
      variant="light"
      title="Alerts"
      icon={<StatusIcon name="alert" size={20} />}
      data-testid="order-alerts"
      styles={{ title: { color: 'var(--mantine-color-dark-9)' }, icon: { color: 'var(--mantine-color-orange-9)' } }}
    >
      <Text size="sm" c="dark.9">
        {text}
      </Text>
    </Alert>
  );
}

function DueDateBanner({ due, timeZone }: { due?: string | null; timeZone: string | null }) {
  if (!due) return null;
  const past = isPastDue(due, toIsoDate(today(timeZone)));
  return (
    <Alert
      color={past ? 'red.9' : 'blue'}
      variant={past ? 'filled' : 'light'}
      styles={past ? undefined : { icon: { color: 'var(--mantine-color-blue-9)' } }}
      icon={<StatusIcon name="calendar" size={20} />}
      data-testid="order-due-date"
      data-overdue={past || undefined}
    >
      <Text size="sm" fw={700} c={past ? 'white' : 'dark.9'}>
        Appraiser Due Date: {formatDay(due)}
        {past ? ' (Past due)' : ''}
      </Text>
    </Alert>
  );
}

function Phone({ label, value }: { label: string; value?: string | null }) {
  if (!value || !value.trim()) return null;
  return (
    <Field label={label}>
      <Anchor href={telHref(value)} size="sm">
        {formatUsPhone(value)}
      </Anchor>
    </Field>
  );
}

function ContactBlock({ contact }: { contact: Contact }) {
  return (
    <Stack gap={6} data-testid="contact" data-contact-id={contact.id}>
      <Group gap="xs" wrap="wrap">
        <Text fw={700} size="sm">
          {contact.name}
        </Text>
        <Text size="xs" c="gray.7" fw={600}>
          {contactTypeLabel(contact.type)}
        </Text>
      </Group>
      <Fields>
        {contact.email ? (
          <Field label="Email">
            <Anchor href={`mailto:${contact.email}`} size="sm">
              {contact.email}
            </Anchor>
          </Field>
        ) : null}
        <Phone label="Cell Phone" value={contact.cellPhone} />
        <Phone label="Work Phone" value={contact.workPhone} />
        <Phone label="Home Phone" value={contact.homePhone} />
      </Fields>
    </Stack>
  );
}

function Contacts({ order }: { order: OrderDetails }) {
  if (!order.contactsVisible) {
    return (
      <Text size="sm" c="gray.8" data-testid="contacts-hidden">
        {MSG_CONTACTS_HIDDEN}
      </Text>
    );
  }
  const contacts = [...(order.propertyContact ? [order.propertyContact] : []), ...(order.otherContacts ?? [])];
  if (contacts.length === 0)
    return (
      <Text size="sm" c="gray.8">
        {MSG_NO_CONTACTS}
      </Text>
    );
  return (
    <Stack gap="md">
      {contacts.map((c) => (
        <ContactBlock key={`${c.type}-${c.id}`} contact={c} />
      ))}
    </Stack>
  );
}

export interface OrderDetailsTabProps {
  order: OrderDetails;
  timeZone: string | null;
  tileUrl: string | null;
}

/** The Order Details tab: alerts, due date, the property, financial, date, report, client, contact and notes cards, and the map. */
export function OrderDetailsTab({ order, timeZone, tileUrl }: OrderDetailsTabProps) {
  const staffView = useStaffView();
  const reportTypes = [order.reportType1, order.reportType2, order.reportType3, order.reportType4].filter((r): r is NonNullable<typeof r> => !!r && !!r.productDescription);
  return (
    <Stack gap="md">
      <AlertBanner alerts={order.alerts ?? []} />
      <DueDateBanner due={order.appraiserDueDate} timeZone={timeZone} />

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <InfoCard title="Property Information" testId="card-property">
          <Fields>
            <Field label="Address">{order.propertyAddress}</Field>
            <Field label="Borrower">{order.borrowerName}</Field>
            <Field label="County">{order.county}</Field>
            <Field label="Property Type">{order.propertyType}</Field>
            <Field label="Intended Use">{order.intendedUse}</Field>
            <Field label="Year Built">{order.yearBuilt ? String(order.yearBuilt) : ''}</Field>
            <Field label="Living Area">{formatNumber(order.livingArea, 'sq ft')}</Field>
            <Field label="Lot Area">{formatNumber(order.lotArea, 'sq ft')}</Field>
            <Field label="County Use">{order.countyUse}</Field>
            <Field label="Assessed Value">{formatUsd(order.assessedValue)}</Field>
            <Field label="Requires ENV">{order.requiresEnv ? 'Yes' : 'No'}</Field>
          </Fields>
          <PropertyMap latitude={order.latitude} longitude={order.longitude} tileUrl={tileUrl} label={`Satellite map of ${order.propertyAddress}`} />
          {order.locationApproximate && order.latitude != null ? (
            <Text size="sm" c="gray.8" data-testid="location-approximate">
              {MSG_LOCATION_APPROXIMATE}
            </Text>
          ) : null}
          <Text size="xs" c="gray.7" data-testid="third-party-disclaimer">
            {MSG_THIRD_PARTY}
          </Text>
        </InfoCard>

        <Stack gap="md">
          <InfoCard title="Financial Information" testId="card-financial">
            <Fields>
              <Field label="Appraiser Fee">{formatUsd(order.appraiserFee)}</Field>
              <Field label="Tech Fee">{formatUsd(order.techFee)}</Field>
              <Field label="Purchase Price">{formatUsd(order.purchasePrice)}</Field>
              <ClientFeeFields order={order} />
            </Fields>
            {staffView ? <ChangeClientFeeButton order={order} /> : null}
          </InfoCard>

          <OrderInvoiceCard order={order} />
          <BorrowerPaymentCard order={order} timeZone={timeZone} />
          {staffView ? <SecondAppraisalCard order={order} /> : null}

          <InfoCard title="Dates & References" testId="card-dates">
            <Fields>
              <Field label="Status">{statusLabel(order.orderStatus)}</Field>
              <Field label="File Number">{order.fileNumber}</Field>
              <Field label="Loan Number">{order.loanNumber}</Field>
              <Field label="FHA Case ID">{order.fhaCaseId}</Field>
              <Field label="AMC License">{order.amcLicense}</Field>
              <Field label="Created">{formatDateTime(order.createDate, timeZone)}</Field>
              <Field label="Appraiser Due Date">{formatDay(order.appraiserDueDate)}</Field>
              <Field label="Inspection Due Date">{formatDay(order.inspectionDueDate)}</Field>
              <Field label="Inspection Date">{formatDateTime(order.inspectionActualDate, timeZone)}</Field>
              <Field label="Estimated Delivery Date">{formatDay(order.estimatedDeliveryDate)}</Field>
              <Field label="Estimated Closing Date">{formatDay(order.estimatedClosingDate)}</Field>
              <Field label="Turn Time">{formatTurnTime(order.turnTime)}</Field>
              {order.payBy ? <Field label="Pay By">{formatDay(order.payBy)}</Field> : null}
            </Fields>
          </InfoCard>

          <InfoCard title="Report Types" testId="card-report-types">
            {reportTypes.length === 0 ? (
              <Text size="sm" c="gray.7">
                {MSG_NO_REPORT_TYPES}
              </Text>
            ) : (
              <Stack component="ul" gap={4} m={0} pl="md">
                {reportTypes.map((r) => (
                  <Text component="li" size="sm" key={r.id}>
                    {r.productDescription}
                  </Text>
                ))}
              </Stack>
            )}
          </InfoCard>
        </Stack>

        <InfoCard title="Client Information" testId="card-client">
          <Fields>
            <Field label="Ordered By">{order.orderedBy}</Field>
            <Field label="Address">{order.orderedByAddress}</Field>
          </Fields>
        </InfoCard>

        <InfoCard title="Contact Information" testId="card-contacts">
          <Contacts order={order} />
        </InfoCard>
      </SimpleGrid>

      <InfoCard title="Notes & Instructions" testId="card-notes">
        {order.notesAndSpecialInstructions && order.notesAndSpecialInstructions.trim() ? (
          <ServerHtml html={order.notesAndSpecialInstructions} testId="order-notes" />
        ) : (
          <Text size="sm" c="gray.7">
            {MSG_NO_NOTES}
          </Text>
        )}
      </InfoCard>
    </Stack>
  );
}
