import { Text, Typography } from '@mantine/core';

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
