import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { CopyField } from './CopyField';

export const MSG_SHOWN_ONCE = 'Copy it now and keep it somewhere safe: it will not be shown again.';

interface SecretOnceDialogProps {
  title: string;
  /** The secret's name ("API key", "Signing secret"). */
  label: string;
  /** The secret, or null while no dialog is open. */
  secret: string | null;
  /** What to do with it (where it goes). */
  hint?: string;
  onClose: () => void;
}

/** A secret the server shows only once (a new API key, a webhook endpoint's signing secret), with a copy button. */
export function SecretOnceDialog({ title, label, secret, hint, onClose }: SecretOnceDialogProps) {
  return (
    <Modal opened={secret !== null} onClose={onClose} title={title} centered size="lg" closeButtonProps={{ 'aria-label': 'Close' }}>
      <Stack gap="sm">
        <Alert color="red.9" variant="outline" title="Shown only once">
          {MSG_SHOWN_ONCE}
        </Alert>
        {secret !== null ? <CopyField label={label} value={secret} /> : null}
        {hint ? (
          <Text size="sm" c="gray.8">
            {hint}
          </Text>
        ) : null}
        <Group justify="flex-end">
          <Button onClick={onClose}>Done</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
