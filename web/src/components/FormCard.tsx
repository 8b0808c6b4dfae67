import { Paper, Stack, Title } from '@mantine/core';
import { useId, type FormEvent, type ReactNode } from 'react';

interface FormCardProps {
  title: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  maw?: number;
  children: ReactNode;
}

/** A centred card holding one form, labelled by its page heading (sign-in, reset, back-door). */
export function FormCard({ title, onSubmit, maw = 420, children }: FormCardProps) {
  const titleId = useId();
  return (
    <Stack align="center" py="xl">
      <Paper withBorder shadow="sm" p="xl" radius="md" w="100%" maw={maw}>
        <form onSubmit={onSubmit} noValidate aria-labelledby={titleId}>
          <Stack gap="md">
            <Title order={1} size="h2" id={titleId}>
              {title}
            </Title>
            {children}
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
