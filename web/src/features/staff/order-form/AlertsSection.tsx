import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { MAX_ALERT, MAX_ALERTS } from './orderForm';
import { characterLimit } from '../../../components/CharacterCount';
import { FormSection } from '../../../components/FormSection';

interface AlertsSectionProps {
  alerts: string[];
  errors: (string | undefined)[];
  onChange: (alerts: string[], errors: (string | undefined)[]) => void;
}

/** The order's alerts (none to ten): each a line the order page shows in its Alerts banner. */
export function AlertsSection({ alerts, errors, onChange }: AlertsSectionProps) {
  const edit = (index: number, value: string) =>
    onChange(
      alerts.map((a, i) => (i === index ? value : a)),
      errors.map((e, i) => (i === index ? undefined : e)),
    );
  const remove = (index: number) =>
    onChange(
      alerts.filter((_, i) => i !== index),
      errors.filter((_, i) => i !== index),
    );
  const add = () => onChange([...alerts, ''], [...errors, undefined]);
  return (
    <FormSection title="Alerts">
      <Text size="sm" c="gray.8">
        {alerts.length === 0 ? 'No alerts. ' : ''}Alerts show as a banner at the top of the order page, for the appraiser too.
      </Text>
      {alerts.length > 0 ? (
        <Stack gap="xs">
          {alerts.map((alert, i) => {
            const n = i + 1;
            return (
              <Group key={i} align="flex-start" gap="xs" wrap="nowrap">
                <TextInput
                  label={`Alert ${n}`}
                  value={alert}
                  onChange={(e) => edit(i, e.currentTarget.value)}
                  error={errors[i]}
                  style={{ flex: 1, minWidth: 0 }}
                  {...characterLimit(alert, MAX_ALERT)}
                />
                <Button variant="default" mt={22} onClick={() => remove(i)} aria-label={`Remove alert ${n}`}>
                  Remove
                </Button>
              </Group>
            );
          })}
        </Stack>
      ) : null}
      <Group>
        <Button variant="default" onClick={add} disabled={alerts.length >= MAX_ALERTS}>
          Add Alert
        </Button>
      </Group>
    </FormSection>
  );
}
