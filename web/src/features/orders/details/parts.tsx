import { Button, Group, Text, Typography } from '@mantine/core';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { InfoCard } from '../../../components/DataDisplay';

/** HTML the server has already sanitised, shown in its own container. */
export function ServerHtml({ html, testId }: { html: string; testId?: string }) {
  return (
    <Typography fz="sm" data-testid={testId} style={{ overflowWrap: 'anywhere' }}>
      <div dangerouslySetInnerHTML={{ __html: html }} />
    </Typography>
  );
}

/** Says in a card's place that its part of the order could not be loaded. */
export function CardLoadFailed({ message }: { message: string }) {
  return (
    <Text size="sm" c="red.8">
      {message}
    </Text>
  );
}

interface UntilReportProps {
  /** The order has a report: the card shows as it is. */
  reported: boolean;
  /** The card's title and test id, for its collapsed form. */
  title: string;
  testId: string;
  /** One line saying why there is nothing here yet. */
  line: string;
  /** The card. */
  children: ReactNode;
}

/**
 * A card that applies once the order has a report: before that, collapsed to its title and one
 * line, with Show to open it all the same (focus moves into it).
 */
export function UntilReport({ reported, title, testId, line, children }: UntilReportProps) {
  const [shown, setShown] = useState(false);
  const opened = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (shown) opened.current?.focus();
  }, [shown]);
  if (reported) return children;
  if (shown) {
    return (
      <div ref={opened} tabIndex={-1} style={{ outline: 'none' }}>
        {children}
      </div>
    );
  }
  return (
    <InfoCard title={title} testId={testId}>
      <Group justify="space-between" align="center" gap="sm" wrap="nowrap" data-collapsed-card>
        <Text size="sm" c="gray.8">
          {line}
        </Text>
        <Button variant="default" size="compact-sm" onClick={() => setShown(true)} aria-label={`Show ${title}`} style={{ flexShrink: 0 }}>
          Show
        </Button>
      </Group>
    </InfoCard>
  );
}
