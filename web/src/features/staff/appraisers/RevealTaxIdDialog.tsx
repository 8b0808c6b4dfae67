import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { CopyField } from '../../../components/CopyField';
import { FailureAlert } from '../../../components/LoadStates';
import { useFields } from '../../../components/useFields';
import { formFailure } from '../../../lib/api';
import { MAX_TEXT } from '../../../lib/fieldRules';
import { MSG_NO_TAX_ID } from '../../../lib/taxId';
import { revealTaxId, type AppraiserItem } from './api';
import { MSG_REASON_REQUIRED } from './PanelStanding';

export const MSG_VIEWING_RECORDED = 'This viewing was recorded with your name and reason.';
const MSG_REVEAL_FAILED = 'The tax ID could not be shown. Please try again.';

/** Asks why, then shows the whole number; a new opening asks again. */
function RevealSteps({ appraiserId, onClose }: { appraiserId: number; onClose: () => void }) {
  const f = useFields({ reason: '' });
  const reveal = useMutation({ mutationFn: () => revealTaxId(appraiserId, f.values.reason.trim()) });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!reveal.isPending && f.accept(f.values.reason.trim() ? {} : { reason: MSG_REASON_REQUIRED })) reveal.mutate();
  };
  if (reveal.isSuccess) {
    return (
      <Stack gap="sm">
        {reveal.data.taxId ? <CopyField label="Tax ID" value={reveal.data.taxId} /> : <Text size="sm">{MSG_NO_TAX_ID}</Text>}
        <Text size="sm" c="gray.8">
          {MSG_VIEWING_RECORDED}
        </Text>
        <Group justify="flex-end">
          <Button onClick={onClose}>Done</Button>
        </Group>
      </Stack>
    );
  }
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <FailureAlert message={formFailure(reveal.error, MSG_REVEAL_FAILED)} />
        <Textarea
          label="Reason"
          description="Why you need the whole number (for example, a 1099-NEC filing). Your reason and this viewing are recorded."
          required
          autosize
          minRows={2}
          data-autofocus
          {...f.input('reason', MAX_TEXT)}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={reveal.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={reveal.isPending}>
            Show Number
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

interface RevealTaxIdDialogProps {
  appraiser: AppraiserItem;
  opened: boolean;
  onClose: () => void;
  /** Its place in the Modal.Stack over the record dialog. */
  stackId: string;
}

/** Staff see an appraiser's whole tax ID only by saying why (the server audits it). */
export function RevealTaxIdDialog({ appraiser, opened, onClose, stackId }: RevealTaxIdDialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} stackId={stackId} title={`Full tax ID of ${appraiser.name}`} centered closeButtonProps={{ 'aria-label': 'Close' }}>
      {opened ? <RevealSteps appraiserId={appraiser.id} onClose={onClose} /> : null}
    </Modal>
  );
}
