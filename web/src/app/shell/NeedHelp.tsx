import { Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import { mailto, SUPPORT_HOURS, telHref, useAppConfig } from '../../lib/appConfig';

export function NeedHelp() {
  const { data: config } = useAppConfig();
  return (
    <Paper component="section" className="need-help" aria-labelledby="need-help-title" withBorder p="md" mt="xl" radius="md" bg="gray.0">
      <Stack gap={4}>
        <Title order={2} size="h4" id="need-help-title">
          Need help?
        </Title>
        <Text size="sm">Our staff are available {SUPPORT_HOURS}.</Text>
        {config?.supportEmail ? (
          <Text size="sm">
            E-mail: <Anchor href={mailto(config.supportEmail)}>{config.supportEmail}</Anchor>
          </Text>
        ) : null}
        {config?.supportPhone ? (
          <Text size="sm">
            Phone: <Anchor href={telHref(config.supportPhone)}>{config.supportPhone}</Anchor>
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}
