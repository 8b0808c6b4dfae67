import { Anchor, Button, Group, List, Modal, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { type Column } from '../../../components/ResponsiveTable';
import { useAppConfig } from '../../../lib/appConfig';
import { formatDateAndTime } from '../../../lib/dates';
import { sentLinksQuery, type SentSecureLink } from './api';
import { SendSecureLinkDialog } from './SendSecureLinkDialog';
import { ListTable, type ListSpec } from '../../../components/ListTable';

export const MSG_NONE_SENT = 'No secure links have been sent yet.';

function columns(timeZone: string | null): Column<SentSecureLink>[] {
  return [
    { header: 'Subject', cell: (l) => l.subject, name: true },
    { header: 'Recipient', cell: (l) => l.recipientName },
    {
      header: 'File #',
      cell: (l) =>
        l.orderId ? (
          <Anchor component={Link} to={`/staff/orderdetails/${l.orderId}`}>
            {l.usaFileNumber}
          </Anchor>
        ) : (
          'None'
        ),
      nowrap: true,
    },
    { header: 'Attachments', cell: (l) => l.attachments.length },
    { header: 'Sent', cell: (l) => formatDateAndTime(l.sentDateTime, timeZone), nowrap: true },
    {
      header: 'Viewed',
      cell: (l) =>
        l.viewDateTime ? (
          formatDateAndTime(l.viewDateTime, timeZone)
        ) : (
          <Text span size="sm" c="gray.8">
            Not yet
          </Text>
        ),
      nowrap: true,
    },
  ];
}

/** What was sent: the message and the names of the attached files. */
function SentLinkDialog({ link, onClose }: { link: SentSecureLink; onClose: () => void }) {
  return (
    <Modal opened onClose={onClose} title={link.subject} size="lg" closeButtonProps={{ 'aria-label': 'Close' }}>
      <Stack gap="sm">
        <Text size="sm" c="gray.8">
          To {link.recipientName} ({link.recipientEmail})
        </Text>
        <Text style={{ whiteSpace: 'pre-wrap' }}>{link.message}</Text>
        {link.attachments.length > 0 ? (
          <List size="sm" aria-label="Attachments">
            {link.attachments.map((a) => (
              <List.Item key={a.id}>{a.fileName}</List.Item>
            ))}
          </List>
        ) : null}
      </Stack>
    </Modal>
  );
}

const LIST: ListSpec<SentSecureLink> = { noun: 'secure links', empty: MSG_NONE_SENT, label: 'Secure links sent', minWidth: 860, idAttribute: 'data-link-id' };

/** The secure links staff sent, newest first, with when each was first viewed; New Secure Link. */
export function StaffSecureLinksPage() {
  const config = useAppConfig();
  const sent = useQuery(sentLinksQuery());
  const [composing, setComposing] = useState(false);
  const [reading, setReading] = useState<SentSecureLink | null>(null);
  const read = (l: SentSecureLink) => (
    <Button size="compact-sm" variant="default" onClick={() => setReading(l)} aria-label={`Read ${l.subject} sent to ${l.recipientName}`}>
      Read
    </Button>
  );
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1}>Secure Links</Title>
        <Button onClick={() => setComposing(true)}>New Secure Link</Button>
      </Group>
      <Text c="gray.8">The appraiser finds the link under Secure Links and is e-mailed; Viewed shows when they first opened it.</Text>
      <ListTable {...LIST} columns={columns(config.data?.companyTimeZone ?? null)} rows={sent.data} loading={sent.isPending} actions={read} />
      {composing ? <SendSecureLinkDialog onClose={() => setComposing(false)} /> : null}
      {reading ? <SentLinkDialog link={reading} onClose={() => setReading(null)} /> : null}
    </Stack>
  );
}
