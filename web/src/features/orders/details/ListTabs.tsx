import { Badge, Button, Card, Group, Stack, Table, Text } from '@mantine/core';
import { CardList } from '../../../components/CardList';
import { EmptyState } from '../../../components/DataDisplay';
import { FileActions } from '../../../components/FileActions';
import { ResponsiveTable, type Column } from '../../../components/ResponsiveTable';
import { formatFileSize } from '../../../lib/fileSize';
import { downloadOrderFile, viewOrderFile } from './api';
import { formatDateAndTime } from '../../../lib/dates';
import { personName } from './format';
import { ServerHtml } from './parts';
import type { HistoryEntry, OrderFile, OrderMessage } from './types';
import { visibleList } from './visible';

export interface ListTabProps<T> {
  items: T[];
  timeZone: string | null;
  /** Cards instead of a table (small screens). */
  mobile: boolean;
  /** Staff: every item is listed, each with a control that hides it from appraisers or shows it again. */
  onToggleHidden?: (item: T) => void;
}

/** Whether appraisers see an item, and the button that changes it (staff only). */
function HiddenToggle({ hidden, what, onToggle }: { hidden: boolean; what: string; onToggle: () => void }) {
  return (
    <Group gap={6} wrap="nowrap">
      {hidden ? (
        <Badge size="sm" color="gray.8" variant="filled" tt="none">
          Hidden from appraisers
        </Badge>
      ) : null}
      <Button size="compact-sm" variant="subtle" aria-label={`${hidden ? 'Show' : 'Hide'} ${what} ${hidden ? 'to' : 'from'} appraisers`} onClick={onToggle}>
        {hidden ? 'Show' : 'Hide'}
      </Button>
    </Group>
  );
}

// ---- History ---------------------------------------------------------------------------------

