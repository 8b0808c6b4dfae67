import { Anchor, Group, Text } from '@mantine/core';
import { mailto, telHref, useAppConfig } from '../../lib/appConfig';

/** Smaller on a phone, where the contacts take a line each. */
const FONT = { base: 'xs', sm: 'sm' };

/** The footer: the current year and the support contacts. */
export function Footer() {
  const { data: config } = useAppConfig();
  const contacts = [
    { label: 'Support', value: config?.supportEmail, href: mailto },
    { label: 'Technical support', value: config?.technicalSupportEmail, href: mailto },
    { label: 'Phone', value: config?.supportPhone, href: telHref },
  ];
  return (
    <Group h="100%" px="md" justify="center" gap={0} style={{ columnGap: 'var(--mantine-spacing-lg)' }} wrap="wrap">
      <Text fz={FONT} c="gray.8">
        © {new Date().getFullYear()} Appraisal Portal
      </Text>
      {contacts.map(({ label, value, href }) =>
        value ? (
          <Text key={label} fz={FONT} c="gray.8">
            {label}:{' '}
            <Anchor href={href(value)} inherit>
              {value}
            </Anchor>
          </Text>
        ) : null,
      )}
    </Group>
  );
}
