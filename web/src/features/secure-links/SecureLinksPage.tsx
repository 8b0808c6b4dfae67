import { Alert, Anchor, Badge, Button, Card, Center, Group, Loader, Modal, Skeleton, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useAppConfig } from '../../lib/appConfig';
import { formatDateAndTime } from '../../lib/dates';
import { formatFileSize } from '../../lib/fileSize';
import { downloadFromStream } from '../../lib/fileTransfer';
import { markViewed, MSG_LINK_NOT_FOUND, MSG_LINKS_FAILED, MSG_NO_LINKS, secureLinksQuery, type SecureLink, type SecureLinkAttachment } from './api';
import { RefreshIcon } from '../../components/icons';

const LIST = '/appraiser/secure-links';

function ViewState({ link, timeZone }: { link: SecureLink; timeZone?: string | null }) {
  return link.viewDateTime ? (
    <Text size="sm">Viewed {formatDateAndTime(link.viewDateTime, timeZone)}</Text>
  ) : (
    <Badge color="blue.9" variant="filled">
      Unread
    </Badge>
  );
}

function LinksTable({ links, onOpen, timeZone }: { links: SecureLink[]; onOpen: (id: number) => void; timeZone?: string | null }) {
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table striped highlightOnHover withTableBorder aria-label="Secure links">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>File #</Table.Th>
            <Table.Th>Subject</Table.Th>
            <Table.Th>From</Table.Th>
            <Table.Th>Sent</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {links.map((l) => (
            <Table.Tr key={l.id} data-unread={!l.viewDateTime || undefined} fw={l.viewDateTime ? undefined : 700}>
              <Table.Td>{l.usaFileNumber}</Table.Td>
              <Table.Td>
                {l.subject}
                {l.attachments.length > 0 ? (
                  <Text span size="xs" c="gray.7" ml={6}>
                    ({l.attachments.length} {l.attachments.length === 1 ? 'attachment' : 'attachments'})
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td>{l.senderName}</Table.Td>
              <Table.Td>{formatDateAndTime(l.sentDateTime, timeZone)}</Table.Td>
              <Table.Td>
                <ViewState link={l} timeZone={timeZone} />
              </Table.Td>
              <Table.Td>
                <Button size="xs" variant="light" onClick={() => onOpen(l.id)} aria-label={`View ${l.subject}`} aria-haspopup="dialog">
                  View
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function LinkCards({ links, onOpen, timeZone }: { links: SecureLink[]; onOpen: (id: number) => void; timeZone?: string | null }) {
  return (
    <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Secure links">
      {links.map((l) => (
        <li key={l.id}>
          <Card component="article" withBorder radius="md" padding="sm" aria-labelledby={`link-${l.id}`} data-unread={!l.viewDateTime || undefined}>
            <Stack gap={6}>
              <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
                <Title order={2} size="h5" id={`link-${l.id}`} style={{ overflowWrap: 'anywhere' }}>
                  {l.subject}
                </Title>
                <ViewState link={l} timeZone={timeZone} />
              </Group>
              <Text size="sm">
                File # {l.usaFileNumber} · From {l.senderName}
              </Text>
              <Text size="sm" c="gray.8">
                Sent {formatDateAndTime(l.sentDateTime, timeZone)}
                {l.attachments.length > 0 ? ` · ${l.attachments.length} ${l.attachments.length === 1 ? 'attachment' : 'attachments'}` : ''}
              </Text>
              <Group>
                <Button size="xs" variant="light" onClick={() => onOpen(l.id)} aria-label={`View ${l.subject}`} aria-haspopup="dialog">
                  View
                </Button>
              </Group>
            </Stack>
          </Card>
        </li>
      ))}
    </Stack>
  );
}

/**
 * An attachment's name, which downloads it through the shared file transfer: a refusal has the
 * handling of every call (401: sign in again, 403: /forbidden), any other failure a notice.
 */
function AttachmentLink({ attachment: a }: { attachment: SecureLinkAttachment }) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await downloadFromStream(a.downloadUrl, a.fileName, a.fileSize);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Anchor component="button" type="button" size="sm" onClick={() => void download()} disabled={busy} aria-busy={busy} aria-label={`Download ${a.fileName}`}>
      {a.fileName}
    </Anchor>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <Text size="sm" fw={700} style={{ flex: '0 0 5.5rem' }}>
        {label}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
        {children}
      </Text>
    </Group>
  );
}

/** The 'Secure Link Details' dialog; opening it marks the link viewed (once, on the server). */
function LinkDialog({ id, cached, onClose }: { id: number; cached?: SecureLink; onClose: () => void }) {
  const queryClient = useQueryClient();
  const timeZone = useAppConfig().data?.companyTimeZone;
  const [link, setLink] = useState<SecureLink | undefined>(cached);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    markViewed(queryClient, id)
      .then((l) => live && setLink(l))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [id, queryClient]);

  return (
    <Modal opened onClose={onClose} title="Secure Link Details" size="lg" centered closeButtonProps={{ 'aria-label': 'Close' }}>
      {failed && !link ? (
        <Alert color="red" variant="light" role="alert">
          {MSG_LINK_NOT_FOUND}
        </Alert>
      ) : !link ? (
        <Center py="lg">
          <Loader size="sm" aria-label="Loading secure link" />
        </Center>
      ) : (
        <Stack gap="sm">
          <Title order={3} size="h4">
            {link.subject}
          </Title>
          <Stack gap={4}>
            <Detail label="File #">{link.usaFileNumber}</Detail>
            <Detail label="From">
              {link.senderName} (<Anchor href={`mailto:${link.senderEmail}`}>{link.senderEmail}</Anchor>)
            </Detail>
            <Detail label="To">{link.recipientEmail}</Detail>
            <Detail label="Sent">{formatDateAndTime(link.sentDateTime, timeZone)}</Detail>
            <Detail label="Viewed">{formatDateAndTime(link.viewDateTime, timeZone) || 'Not yet'}</Detail>
          </Stack>
          <Card withBorder radius="sm" padding="sm" bg="gray.0">
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="secure-link-message">
              {link.message}
            </Text>
          </Card>
          <div>
            <Text fw={700} size="sm" mb={4}>
              Attachments
            </Text>
            {link.attachments.length === 0 ? (
              <Text size="sm" c="gray.8">
                No attachments.
              </Text>
            ) : (
              <Stack component="ul" gap={4} p={0} m={0} style={{ listStyle: 'none' }}>
                {link.attachments.map((a) => (
                  <li key={a.id}>
                    <AttachmentLink attachment={a} />{' '}
                    <Text span size="xs" c="gray.7">
                      ({formatFileSize(a.fileSize)})
                    </Text>
                  </li>
                ))}
              </Stack>
            )}
          </div>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Close
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

function LoadingRows() {
  return (
    <Stack gap={6} aria-busy="true" data-testid="secure-links-skeleton">
      <VisuallyHidden role="status">Loading secure links</VisuallyHidden>
      {Array.from({ length: 4 }, (_, i) => (
        <Skeleton key={i} height={44} radius="sm" />
      ))}
    </Stack>
  );
}

/** Secure Links (/appraiser/secure-links[/:secureLinkId]; docs/domain.md#secure-links). */
export function SecureLinksPage() {
  const { secureLinkId } = useParams();
  const navigate = useNavigate();
  const query = useQuery(secureLinksQuery());
  const mobile = useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false });
  const timeZone = useAppConfig().data?.companyTimeZone;
  const links = query.data ?? [];
  const openId = secureLinkId && /^\d+$/.test(secureLinkId) ? Number(secureLinkId) : null;
  const open = (id: number) => void navigate(`${LIST}/${id}`);
  const close = () => void navigate(LIST);

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" wrap="wrap" gap="sm">
        <Title order={1}>Secure Links</Title>
        <Button variant="default" leftSection={<RefreshIcon />} onClick={() => void query.refetch()} loading={query.isFetching && !query.isPending}>
          Refresh
        </Button>
      </Group>
      {query.isPending ? (
        <LoadingRows />
      ) : query.isError ? (
        <Alert color="red" variant="light" role="alert">
          {MSG_LINKS_FAILED}
        </Alert>
      ) : links.length === 0 ? (
        <Text c="gray.8" py="lg" role="status">
          {MSG_NO_LINKS}
        </Text>
      ) : mobile ? (
        <LinkCards links={links} onOpen={open} timeZone={timeZone} />
      ) : (
        <LinksTable links={links} onOpen={open} timeZone={timeZone} />
      )}
      {secureLinkId !== undefined ? (
        openId === null ? (
          <Modal opened onClose={close} title="Secure Link Details" centered closeButtonProps={{ 'aria-label': 'Close' }}>
            <Alert color="red" variant="light" role="alert">
              {MSG_LINK_NOT_FOUND}
            </Alert>
          </Modal>
        ) : (
          <LinkDialog key={openId} id={openId} cached={links.find((l) => l.id === openId)} onClose={close} />
        )
      ) : null}
    </Stack>
  );
}
