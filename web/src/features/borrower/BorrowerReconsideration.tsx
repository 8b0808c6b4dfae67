import { Alert, Button, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { FailureAlert } from '../../components/LoadStates';
import { RECONSIDERATION_TITLE, ReconsiderationCaseView } from '../../components/ReconsiderationCaseView';
import { ReconsiderationRequestFields, useReconsiderationRequest } from '../../components/ReconsiderationRequest';
import { useAppConfig } from '../../lib/appConfig';
import { formatDay } from '../../lib/dates';
import type { Reconsideration } from '../../lib/reconsiderations';
import { askReconsideration, borrowerReconsiderationKey, borrowerReconsiderationQuery, type BorrowerReconsideration } from './api';

export const FORM_TITLE = 'Request a Reconsideration of Value';
export const MSG_FORM_INTRO =
  'If you believe the appraised value is wrong, tell us why. Your lender reviews the request and may send it to the appraiser. You can send one request for this appraisal.';
export const MSG_NOT_OFFERED = 'To ask for a reconsideration of the value, please contact your lender.';
export const MSG_LOAD_FAILED = 'The reconsideration of value could not be loaded.';
export const sentLine = (due: string) => `Your request was sent. Your lender will answer by ${formatDay(due)}.`;

const PRE = { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' } as const;

/** The lender's description of the process, as shown (the server records each showing). */
function Disclosure({ disclosure }: { disclosure: NonNullable<BorrowerReconsideration['disclosure']> }) {
  return (
    <Paper withBorder radius="md" p="sm" bg="gray.0" component="section" aria-label="Your lender's disclosure">
      <Text size="sm" fw={600}>{`Your lender's disclosure (version ${disclosure.version})`}</Text>
      <Text size="sm" mt={4} style={PRE}>
        {disclosure.text}
      </Text>
    </Paper>
  );
}

/** The borrower's one request: the form, sent with the link's token. */
function RequestForm({ token, onSent }: { token: string; onSent: (rov: Reconsideration) => void }) {
  const request = useReconsiderationRequest((body) => askReconsideration(token, body), onSent);
  const titleId = useId();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!request.busy) request.submit();
  };
  return (
    <form onSubmit={submit} noValidate aria-labelledby={titleId}>
      <Stack gap="md">
        <Title order={3} size="h4" id={titleId}>
          {FORM_TITLE}
        </Title>
        <Text size="sm">{MSG_FORM_INTRO}</Text>
        <ReconsiderationRequestFields request={request} />
        <FailureAlert message={request.failure} />
        <Button type="submit" loading={request.busy} w="fit-content">
          Send Request
        </Button>
      </Stack>
    </form>
  );
}

/** The request once made: a line when it was just sent (focused, so it is read out), then the case. */
function SentRequest({ rov, justSent }: { rov: Reconsideration; justSent: boolean }) {
  const timeZone = useAppConfig().data?.companyTimeZone ?? null;
  const line = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (justSent) line.current?.focus();
  }, [justSent]);
  return (
    <>
      {justSent ? (
        <Alert ref={line} tabIndex={-1} color="teal.9" variant="outline" role="status">
          {sentLine(rov.dueDate)}
        </Alert>
      ) : null}
      <ReconsiderationCaseView rov={rov} steps timeZone={timeZone} />
    </>
  );
}

/**
 * The copy page's "Reconsideration of Value" (docs/domain.md#reconsideration-of-value): the lender's
 * disclosure, then the borrower's request once made, else the form when the lender offers one, else
 * a line pointing to the lender.
 */
export function BorrowerReconsiderationSection({ token }: { token: string }) {
  const queryClient = useQueryClient();
  const page = useQuery(borrowerReconsiderationQuery(token));
  const [justSent, setJustSent] = useState(false);
  const titleId = useId();
  const sent = (rov: Reconsideration) => {
    queryClient.setQueryData(borrowerReconsiderationKey(token), (before) => (before ? { ...before, request: rov } : before));
    setJustSent(true);
  };
  return (
    <Stack gap="md" component="section" aria-labelledby={titleId} mt="md">
      <Title order={2} size="h3" id={titleId}>
        {RECONSIDERATION_TITLE}
      </Title>
      {page.isPending ? <Skeleton h={80} /> : null}
      {page.isError ? (
        <Text size="sm" c="red.9" role="alert">
          {MSG_LOAD_FAILED}
        </Text>
      ) : null}
      {page.data?.disclosure ? <Disclosure disclosure={page.data.disclosure} /> : null}
      {page.data?.request ? (
        <SentRequest rov={page.data.request} justSent={justSent} />
      ) : page.data?.offered ? (
        <RequestForm token={token} onSent={sent} />
      ) : page.data ? (
        <Text size="sm">{MSG_NOT_OFFERED}</Text>
      ) : null}
    </Stack>
  );
}
