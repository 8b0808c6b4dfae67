import { Anchor, Text } from '@mantine/core';
import { PlaceholderPage } from '../../components/PlaceholderPage';
import { SUPPORT_HOURS, useAppConfig } from '../../lib/appConfig';

export function SupportPage() {
  const { data: config } = useAppConfig();
  return (
    <PlaceholderPage title="Support Center" description={`Our staff are available ${SUPPORT_HOURS}.`}>
      {config?.supportEmail ? (
        <Text>
          E-mail: <Anchor href={`mailto:${config.supportEmail}`}>{config.supportEmail}</Anchor>
        </Text>
      ) : null}
      {config?.technicalSupportEmail ? (
        <Text>
          Technical support: <Anchor href={`mailto:${config.technicalSupportEmail}`}>{config.technicalSupportEmail}</Anchor>
        </Text>
      ) : null}
      {config?.supportPhone ? <Text>Phone: {config.supportPhone}</Text> : null}
    </PlaceholderPage>
  );
}
