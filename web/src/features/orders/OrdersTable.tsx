import { Anchor, Box, Button, Card, Collapse, Group, Stack, Table, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useId, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { AttentionBadge, StatusBadge, UnreadBadge } from '../../components/OrderBadges';
import type { OrderDashboardItem } from './api';
import { orderDetailsPathFrom } from './details/paths';
import { formatDateAndTime, formatDateTime, formatDay, isPastDue } from '../../lib/dates';
import type { Sort, SortField } from './dashboardParams';
import { LineIcon } from '../../components/icons';

/** Where a dashboard row leads: the order's details. */
export function orderDetailsPath(id: number): string {
  return orderDetailsPathFrom(window.location.pathname, id);
}

export interface Column {
  field: SortField;
  label: string;
  /** Shown on large screens only. */
  largeOnly?: boolean;
}

export const COLUMNS: readonly Column[] = [
  { field: 'usaFileNumber', label: 'File #' },
  { field: 'orderStatus', label: 'Status' },
  { field: 'assignmentActualDate', label: 'Assigned', largeOnly: true },
  { field: 'inspectionActualDate', label: 'Inspected', largeOnly: true },
  { field: 'appraiserDueDate', label: 'Due Date' },
  { field: 'propertyAddressLine1', label: 'Property' },
  { field: 'borrowerName', label: 'Borrower' },
  { field: 'appraiserName', label: 'Appraiser' },
];

export function ariaSort(sort: Sort | null, field: SortField): 'ascending' | 'descending' | 'none' {
  if (sort?.field !== field) return 'none';
  return sort.direction === 'asc' ? 'ascending' : 'descending';
}

function SortIcon({ state }: { state: 'ascending' | 'descending' | 'none' }) {
  return (
    <LineIcon size={14}>
      {state !== 'descending' ? <path d="M8 10l4 -4l4 4" opacity={state === 'none' ? 0.45 : 1} /> : null}
      {state !== 'ascending' ? <path d="M8 14l4 4l4 -4" opacity={state === 'none' ? 0.45 : 1} /> : null}
    </LineIcon>
  );
}

export interface RowContext {
  todayIso: string;
  timeZone?: string | null;
}

function DueDate({ value, todayIso }: { value: string | null | undefined; todayIso: string }) {
  if (!value) return null;
  if (!isPastDue(value, todayIso))
    return (
      <Text span size="sm">
        {formatDay(value)}
      </Text>
    );
  return (
    <Stack gap={0} data-overdue="true">
      <Text span size="sm" fw={700} c="red.9">
        {formatDay(value)}
      </Text>
      <Text span size="xs" fw={700} c="red.9">
        Past due
      </Text>
    </Stack>
  );
}

function FileNumber({ order }: { order: OrderDashboardItem }) {
  return (
    <Group gap={6} wrap="nowrap">
      <Anchor component={Link} to={orderDetailsPath(order.id)} fw={600} size="sm" onClick={(e) => e.stopPropagation()}>
        {order.usaFileNumber}
      </Anchor>
      {order.appraiserUnreadMessages > 0 ? <UnreadBadge count={order.appraiserUnreadMessages} /> : null}
    </Group>
  );
}

/** An order offered to the appraiser is still unassigned: it reads Offered, until when, rather than its status. */
function StatusCell({ order, timeZone }: { order: OrderDashboardItem; timeZone?: string | null }) {
  return (
    <Stack gap={4} align="flex-start">
      <StatusBadge statusId={order.statusId} label={order.offeredUntil ? 'Offered' : order.orderStatus} />
      {order.offeredUntil ? (
        <Text span size="xs" c="gray.8">
          until {formatDateAndTime(order.offeredUntil, timeZone)}
        </Text>
      ) : null}
      {order.attentionIndicator ? <AttentionBadge indicator={order.attentionIndicator} /> : null}
    </Stack>
  );
}

function Property({ order }: { order: OrderDashboardItem }) {
  return (
    <Stack gap={0}>
      <Text span size="sm">
        {order.propertyAddressLine1}
      </Text>
      <Text span size="xs" c="dimmed">
        {order.propertyCity}, {order.propertyStateCode} {order.propertyZip}
      </Text>
    </Stack>
  );
}

export interface OrdersTableProps extends RowContext {
  orders: OrderDashboardItem[];
  sort: Sort | null;
  onSort: (field: SortField) => void;
  /** Show the Assigned and Inspected columns. */
  large: boolean;
  caption?: ReactNode;
}

/** The desktop orders table: sortable header buttons, clickable rows. */
export function OrdersTable({ orders, sort, onSort, large, todayIso, timeZone }: OrdersTableProps) {
  const navigate = useNavigate();
  const columns = COLUMNS.filter((c) => large || !c.largeOnly);
  const open = (id: number) => navigate(orderDetailsPath(id));
  const onKey = (e: KeyboardEvent, id: number) => {
    if (e.key === 'Enter' && e.target === e.currentTarget) {
      e.preventDefault();
      open(id);
    }
  };
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table highlightOnHover verticalSpacing="sm" aria-label="Orders">
        <Table.Thead>
          <Table.Tr>
            {columns.map((c) => {
              const state = ariaSort(sort, c.field);
              return (
                <Table.Th key={c.field} aria-sort={state} style={{ whiteSpace: 'nowrap' }} miw={c.field === 'orderStatus' ? 170 : undefined}>
                  <UnstyledButton onClick={() => onSort(c.field)} fw={700} fz="sm" style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}>
                    {c.label}
                    <SortIcon state={state} />
                  </UnstyledButton>
                </Table.Th>
              );
            })}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {orders.map((o) => (
            <Table.Tr key={o.id} tabIndex={0} data-order-id={o.id} style={{ cursor: 'pointer' }} onClick={() => open(o.id)} onKeyDown={(e) => onKey(e, o.id)}>
              <Table.Td>
                <FileNumber order={o} />
              </Table.Td>
              <Table.Td>
                <StatusCell order={o} timeZone={timeZone} />
              </Table.Td>
              {large ? (
                <>
                  <Table.Td fz="sm">{formatDateTime(o.assignmentActualDate, timeZone)}</Table.Td>
                  <Table.Td fz="sm">{formatDateTime(o.inspectionActualDate, timeZone)}</Table.Td>
                </>
              ) : null}
              <Table.Td>
                <DueDate value={o.appraiserDueDate} todayIso={todayIso} />
              </Table.Td>
              <Table.Td>
                <Property order={o} />
              </Table.Td>
              <Table.Td fz="sm">{o.borrowerName}</Table.Td>
              <Table.Td fz="sm">{o.appraiserName ?? ''}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group gap={6} wrap="nowrap" align="flex-start">
      <Text span size="sm" fw={600} miw={80}>
        {label}
      </Text>
      <Box fz="sm">{children}</Box>
    </Group>
  );
}

function OrderCard({ order, todayIso, timeZone }: { order: OrderDashboardItem } & RowContext) {
  const [expanded, setExpanded] = useState(false);
  const detailsId = useId();
  return (
    <Card component="li" withBorder radius="md" padding="sm" data-order-id={order.id}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <FileNumber order={order} />
          <StatusCell order={order} timeZone={timeZone} />
        </Group>
        <Field label="Due Date">
          <DueDate value={order.appraiserDueDate} todayIso={todayIso} />
        </Field>
        <Field label="Property">
          <Property order={order} />
        </Field>
        <Field label="Borrower">{order.borrowerName}</Field>
        <Collapse expanded={expanded} id={detailsId}>
          <Stack gap="xs">
            <Field label="Appraiser">{order.appraiserName ?? ''}</Field>
            <Field label="Assigned">{formatDateTime(order.assignmentActualDate, timeZone)}</Field>
            <Field label="Inspected">{formatDateTime(order.inspectionActualDate, timeZone)}</Field>
          </Stack>
        </Collapse>
        <Button variant="subtle" size="compact-sm" aria-expanded={expanded} aria-controls={detailsId} onClick={() => setExpanded((v) => !v)}>
          {expanded ? 'Hide details' : 'Show details'}
          <VisuallyHidden> of order {order.usaFileNumber}</VisuallyHidden>
        </Button>
      </Stack>
    </Card>
  );
}

/** The mobile layout: one card per order; a card expands to show Appraiser, Assigned and Inspected. */
export function OrderCards({ orders, todayIso, timeZone }: { orders: OrderDashboardItem[] } & RowContext) {
  return (
    <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Orders">
      {orders.map((o) => (
        <OrderCard key={o.id} order={o} todayIso={todayIso} timeZone={timeZone} />
      ))}
    </Stack>
  );
}
