import { Alert, Anchor, Badge, Button, Group, Menu, Skeleton, Stack, Tabs, Text, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { StatusBadge } from '../../components/OrderBadges';
import { useAppConfig } from '../../lib/appConfig';
import { isClosedStatus, statusLabel } from '../../lib/orderStatus';
import { actionDialogs, hasDialog } from './details/actionDialogs';
import type { ActionOutcome, DialogAction } from './details/actions/types';
import { FileNoteDialog } from './details/actions/SimpleDialogs';
import { AttachFilesDialog } from './details/actions/UploadFilesDialog';
import { useLeavingOrder, useSetVisibility } from './details/actions/useOrderAction';
import { orderDetailsQuery, useMarkMessagesRead, parseOrderId, printOrder } from './details/api';
import { FilesTab, HistoryTab, MessagesTab } from './details/ListTabs';
import { ClientMessages } from './details/ClientMessages';
import { InternalNotes } from './details/InternalNotes';
import { OfferCard } from './details/OfferCard';
import { ReportDataCard } from './details/ReportDataCard';
import { SchedulingLinkCard } from './details/SchedulingLinkCard';
import { FairLanguageCard } from './details/FairLanguageCard';
import { PrecheckCard } from './details/PrecheckCard';
import { ReviewRecords } from './details/ReviewRecords';
import { OrderDetailsTab } from './details/OrderDetailsTab';
import { orderArea, type OrderArea } from './details/paths';
import { actionLabel, resolveSegment, TABS, type TabSlug } from './details/slugs';
import { useStaffView } from './details/staffView';
import { AssignmentDecisionCard } from './details/AssignmentDecisionCard';
import type { OrderDetails, OrderFile } from './details/types';
import { BackIcon, ChevronDownIcon, PrinterIcon } from '../../components/icons';
import { OutcomePage, PageLoadFailed } from '../../components/LoadStates';
import { OrderHeading } from '../../components/OrderHeading';

export const MSG_INVALID_ORDER_ID = 'Invalid Order ID';
export const MSG_ORDER_NOT_FOUND = 'Order Not Found';
export const MSG_RETURN_TO_ORDERS = 'Return to Orders';

function BackButton({ area }: { area: OrderArea }) {
  return (
    <Button component={Link} to={area.dashboard} variant="subtle" leftSection={<BackIcon />} px="xs" w="fit-content">
      Back to Dashboard
    </Button>
  );
}

function LoadingOrder() {
  return (
    <Stack gap="md" aria-busy="true" data-testid="order-loading">
      <VisuallyHidden role="status">Loading order</VisuallyHidden>
      <Skeleton h={36} w={260} />
      <Skeleton h={20} w={140} />
      <Skeleton h={40} />
      <Skeleton h={240} />
    </Stack>
  );
}

function ActionsMenu({ order, onChoose, staffView }: { order: OrderDetails; onChoose: (action: DialogAction) => void; staffView: boolean }) {
  // Actions done elsewhere on the page (SET_VISIBILITY: the hide/show control of each row) have no
  // dialog; staff attach files with their own button, at any status.
  const menuActions = (order.availableActions ?? []).filter(hasDialog).filter((a) => !(staffView && a === 'UPLOAD_FILES'));
  if (!menuActions.length) return null;
  return (
    <Menu position="bottom-end" withinPortal shadow="md" withInitialFocusPlaceholder={false}>
      <Menu.Target>
        <Button rightSection={<ChevronDownIcon />}>Actions</Button>
      </Menu.Target>
      <Menu.Dropdown>
        {menuActions.map((a) => (
          <Menu.Item key={a} onClick={() => onChoose(a)} data-action={a}>
            {actionLabel(a, order.wasPreviouslyScheduled)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

/**
 * Staff (offered SET_VISIBILITY) hide an item of the order from appraisers or show it again; null
 * for everyone else. Given the kind of item, answers the toggle of one item.
 */
function useToggleHidden(order: OrderDetails) {
  const setHidden = useSetVisibility(order.id);
  if (!order.availableActions?.includes('SET_VISIBILITY')) return null;
  return (kind: 'history' | 'file' | 'message') => async (item: { id: number; hide: boolean }) => {
    await setHidden({ kind, itemId: item.id, hide: !item.hide });
  };
}

function PrintButton({ orderId }: { orderId: number }) {
  const [busy, setBusy] = useState(false);
  const print = async () => {
    setBusy(true);
    try {
      await printOrder(orderId);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="default" leftSection={<PrinterIcon />} loading={busy} onClick={() => void print()}>
      Print Order
    </Button>
  );
}

function OrderView({ order, segment, area }: { order: OrderDetails; segment: string | undefined; area: OrderArea }) {
  const navigate = useNavigate();
  const config = useAppConfig().data;
  const timeZone = config?.companyTimeZone ?? null;
  const mobile = useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false });
  const meaning = resolveSegment(segment, order.availableActions ?? []);
  const tab = meaning.tab;
  const [openAction, setOpenAction] = useState<DialogAction | null>(null);
  const base = area.order(order.id);

  // An action slug in the URL opens that action's dialog (when it has one).
  const urlAction = meaning.kind === 'action' ? meaning.action : null;
  useEffect(() => {
    if (urlAction && hasDialog(urlAction)) setOpenAction(urlAction);
  }, [urlAction]);

  // Opening the Messages tab marks the caller's messages read; the dashboard's unread badges follow.
  useMarkMessagesRead(order.id, tab === 'messages');

  const showTab = (slug: TabSlug) => void navigate(`${base}/${slug}`, { replace: true });

  const closeDialog = () => {
    setOpenAction(null);
    if (urlAction) void navigate(base, { replace: true });
  };
  // The dialog's action has reloaded what it changed (see useOrderAction).
  const actionDone = (outcome?: ActionOutcome) => {
    setOpenAction(null);
    if (outcome?.leaveTo === 'dashboard') {
      void navigate(area.dashboard);
      return;
    }
    if (outcome?.tab) showTab(outcome.tab);
    else if (urlAction) void navigate(base, { replace: true });
  };
  const chooseAction = (action: DialogAction) => setOpenAction(action);
  const staffView = useStaffView();
  // A staff upload only attaches files (no status change), at any status: its own dialog.
  const Dialog = openAction ? (staffView && openAction === 'UPLOAD_FILES' ? AttachFilesDialog : actionDialogs[openAction]) : undefined;
  // A note about a file is a message: offered from the Files tab when SEND_MESSAGE is.
  const [noteFile, setNoteFile] = useState<OrderFile | null>(null);
  const mayNote = order.availableActions?.includes('SEND_MESSAGE');
  const toggleHidden = useToggleHidden(order);

  return (
    <Stack gap="md">
      <BackButton area={area} />
      <OrderHeading
        fileNumber={order.fileNumber}
        details={
          <>
            <Group gap="sm" wrap="wrap">
              <Text c="gray.8" fw={600}>
                Order ID: {order.id}
              </Text>
              <StatusBadge statusId={order.statusId} label={statusLabel(order.orderStatus)} />
              {order.rush ? (
                <Badge color="red.9" variant="filled" tt="none" data-testid="order-rush">
                  Rush
                </Badge>
              ) : null}
            </Group>
            <Text size="sm" c="gray.8">
              {order.propertyAddress}
            </Text>
            {order.source ? (
              <Text size="sm" c="gray.8" data-testid="order-source">
                Source: {order.source}
              </Text>
            ) : null}
          </>
        }
      >
        <Group gap="sm">
          <ActionsMenu order={order} onChoose={chooseAction} staffView={staffView} />
          {staffView && !isClosedStatus(order.statusId) ? (
            <Button component={Link} to={`/staff/orders/${order.id}/edit`} variant="default">
              Edit Order
            </Button>
          ) : null}
          {staffView ? (
            <Button variant="default" onClick={() => chooseAction('UPLOAD_FILES')}>
              Attach Files
            </Button>
          ) : null}
          <PrintButton orderId={order.id} />
        </Group>
      </OrderHeading>

      {order.clientCancelRequest && !isClosedStatus(order.statusId) ? (
        <Alert color="red.9" variant="outline" title="Cancellation requested by the client" role="alert">
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            Reason: {order.clientCancelRequest}
          </Text>
        </Alert>
      ) : null}

      {order.offer ? <OfferCard offer={order.offer} timeZone={timeZone} /> : null}

      <Tabs value={tab} onChange={(v) => v && showTab(v as TabSlug)} keepMounted={false}>
        <Tabs.List aria-label="Order sections">
          {TABS.map((t) => (
            <Tabs.Tab key={t.slug} value={t.slug} data-slug={t.slug}>
              {t.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="order-details" pt="md">
          <Stack gap="md">
            <OrderDetailsTab order={order} timeZone={timeZone} tileUrl={config?.mapTileUrl || null} />
            <SchedulingLinkCard order={order} timeZone={timeZone} />
            {staffView ? <AssignmentDecisionCard orderId={order.id} timeZone={timeZone} /> : null}
            <ReportDataCard orderId={order.id} staff={staffView} />
            <FairLanguageCard orderId={order.id} staff={staffView} timeZone={timeZone} />
            {!staffView && order.availableActions?.includes('UPLOAD_FILES') ? <PrecheckCard /> : null}
            <ReviewRecords order={order} staff={staffView} timeZone={timeZone} />
            {staffView && order.clientId != null ? <ClientMessages orderId={order.id} timeZone={timeZone} /> : null}
            {staffView ? <InternalNotes orderId={order.id} timeZone={timeZone} /> : null}
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="histories" pt="md">
          <HistoryTab items={order.histories} timeZone={timeZone} mobile={mobile} onToggleHidden={toggleHidden?.('history')} />
        </Tabs.Panel>
        <Tabs.Panel value="files" pt="md">
          <FilesTab items={order.files} timeZone={timeZone} mobile={mobile} onNote={mayNote ? setNoteFile : undefined} onToggleHidden={toggleHidden?.('file')} />
        </Tabs.Panel>
        <Tabs.Panel value="messages" pt="md">
          <MessagesTab items={order.messages} timeZone={timeZone} mobile={mobile} onToggleHidden={toggleHidden?.('message')} />
        </Tabs.Panel>
      </Tabs>

      {Dialog && openAction ? <Dialog order={order} action={openAction} opened onClose={closeDialog} onDone={actionDone} /> : null}
      {noteFile ? (
        <FileNoteDialog
          order={order}
          action="SEND_MESSAGE"
          file={noteFile}
          opened
          onClose={() => setNoteFile(null)}
          onDone={(o) => {
            setNoteFile(null);
            actionDone(o);
          }}
        />
      ) : null}
    </Stack>
  );
}

function OrderLoader({ id, segment, area }: { id: number; segment: string | undefined; area: OrderArea }) {
  const query = useQuery(orderDetailsQuery(id));
  const leaving = useLeavingOrder(id);
  if (query.isPending) return <LoadingOrder />;
  if (query.isError) {
    return (
      <PageLoadFailed title="Order" query={query}>
        <BackButton area={area} />
      </PageLoadFailed>
    );
  }
  const load = query.data;
  switch (load.state) {
    case 'loaded':
      return <OrderView order={load.order} segment={segment} area={area} />;
    case 'invalid':
      return <InvalidOrderId area={area} />;
    case 'not-found':
      return (
        <OutcomePage title={MSG_ORDER_NOT_FOUND}>
          <Text c="gray.8">Order {id} could not be found.</Text>
          <Button component={Link} to={area.dashboard} w="fit-content">
            {MSG_RETURN_TO_ORDERS}
          </Button>
        </OutcomePage>
      );
    case 'no-longer-available':
      // The caller's own rejection is under way: its answer takes them to the dashboard.
      return leaving ? <LoadingOrder /> : <Navigate to={area.noLongerAvailable(id)} replace />;
    case 'forbidden':
      // The generic 403 handling has already sent the user to /forbidden.
      return <LoadingOrder />;
  }
}

function InvalidOrderId({ area }: { area: OrderArea }) {
  return (
    <OutcomePage title={MSG_INVALID_ORDER_ID}>
      <Text c="gray.8">The order link is not valid. Order IDs are numbers.</Text>
      <Button component={Link} to={area.dashboard} w="fit-content">
        {MSG_RETURN_TO_ORDERS}
      </Button>
    </OutcomePage>
  );
}

/** /appraiser/orderdetails/{id}[/{action}] (and the same under /staff): an {action} slug naming an available action opens its dialog, any other is a tab. */
export function OrderDetailsPage() {
  const { id: rawId, action } = useParams();
  const area = orderArea(useLocation().pathname);
  const id = parseOrderId(rawId);
  if (id === null) return <InvalidOrderId area={area} />;
  return <OrderLoader key={id} id={id} segment={action} area={area} />;
}

/** /appraiser/orderdetails/{id}/no-longer-available: for an invited appraiser who lost the order (docs/domain.md#visibility). */
export function OrderNoLongerAvailablePage() {
  const { id } = useParams();
  const area = orderArea(useLocation().pathname);
  return (
    <OutcomePage title={`Order ${id ?? ''} is no longer available`}>
      <Text c="gray.8">This order is no longer assigned to you, so its details cannot be shown.</Text>
      <Anchor component={Link} to={area.dashboard}>
        Go to Dashboard
      </Anchor>
    </OutcomePage>
  );
}
