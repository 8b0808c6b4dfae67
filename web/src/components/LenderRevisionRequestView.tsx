import { Card, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type { Schemas } from '../lib/api';
import { formatDateAndTime } from '../lib/dates';

/**
 * A lender's revision request (docs/domain.md#quality-review-and-revisions): corrections of the
 * delivered report, item by item, as the lender's order page and staff's show it.
 */
export type LenderRevisionRequest = Schemas['LenderRevisionRequest'];

export const MSG_NOT_FORWARDED = 'Not sent to the appraiser yet';

const WRAP = { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' } as const;

/** Request `number` (from 1, oldest first): who asked and when, when staff sent it to the appraiser, the message and the items; `children` under them. */
export function LenderRevisionRequestView({
  request,
  number,
  timeZone,
  children,
}: {
  request: LenderRevisionRequest;
  number: number;
  timeZone: string | null;
  children?: ReactNode;
}) {
  const title = `Request ${number}`;
  return (
    <Card withBorder radius="md" padding="sm" component="section" aria-label={title} data-revision-request-id={request.id}>
      <Stack gap="xs">
        <Title order={3} size="h5">
          {title}
        </Title>
        <Text size="sm" c="gray.8">{`Requested by ${request.requester} on ${formatDateAndTime(request.createdAt, timeZone)}`}</Text>
        <Text size="sm" fw={600}>
          {request.forwardedAt ? `Sent to the appraiser on ${formatDateAndTime(request.forwardedAt, timeZone)}` : MSG_NOT_FORWARDED}
        </Text>
        {request.message ? (
          <Text size="sm" style={WRAP}>
            {request.message}
          </Text>
        ) : null}
        <Stack component="ol" gap="xs" m={0} pl="md" aria-label={`Items of ${title.toLowerCase()}`}>
          {request.items.map((item, i) => (
            <Text component="li" size="sm" key={i} style={WRAP}>
              <Text span fw={600} size="sm">{`${item.reference}: `}</Text>
              {item.text}
            </Text>
          ))}
        </Stack>
        {children}
      </Stack>
    </Card>
  );
}
