import { Anchor, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { mailto, telHref, useAppConfig } from '../../lib/appConfig';

export const REPORT_SUBJECT = 'Issue Report';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card component="section" withBorder radius="md" padding="lg" aria-labelledby={id}>
      <Stack gap="xs">
        <Title order={2} size="h3" id={id}>
          {title}
        </Title>
        {children}
      </Stack>
    </Card>
  );
}

function Missing() {
  return (
    <Text span c="gray.8">
      not available right now
    </Text>
  );
}

/** Support Center (/appraiser/support); contacts come from configuration. */
export function SupportPage() {
  const { data: config, isPending } = useAppConfig();
  const email = config?.supportEmail;
  const phone = config?.supportPhone;
  const techEmail = config?.technicalSupportEmail;
  const reportTo = techEmail || email;
  return (
    <Stack gap="md" aria-busy={isPending || undefined}>
      <Title order={1}>Support Center</Title>
      <Text c="gray.8">We are here to help with orders, quotes, payments and anything else in the portal.</Text>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Section id="support-general" title="General Support">
          <Text>Our support team is available Monday to Friday, 8:00 AM to 5:00 PM CST.</Text>
          <Text>E-mail: {email ? <Anchor href={mailto(email)}>{email}</Anchor> : <Missing />}</Text>
          <Text>Phone: {phone ? <Anchor href={telHref(phone)}>{phone}</Anchor> : <Missing />}</Text>
        </Section>
        <Section id="support-technical" title="Technical Support">
          <Text>For sign-in problems, error messages or anything that does not work as expected, e-mail our technical team.</Text>
          <Text>E-mail: {techEmail ? <Anchor href={mailto(techEmail)}>{techEmail}</Anchor> : <Missing />}</Text>
          <Text c="gray.8">We aim to respond within 24 hours on business days.</Text>
        </Section>
      </SimpleGrid>
      <Section id="support-report" title="Report a Problem">
        <Text>Found a problem? Tell us what you were doing, what you expected and what happened instead. Screenshots help.</Text>
        <Text>
          {reportTo ? (
            <Anchor href={mailto(reportTo, REPORT_SUBJECT)} fw={600}>
              Report a Problem by e-mail
            </Anchor>
          ) : (
            <Missing />
          )}
        </Text>
      </Section>
    </Stack>
  );
}
