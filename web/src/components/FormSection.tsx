import { Paper, Stack, Title } from '@mantine/core';
import { useId, type ReactNode } from 'react';

/** A titled group of a long form (a region named by its title): the order forms' sections. */
export function FormSection({ title, children }: { title: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <Paper component="section" withBorder radius="md" p={{ base: 'sm', sm: 'md' }} aria-labelledby={titleId}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={titleId}>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

/** A select's choices with a first, empty "Select ..." choice. */
export const withPrompt = (prompt: string, list: { label: string; value: string }[] = []) => [{ label: prompt, value: '' }, ...list];
