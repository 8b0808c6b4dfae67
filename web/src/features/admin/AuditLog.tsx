import { Alert, Button, Group, Pagination, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import dayjs from 'dayjs';
import { useId, useState, type FormEvent } from 'react';
import { useAuditLog, type AuditEntry, type AuditFilter } from './api';
import { AUDIT_ACTIONS } from './constants';

const ACTION_OPTIONS = AUDIT_ACTIONS.map((a) => ({ value: a, label: a }));

function formatAt(at: string): string {
  const d = dayjs(at);
  return d.isValid() ? d.format('YYYY-MM-DD HH:mm:ss') : at;
}

function AuditRow({ entry }: { entry: AuditEntry }) {
  return (
    <Table.Tr>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        <time dateTime={entry.at}>{formatAt(entry.at)}</time>
      </Table.Td>
      <Table.Td>{entry.action}</Table.Td>
      <Table.Td>{entry.actorUserId ?? '-'}</Table.Td>
      <Table.Td>{entry.subjectUserId ?? '-'}</Table.Td>
      <Table.Td style={{ overflowWrap: 'anywhere', minWidth: '12rem' }}>{entry.detail || '-'}</Table.Td>
      <Table.Td>{entry.ip || '-'}</Table.Td>
    </Table.Tr>
  );
}

/** The audit log (design: Secret administrator), newest first, filterable and paged. */
export function AuditLog() {
  const titleId = useId();
  const [userIdText, setUserIdText] = useState('');
  const [action, setAction] = useState<string | null>(null);
  const [filter, setFilter] = useState<AuditFilter>({ userId: null, action: null, page: 1 });
  const [userIdError, setUserIdError] = useState<string | null>(null);
  const { data, isPending, isError, error, isFetching, refetch } = useAuditLog(filter);

  const apply = (e: FormEvent) => {
    e.preventDefault();
    const text = userIdText.trim();
    if (text && !/^\d+$/.test(text)) {
      setUserIdError('User id must be a number');
      return;
    }
    setUserIdError(null);
    setFilter({ userId: text ? Number(text) : null, action, page: 1 });
  };

  const reset = () => {
    setUserIdText('');
    setAction(null);
    setUserIdError(null);
    setFilter({ userId: null, action: null, page: 1 });
  };

  const totalPages = Math.max(1, data?.totalPages ?? 1);

  return (
    <Stack gap="sm" component="section" aria-labelledby={titleId}>
      <Group justify="space-between" align="center">
        <Title order={2} id={titleId}>
          Audit log
        </Title>
        <Button variant="default" size="xs" onClick={() => void refetch()} disabled={isFetching}>
          Refresh
        </Button>
      </Group>
      <form onSubmit={apply} noValidate aria-label="Filter audit log">
        <Group align="flex-end" gap="sm" wrap="wrap">
          <TextInput
            label="User id"
            description="Acting or concerned user"
            inputMode="numeric"
            value={userIdText}
            error={userIdError}
            onChange={(e) => setUserIdText(e.currentTarget.value)}
            w={180}
          />
          <Select
            label="Action"
            description="All actions when empty"
            data={ACTION_OPTIONS}
            value={action}
            onChange={setAction}
            clearable
            searchable
            w={260}
            clearButtonProps={{ 'aria-label': 'Clear action' }}
          />
          <Group gap="xs">
            <Button type="submit">Apply filters</Button>
            <Button variant="default" onClick={reset}>
              Reset
            </Button>
          </Group>
        </Group>
      </form>

      {isPending ? (
        <Text role="status">Loading audit log...</Text>
      ) : isError ? (
        <Alert color="red" variant="light" role="alert">
          {error.message}
        </Alert>
      ) : data.items.length === 0 ? (
        <Text c="gray.8">No audit entries found.</Text>
      ) : (
        <>
          <Text size="sm" role="status">
            {data.totalItems} {data.totalItems === 1 ? 'entry' : 'entries'}, newest first. Page {filter.page} of {totalPages}.
          </Text>
          <div role="region" aria-label="Audit log entries" tabIndex={0} style={{ overflowX: 'auto' }}>
            <Table striped withTableBorder miw={760} aria-labelledby={titleId}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Time</Table.Th>
                  <Table.Th scope="col">Action</Table.Th>
                  <Table.Th scope="col">Actor id</Table.Th>
                  <Table.Th scope="col">Subject id</Table.Th>
                  <Table.Th scope="col">Detail</Table.Th>
                  <Table.Th scope="col">IP</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.items.map((entry) => (
                  <AuditRow key={entry.id} entry={entry} />
                ))}
              </Table.Tbody>
            </Table>
          </div>
          {totalPages > 1 ? (
            <nav aria-label="Audit log pages">
              <Pagination
                total={totalPages}
                value={filter.page}
                onChange={(page) => setFilter((f) => ({ ...f, page }))}
                siblings={1}
                boundaries={1}
                getItemProps={(page) => ({ 'aria-label': `Page ${page}` })}
                getControlProps={(control) => ({
                  'aria-label': { first: 'First page', last: 'Last page', next: 'Next page', previous: 'Previous page' }[control],
                })}
              />
            </nav>
          ) : null}
        </>
      )}
    </Stack>
  );
}
