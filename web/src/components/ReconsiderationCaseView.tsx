import { Alert, Card, Group, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatCents } from '../lib/cents';
import { formatDateAndTime, formatDay } from '../lib/dates';
import { ANSWER_LABELS, BASIS_LABELS, INITIATED_BY_LABELS, labelOf, OUTCOME_LABELS, STATUS_LABELS, type Reconsideration } from '../lib/reconsiderations';
import { Field, Fields } from './DataDisplay';
import { usePhoneScreen } from './ListTable';
import { DueDay, ReconsiderationStatusBadge, ValuePressureBadge } from './ReconsiderationBadges';
import { ResponsiveTable, type Column } from './ResponsiveTable';

/**
 * One reconsideration of value as each side reads it (docs/domain.md#reconsideration-of-value): the
 * staff and appraiser's order page, the lender's order page and the borrower's copy page.
 */

export const RECONSIDERATION_TITLE = 'Reconsideration of Value';
export const MSG_RECONSIDERATIONS_FAILED = 'The reconsiderations of value could not be loaded.';
export const MSG_NO_COMPARABLES = 'No alternative comparables were offered.';
export const MSG_VALUE_PRESSURE = 'Text pressing for a value, or contact details, was held back from the appraiser:';
export const MSG_DISCRIMINATION = 'A request alleging discrimination is never sent to the original appraiser: resolve it with a second appraisal, or with a note of the referral.';

type Comparable = Reconsideration['comparables'][number] & { id: number };

const COMPARABLE_COLUMNS: Column<Comparable>[] = [
  { header: 'Address', cell: (c) => c.address, name: true },
  { header: 'Sale Price', cell: (c) => formatCents(c.salePriceCents), nowrap: true },
  { header: 'Sale Date', cell: (c) => formatDay(c.saleDate), nowrap: true },
  { header: 'Data Source', cell: (c) => c.dataSource },
  { header: 'Rationale', cell: (c) => c.rationale },
];

/** A case's title: its number, who asked, and when. */
export const caseTitle = (rov: Reconsideration) => `Request ${rov.id} from the ${labelOf(INITIATED_BY_LABELS, rov.initiatedBy).toLowerCase()}, ${formatDay(rov.requestDate)}`;

