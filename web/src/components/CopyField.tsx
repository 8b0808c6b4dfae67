import { Button, CopyButton, Group, TextInput } from '@mantine/core';

/** A value to copy (a link, a key): read-only, selected on focus, with a Copy button. */
export function CopyField({ label, value }: { label: string; value: string }) {
  return (
    <Group align="end" wrap="nowrap">
      <TextInput
        label={label}
        readOnly
        value={value}
        style={{ flex: 1, minWidth: 0 }}
        onFocus={(e) => e.currentTarget.select()}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
      />
      <CopyButton value={value}>
        {({ copied, copy }) => (
          <Button variant="default" onClick={copy} aria-label={copied ? `${label} copied` : `Copy ${label}`}>
            {copied ? 'Copied' : 'Copy'}
          </Button>
        )}
      </CopyButton>
    </Group>
  );
}
