import { Typography } from '@mantine/core';

/** HTML the server has already sanitised, shown in its own container. */
export function ServerHtml({ html, testId }: { html: string; testId?: string }) {
  return (
    <Typography fz="sm" data-testid={testId} style={{ overflowWrap: 'anywhere' }}>
      <div dangerouslySetInnerHTML={{ __html: html }} />
    </Typography>
  );
}
