import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { appraiserMeQuery, type AppraiserInfo } from '../../lib/appraiserMe';
import { UserType } from '../../lib/roles';
import { useCurrentUser } from '../../lib/session';

export const PROMPT_TITLE = 'Please Update Payment Information';
/** Once per browser session: the flag lives in sessionStorage. */
export const PROMPT_SEEN_KEY = 'portal.paymentPromptSeen';

function seen(): boolean {
  try {
    return window.sessionStorage.getItem(PROMPT_SEEN_KEY) === '1';
  } catch {
    return false;
  }
}

function markSeen(): void {
  try {
    window.sessionStorage.setItem(PROMPT_SEEN_KEY, '1');
  } catch {
    // Storage may be unavailable (private mode); the prompt then shows again next visit.
  }
}

/** Whether the prompt applies (docs/domain.md#payments-and-epp): ready for onboarding, no party data yet. */
export function needsPaymentUpdate(info: Pick<AppraiserInfo, 'eppPartyData' | 'readyForEppOnboarding'> | null | undefined): boolean {
  return !!info && !info.eppPartyData && info.readyForEppOnboarding;
}

/**
 * The "Please Update Payment Information" modal on the dashboard: shown once
 * per session to an appraiser who is ready for EPP onboarding but has no party data; it leads to
 * /appraiser/payments/epp.
 */
export function PaymentInfoPrompt() {
  const navigate = useNavigate();
  const { data: user } = useCurrentUser();
  const appraiserKind = user?.userType === UserType.APPRAISER || user?.userType === UserType.APPRAISER_ADMIN;
  const { data: info } = useQuery({ ...appraiserMeQuery(), enabled: appraiserKind });
  const [dismissed, setDismissed] = useState(seen);
  const opened = !dismissed && needsPaymentUpdate(info);

  const close = () => {
    markSeen();
    setDismissed(true);
  };
  const update = () => {
    close();
    void navigate('/appraiser/payments/epp');
  };

  return (
    <Modal opened={opened} onClose={close} title={PROMPT_TITLE} centered closeButtonProps={{ 'aria-label': 'Close' }}>
      <Stack gap="md">
        <Text>To receive payments for your completed orders, please onboard to Stewart Enterprise Payments (EPP) and confirm your payment details.</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close}>
            Later
          </Button>
          <Button onClick={update} data-autofocus>
            Update Payment Information
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
