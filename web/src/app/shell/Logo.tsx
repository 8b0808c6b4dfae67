import { Group, Text } from '@mantine/core';

export function Logo() {
  return (
    <Group gap="xs" wrap="nowrap">
      <svg width="28" height="28" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="6" fill="#1864ab" />
        <path d="M8 22 16 9l8 13z" fill="#fff" />
      </svg>
      <Text fw={700} fz={{ base: 'md', sm: 'lg' }} c="gray.9" style={{ whiteSpace: 'nowrap' }}>
        Appraisal Portal
      </Text>
    </Group>
  );
}