export function HistoryTab({ items, timeZone, mobile, onToggleHidden }: ListTabProps<HistoryEntry>) {
  const { items: shown, empty } = visibleList('histories', items, !!onToggleHidden);
  const toggle = (h: HistoryEntry) =>
    onToggleHidden ? <HiddenToggle hidden={h.hide} what={`the history entry of ${formatDateAndTime(h.statusDate, timeZone)}`} onToggle={() => onToggleHidden(h)} /> : null;
  if (empty) return <EmptyState message={empty} />;
  if (mobile) {
    return (
      <CardList label="History & Revisions">
        {shown.map((h) => (
          <Card component="li" withBorder radius="md" padding="sm" key={h.id} data-history-id={h.id}>
            <Stack gap={6}>
              <Group justify="space-between" gap="xs" wrap="wrap">
                <Badge radius="sm" tt="none" variant="light" color="blue.9">
                  {h.orderStatusDescription}
                </Badge>
                <Text size="xs" c="gray.7">
                  {formatDateAndTime(h.statusDate, timeZone)}
                </Text>
              </Group>
              {h.orderStatusMessage ? <ServerHtml html={h.orderStatusMessage} /> : null}
              {toggle(h)}
            </Stack>
          </Card>
        ))}
      </CardList>
    );
  }
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table verticalSpacing="sm" striped aria-label="History & Revisions">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={200}>Date</Table.Th>
            <Table.Th w={240}>Status</Table.Th>
            <Table.Th>Message</Table.Th>
            {onToggleHidden ? <Table.Th w={220}>Appraisers</Table.Th> : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {shown.map((h) => (
            <Table.Tr key={h.id} data-history-id={h.id}>
              <Table.Td fz="sm" style={{ whiteSpace: 'nowrap' }}>
                {formatDateAndTime(h.statusDate, timeZone)}
              </Table.Td>
              <Table.Td fz="sm" fw={600}>
                {h.orderStatusDescription}
              </Table.Td>
              <Table.Td>{h.orderStatusMessage ? <ServerHtml html={h.orderStatusMessage} /> : null}</Table.Td>
              {onToggleHidden ? <Table.Td>{toggle(h)}</Table.Td> : null}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

// ---- Files -----------------------------------------------------------------------------------

/** Opens the File Note dialog for a file (offered with SEND_MESSAGE). */
type OnNote = (file: OrderFile) => void;

function OrderFileActions({ file, onNote, onToggleHidden }: { file: OrderFile; onNote?: OnNote; onToggleHidden?: (file: OrderFile) => void }) {
  return (
    <FileActions fileName={file.fileName} onView={() => viewOrderFile(file)} onDownload={() => downloadOrderFile(file)}>
      {onToggleHidden ? <HiddenToggle hidden={file.hide} what={file.fileName} onToggle={() => onToggleHidden(file)} /> : null}
      {onNote ? (
        <Button size="compact-sm" variant="subtle" aria-label={`Add a note about ${file.fileName}`} onClick={() => onNote(file)}>
          Note
        </Button>
      ) : null}
    </FileActions>
  );
}

function fileColumns(timeZone: string | null): Column<OrderFile>[] {
  return [
    { header: 'Name', cell: (f) => f.fileName, name: true },
    { header: 'Type', cell: (f) => f.fileTypeDescription },
    { header: 'Size', cell: (f) => formatFileSize(f.fileSize), nowrap: true },
    { header: 'Uploaded By', cardLabel: 'Uploaded by', cell: (f) => personName(f.uploadedByFirstName, f.uploadedByLastName) },
    { header: 'Uploaded', cell: (f) => formatDateAndTime(f.uploadDateTime, timeZone), nowrap: true },
  ];
}

export function FilesTab({ items, timeZone, mobile, onNote, onToggleHidden }: ListTabProps<OrderFile> & { onNote?: OnNote }) {
  const { items: shown, empty } = visibleList('files', items, !!onToggleHidden);
  if (empty) return <EmptyState message={empty} />;
  return (
    <ResponsiveTable
      items={shown}
      columns={fileColumns(timeZone)}
      actions={(f) => <OrderFileActions file={f} onNote={onNote} onToggleHidden={onToggleHidden} />}
      label="Files"
      mobile={mobile}
      minWidth={760}
      idAttribute="data-file-id"
    />
  );
}

// ---- Messages --------------------------------------------------------------------------------

export function MessagesTab({ items, timeZone, mobile, onToggleHidden }: ListTabProps<OrderMessage>) {
  const { items: shown, empty } = visibleList('messages', items, !!onToggleHidden);
  const toggle = (m: OrderMessage) =>
    onToggleHidden ? <HiddenToggle hidden={m.hide} what={`the message of ${formatDateAndTime(m.dateCreated, timeZone)}`} onToggle={() => onToggleHidden(m)} /> : null;
  if (empty) return <EmptyState message={empty} />;
  if (mobile) {
    return (
      <CardList label="Messages">
        {shown.map((m) => (
          <Card component="li" withBorder radius="md" padding="sm" key={m.id} data-message-id={m.id}>
            <Stack gap={6}>
              <Group justify="space-between" gap="xs" wrap="wrap">
                <Text fw={700} size="sm">
                  {personName(m.messageFromFirstName, m.messageFromLastName)}
                </Text>
                <Text size="xs" c="gray.7">
                  {formatDateAndTime(m.dateCreated, timeZone)}
                </Text>
              </Group>
              <Text size="xs" c="gray.7" fw={600}>
                {m.messageTypeDescription}
              </Text>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {m.messageText}
              </Text>
              {toggle(m)}
            </Stack>
          </Card>
        ))}
      </CardList>
    );
  }
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table verticalSpacing="sm" striped aria-label="Messages">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={200}>Date</Table.Th>
            <Table.Th w={180}>From</Table.Th>
            <Table.Th w={180}>Type</Table.Th>
            <Table.Th>Message</Table.Th>
            {onToggleHidden ? <Table.Th w={220}>Appraisers</Table.Th> : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {shown.map((m) => (
            <Table.Tr key={m.id} data-message-id={m.id}>
              <Table.Td fz="sm" style={{ whiteSpace: 'nowrap' }}>
                {formatDateAndTime(m.dateCreated, timeZone)}
              </Table.Td>
              <Table.Td fz="sm" fw={600}>
                {personName(m.messageFromFirstName, m.messageFromLastName)}
              </Table.Td>
              <Table.Td fz="sm">{m.messageTypeDescription}</Table.Td>
              <Table.Td fz="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {m.messageText}
              </Table.Td>
              {onToggleHidden ? <Table.Td>{toggle(m)}</Table.Td> : null}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