const PRE = { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' } as const;

function Heading({ children }: { children: ReactNode }) {
  return (
    <Title order={4} size="h6">
      {children}
    </Title>
  );
}

/** The deficiencies in their order, each with the appraiser's answer once given. */
function Deficiencies({ rov }: { rov: Reconsideration }) {
  return (
    <Stack gap={6}>
      <Heading>Deficiencies</Heading>
      <Stack component="ol" gap="xs" m={0} pl="md" aria-label="Deficiencies">
        {rov.deficiencies.map((d, i) => (
          <Text component="li" size="sm" key={i} style={PRE}>
            {d.text}
            {d.reportField ? (
              <Text span display="block" size="sm" c="gray.8">
                {`Report field: ${d.reportField}`}
              </Text>
            ) : null}
            {rov.commentary[i] ? (
              <Text span display="block" size="sm" mt={4}>
                <Text span fw={600} size="sm">
                  {"Appraiser's answer: "}
                </Text>
                {rov.commentary[i]}
              </Text>
            ) : null}
          </Text>
        ))}
      </Stack>
    </Stack>
  );
}

function Comparables({ rov }: { rov: Reconsideration }) {
  const mobile = usePhoneScreen();
  const rows = rov.comparables.map((c, id) => ({ ...c, id }));
  return (
    <Stack gap={6}>
      <Heading>Alternative Comparables</Heading>
      {rows.length ? (
        <ResponsiveTable
          items={rows}
          columns={COMPARABLE_COLUMNS}
          label={`Alternative comparables: ${caseTitle(rov)}`}
          mobile={mobile}
          minWidth={720}
          idAttribute="data-comparable"
        />
      ) : (
        <Text size="sm" c="gray.8">
          {MSG_NO_COMPARABLES}
        </Text>
      )}
    </Stack>
  );
}

/** Staff only: what screening held back, what the header still lacks, and why a discrimination request stays with staff. */
function StaffNotices({ rov }: { rov: Reconsideration }) {
  const open = rov.status !== 'resolved';
  const unsent = rov.status === 'requested' || rov.status === 'reviewed';
  return (
    <>
      {rov.valuePressure ? (
        <Alert color="red" variant="light" title="Value pressure" styles={{ title: { color: 'var(--mantine-color-red-9)' } }}>
          <Text size="sm">{MSG_VALUE_PRESSURE}</Text>
          <List size="sm" mt={4}>
            {(rov.withheld ?? []).map((w, i) => (
              <List.Item key={i} style={PRE}>
                {w}
              </List.Item>
            ))}
          </List>
        </Alert>
      ) : null}
      {open && rov.missing.length ? (
        <Alert color="orange" variant="light" title="Missing" styles={{ title: { color: 'var(--mantine-color-dark-9)' } }}>
          <Text size="sm">{`The request cannot be sent until it has: ${rov.missing.join(', ')}.`}</Text>
        </Alert>
      ) : null}
      {unsent && rov.basis.includes('discrimination') ? (
        <Text size="sm" fw={600}>
          {MSG_DISCRIMINATION}
        </Text>
      ) : null}
    </>
  );
}

/** Each step with who took it, when, and their note. */
function Steps({ rov, timeZone }: { rov: Reconsideration; timeZone: string | null }) {
  return (
    <Stack gap={6}>
      <Heading>Steps</Heading>
      <Stack component="ol" gap={6} m={0} pl="md" aria-label="Steps">
        {rov.steps.map((s, i) => (
          <Text component="li" size="sm" key={i}>
            {`${labelOf(STATUS_LABELS, s.step)} by ${s.actor}, ${formatDateAndTime(s.at, timeZone)}`}
            {s.note ? (
              <Text span display="block" size="sm" c="gray.8" style={PRE}>
                {s.note}
              </Text>
            ) : null}
          </Text>
        ))}
      </Stack>
    </Stack>
  );
}

interface CaseViewProps {
  rov: Reconsideration;
  /** Staff see what screening held back and what the header still lacks. */
  staff?: boolean;
  /** Each step with who and when (staff, the lender and the borrower; the appraiser reads the case as sent). */
  steps?: boolean;
  timeZone: string | null;
  /** What may be done with the case (its buttons). */
  children?: ReactNode;
}

/**
 * One reconsideration of value: the header the portal filled in, the basis, the deficiencies (with
 * the appraiser's answers), the comparables, the answer and the outcome.
 */
export function ReconsiderationCaseView({ rov, staff = false, steps = false, timeZone, children }: CaseViewProps) {
  const title = caseTitle(rov);
  return (
    <Card withBorder radius="md" padding="sm" component="section" aria-label={title} data-reconsideration-id={rov.id}>
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={3} size="h5">
            {title}
          </Title>
          <Group gap={6}>
            <ReconsiderationStatusBadge status={rov.status} />
            {rov.valuePressure ? <ValuePressureBadge /> : null}
          </Group>
        </Group>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xs">
          <Fields>
            <Field label="Borrower">{rov.borrowerName}</Field>
            <Field label="Property">{rov.propertyAddress}</Field>
            <Field label="Effective Date">{formatDay(rov.effectiveDate)}</Field>
            <Field label="Appraiser">{rov.appraiserName}</Field>
          </Fields>
          <Fields>
            <Field label="Requested">{rov.requester ? `${formatDay(rov.requestDate)} by ${rov.requester}` : formatDay(rov.requestDate)}</Field>
            <Field label="Due">
              <DueDay rov={rov} />
            </Field>
            <Field label="Basis">{rov.basis.map((b) => labelOf(BASIS_LABELS, b)).join(', ')}</Field>
            {rov.answerOutcome ? <Field label="Appraiser's Answer">{labelOf(ANSWER_LABELS, rov.answerOutcome)}</Field> : null}
            {rov.revisedFileId ? <Field label="Revised Report">A new version of the report</Field> : null}
            {rov.outcome ? <Field label="Outcome">{labelOf(OUTCOME_LABELS, rov.outcome)}</Field> : null}
          </Fields>
        </SimpleGrid>
        {staff ? <StaffNotices rov={rov} /> : null}
        <Deficiencies rov={rov} />
        <Comparables rov={rov} />
        {steps ? <Steps rov={rov} timeZone={timeZone} /> : null}
        {children}
      </Stack>
    </Card>
  );
}
