import { Box, Button, Code, Divider, Group, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState, type ReactNode } from 'react';
import { notify } from '../../lib/notify';
import { AuditLog } from './AuditLog';
import { ACCESS_CODE, DECORATIVE_NOTICE, DECRYPTING_MS, DECRYPTING_TEXT, REMINDER_MS, REMINDER_TEXT } from './constants';
import { DevRefsManager } from './DevRefsManager';

/** Decorative figures of the mock dashboard: not live data. */
const FAKE_STATS = [
  { label: 'Encrypted vaults', value: '42' },
  { label: 'Active tunnels', value: '7' },
  { label: 'Firewall integrity', value: '99.9%' },
  { label: 'Coffee reserves', value: '12%' },
] as const;

const FAKE_ACTIONS = ['Run diagnostics', 'Rotate keys', 'Engage stealth mode'] as const;

const panel = {
  backgroundColor: 'var(--mantine-color-dark-7)',
  color: 'var(--mantine-color-gray-0)',
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
} as const;

/** true once `ms` have passed since mount. */
function useElapsed(ms: number): boolean {
  const [done, setDone] = useState(false);
  useEffect(() => {
    const t = window.setTimeout(() => setDone(true), ms);
    return () => window.clearTimeout(t);
  }, [ms]);
  return done;
}

/** A banner styled for the dark console (Mantine's light alerts lack contrast on it). */
function Banner({ accent, title, children }: { accent: string; title: string; children: ReactNode }) {
  const color = `var(--mantine-color-${accent.replace('.', '-')})`;
  return (
    <Box p="sm" style={{ border: `1px solid ${color}`, borderLeftWidth: 4, borderRadius: 'var(--mantine-radius-sm)', backgroundColor: 'var(--mantine-color-dark-6)' }}>
      <Text fw={700} size="sm" style={{ color }}>
        {title}
      </Text>
      {children}
    </Box>
  );
}

function MockConsole() {
  const decrypted = useElapsed(DECRYPTING_MS);
  const reminded = useElapsed(REMINDER_MS);

  return (
    <Paper p="lg" radius="md" style={panel} component="section" aria-labelledby="mock-console-title">
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={2} size="h3" id="mock-console-title" style={{ color: 'var(--mantine-color-green-4)', fontFamily: 'inherit' }}>
            Control Room
          </Title>
          <Text size="xs" style={{ color: 'var(--mantine-color-gray-4)' }}>
            Decorative demo figures, not live data.
          </Text>
        </Group>

        <div role="status" aria-live="polite" data-testid="decrypt-banner">
          {decrypted ? (
            <Banner accent="green.4" title="Decrypted">
              <Code fz="md" data-testid="access-code" style={{ backgroundColor: 'var(--mantine-color-dark-8)', color: 'var(--mantine-color-green-3)' }}>
                {ACCESS_CODE}
              </Code>
            </Banner>
          ) : (
            <Banner accent="yellow.4" title="Decrypting">
              <Group gap="xs" wrap="nowrap">
                <Loader size="xs" color="yellow.4" aria-hidden="true" />
                <Text size="sm">{DECRYPTING_TEXT}</Text>
              </Group>
            </Banner>
          )}
        </div>

        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
          {FAKE_STATS.map((s) => (
            <Paper key={s.label} p="sm" radius="sm" withBorder style={{ backgroundColor: 'var(--mantine-color-dark-8)', borderColor: 'var(--mantine-color-dark-4)' }}>
              <Text size="xs" style={{ color: 'var(--mantine-color-gray-4)' }}>
                {s.label}
              </Text>
              <Text fz="xl" fw={700} style={{ color: 'var(--mantine-color-green-4)' }}>
                {s.value}
              </Text>
            </Paper>
          ))}
        </SimpleGrid>

        <Group gap="sm" wrap="wrap">
          {FAKE_ACTIONS.map((label) => (
            <Button key={label} variant="outline" color="green.4" onClick={() => notify('info', DECORATIVE_NOTICE, label)}>
              {label}
            </Button>
          ))}
        </Group>

        <div role="status" aria-live="polite" data-testid="reminder-banner">
          {reminded ? (
            <Banner accent="blue.3" title="Reminder">
              <Text size="sm">{REMINDER_TEXT}</Text>
            </Banner>
          ) : null}
        </div>
      </Stack>
    </Paper>
  );
}

/** /admin/dashboard (secret only): the mock page, the Developer References manager and the audit log. */
export function AdminDashboardPage() {
  return (
    <Stack gap="lg">
      <Title order={1}>Admin Dashboard</Title>
      <MockConsole />
      <DevRefsManager />
      <Divider />
      <AuditLog />
    </Stack>
  );
}
