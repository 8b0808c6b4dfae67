import { Button, Code, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { SeverityBadge, SourceLink } from '../../../components/FairLanguageFindings';
import { ListTable, type ListSpec } from '../../../components/ListTable';
import { type Column } from '../../../components/ResponsiveTable';
import { rulesQuery, type FairLanguageRule } from './api';
import { RuleDialog } from './RuleDialog';

export const MSG_NO_RULES = 'No rules yet.';
export const MSG_RULES_FAILED = 'The fair-language rules could not be loaded.';

const COLUMNS: Column<FairLanguageRule>[] = [
  { header: 'Id', cell: (r) => r.id, nowrap: true },
  { header: 'Label', cell: (r) => r.label, name: true },
  { header: 'Pattern', cell: (r) => <Code style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>{r.pattern}</Code> },
  { header: 'Severity', cell: (r) => <SeverityBadge severity={r.severity} /> },
  { header: 'Source', cell: (r) => <SourceLink source={r.source} host /> },
  { header: 'Active', cell: (r) => (r.active ? 'Yes' : 'No') },
  { header: 'Version', cell: (r) => String(r.version) },
];

const LIST: ListSpec<FairLanguageRule> = { noun: 'rules', empty: MSG_NO_RULES, label: 'Fair Language Rules', minWidth: 960, idAttribute: 'data-rule-id', unpaged: true };

/** /staff/fair-language: the screening rules (the lexicon) with its version; staff add rules and change or retire them. */
export function FairLanguageRulesPage() {
  const lexicon = useQuery(rulesQuery());
  /** The rule being edited; null while adding one; undefined with no dialog open. */
  const [editing, setEditing] = useState<FairLanguageRule | null | undefined>(undefined);
  const edit = (r: FairLanguageRule) => (
    <Button size="compact-sm" variant="default" onClick={() => setEditing(r)} aria-label={`Edit ${r.id}`}>
      Edit
    </Button>
  );
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1}>Fair Language Rules</Title>
        <Button onClick={() => setEditing(null)}>Add rule</Button>
      </Group>
      {lexicon.data ? <Text c="gray.8">{`Lexicon version: ${lexicon.data.version}`}</Text> : null}
      {lexicon.isError ? (
        <Text c="red.9" role="alert">
          {MSG_RULES_FAILED}
        </Text>
      ) : null}
      <ListTable {...LIST} columns={COLUMNS} rows={lexicon.data?.rules} loading={lexicon.isPending} actions={edit} />
      {editing !== undefined ? <RuleDialog rule={editing} onClose={() => setEditing(undefined)} /> : null}
    </Stack>
  );
}
