import { Anchor, Badge, Card, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import type { Schemas } from '../lib/api';
import { formatDateAndTime } from '../lib/dates';
import { safeLinkUrl } from '../lib/safeUrl';

export type FairLanguageFinding = Schemas['FairLanguageFinding'];

/** The severities, most serious first, with their badge's words and colour. */
export const SEVERITIES = [
  { value: 'block', label: 'Block', color: 'red.9' },
  { value: 'warn', label: 'Warning', color: 'yellow.4' },
  { value: 'info', label: 'Info', color: 'gray.7' },
] as const;

/** How staff close a finding, in words. */
export const DISPOSITIONS = [
  { value: 'factual', label: 'Factual' },
  { value: 'proper_noun', label: 'Proper noun' },
  { value: 'removed_by_appraiser', label: 'Removed by appraiser' },
] as const;

const rank = (severity: string) => {
  const at = SEVERITIES.findIndex((s) => s.value === severity);
  return at < 0 ? SEVERITIES.length : at;
};

/** The findings, most serious first (the order within a severity kept). */
export const bySeverity = (findings: readonly FairLanguageFinding[]) => [...findings].sort((a, b) => rank(a.severity) - rank(b.severity));

/** A finding's or a rule's severity: Block, Warning or Info. */
export function SeverityBadge({ severity }: { severity: string }) {
  const known = SEVERITIES.find((s) => s.value === severity);
  return (
    <Badge color={known?.color ?? 'gray.7'} variant="filled" tt="none" autoContrast style={{ flexShrink: 0, minWidth: 'max-content' }}>
      {known?.label ?? severity}
    </Badge>
  );
}

/**
 * A link to where a rule comes from, opening in a new tab: "Source", or with `host` the address's
 * host name. An address other than http(s) is never linked but shown as text.
 */
export function SourceLink({ source, host = false }: { source: string; host?: boolean }) {
  const href = safeLinkUrl(source);
  if (!href)
    return (
      <Text span size="xs" c="gray.8" style={{ overflowWrap: 'anywhere' }}>
        {host ? source : `Source: ${source}`}
      </Text>
    );
  return (
    <Anchor href={href} target="_blank" rel="noopener noreferrer" size="xs" title={host ? href : undefined}>
      {host ? new URL(href).hostname : 'Source'}
      <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
    </Anchor>
  );
}

function Disposition({ finding: f, timeZone }: { finding: FairLanguageFinding; timeZone?: string | null }) {
  const label = DISPOSITIONS.find((d) => d.value === f.disposition)?.label ?? f.disposition;
  const who = [f.disposedBy, formatDateAndTime(f.disposedAt, timeZone)].filter(Boolean).join(', ');
  return (
    <Text size="sm" c="gray.8" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
      <Text span fw={600} size="sm">{`Disposition: ${label}`}</Text>
      {who ? ` (${who})` : null}
      {f.dispositionNote ? `. Note: ${f.dispositionNote}` : null}
    </Text>
  );
}

interface FindingsProps {
  findings: readonly FairLanguageFinding[];
  timeZone?: string | null;
  /** A finding's own button (staff's Dispose), under it. */
  action?: (finding: FairLanguageFinding) => ReactNode;
}

/**
 * Fair-language findings, most serious first: the severity, what the rule looks for, the words found
 * with their context, where, the rule's source and the disposition once given.
 */
export function FairLanguageFindings({ findings, timeZone, action }: FindingsProps) {
  return (
    <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Fair-language findings">
      {bySeverity(findings).map((f, i) => (
        <Card component="li" withBorder radius="md" padding="sm" key={f.id ?? `${f.ruleId}-${i}`} data-finding-id={f.id ?? undefined}>
          <Stack gap={6}>
            <Group gap="xs" wrap="nowrap" align="flex-start">
              <SeverityBadge severity={f.severity} />
              <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                {f.label || f.ruleId}
              </Text>
            </Group>
            <Text size="sm" pl="xs" style={{ borderLeft: '3px solid var(--mantine-color-gray-4)', overflowWrap: 'anywhere' }}>
              {f.excerpt}
            </Text>
            <Group gap="sm" wrap="wrap">
              <Text size="xs" c="gray.8" style={{ overflowWrap: 'anywhere' }}>
                {f.location}
              </Text>
              {f.source ? <SourceLink source={f.source} /> : null}
            </Group>
            {f.disposition ? <Disposition finding={f} timeZone={timeZone} /> : null}
            {action?.(f)}
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}

/** The heading of the order pages' card of findings. */
export const FAIR_LANGUAGE_TITLE = 'Fair Language';
export const MSG_FAIR_LANGUAGE_FAILED = 'The fair-language findings could not be loaded.';
