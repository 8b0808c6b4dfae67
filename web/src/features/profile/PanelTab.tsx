import { Alert, Button, Group, Skeleton, Stack, Text, Textarea } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { EmptyState, InfoCard } from '../../components/DataDisplay';
import { usePhoneScreen } from '../../components/ListTable';
import { ResponsiveTable, type Column } from '../../components/ResponsiveTable';
import { failureText, isSharedFailure } from '../../lib/api';
import { useAppConfig } from '../../lib/appConfig';
import { formatDateAndTime } from '../../lib/dates';
import { notify } from '../../lib/notify';
import { useCurrentUser } from '../../lib/session';
import { answerPanelHistory, panelHistoryQuery, profileKeys, type AppraiserInfo, type PanelEvent, type PanelHistory } from './api';
import { fullName } from './rules';

/** The server's words for a blank answer, repeated here so the form can say it before sending. */
export const MSG_ANSWER_REQUIRED = 'Please enter your answer.';
export const MSG_NO_PANEL_EVENTS = 'No suspension, reinstatement or answer yet.';
const MSG_HISTORY_FAILED = 'The panel history could not be loaded. Please try again later.';
const MSG_ANSWER_FAILED = 'Your answer could not be sent. Please try again.';

const KIND_LABELS: Record<string, string> = { suspended: 'Suspended', reinstated: 'Reinstated', answer: 'Answer' };

function kindLabel(kind: string, own: boolean): string {
  return own && kind === 'answer' ? 'Your answer' : (KIND_LABELS[kind] ?? kind);
}

function Standing({ history, own, name, timeZone }: { history: PanelHistory; own: boolean; name: string; timeZone: string | undefined }) {
  if (!history.suspended) return <Text size="sm">{own ? 'You are on the panel.' : `${name} is on the panel.`}</Text>;
  return (
    <Alert color="red.9" variant="outline" role="alert" title={own ? 'You are suspended from the panel' : `${name} is suspended from the panel`}>
      <Stack gap={4}>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          Reason: {history.suspensionReason}
        </Text>
        {history.suspendedAt ? <Text size="sm">Since {formatDateAndTime(history.suspendedAt, timeZone)}</Text> : null}
      </Stack>
    </Alert>
  );
}

function AnswerForm({ appraiserId }: { appraiserId: number }) {
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const send = useMutation({
    mutationFn: () => answerPanelHistory(appraiserId, text),
    onSuccess: (answer) => {
      notify('success', answer.message);
      setText('');
      void queryClient.invalidateQueries({ queryKey: profileKeys.panelHistory(appraiserId) });
    },
    onError: (e) => {
      if (!isSharedFailure(e)) setError(failureText(e, MSG_ANSWER_FAILED));
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!text.trim()) setError(MSG_ANSWER_REQUIRED);
    else if (!send.isPending) send.mutate();
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Textarea
          label="Your answer"
          description="The orders team reads it and keeps it in your panel history."
          required
          autosize
          minRows={3}
          value={text}
          onChange={(e) => {
            setText(e.currentTarget.value);
            setError(undefined);
          }}
          error={error}
        />
        <Group>
          <Button type="submit" loading={send.isPending}>
            Send Answer
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Panel (docs/domain.md#assignment): whether the appraiser is suspended and why, the panel history, and the appraiser's own answer. */
export function PanelTab({ appraiser }: { appraiser: AppraiserInfo }) {
  const id = appraiser.securityUser.id;
  const own = useCurrentUser().data?.securityUserId === id;
  const timeZone = useAppConfig().data?.companyTimeZone;
  const mobile = usePhoneScreen();
  const query = useQuery(panelHistoryQuery(id));
  const name = fullName(appraiser.securityUser.firstName, appraiser.securityUser.lastName) || appraiser.securityUser.loginId;
  const columns: Column<PanelEvent>[] = [
    { header: 'When', cell: (e) => formatDateAndTime(e.at, timeZone), nowrap: true },
    { header: 'What', cell: (e) => kindLabel(e.kind, own), name: true },
    { header: 'By', cell: (e) => e.by ?? '' },
    { header: 'Text', cell: (e) => <span style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{e.text}</span> },
  ];
  if (query.isPending) return <Skeleton h={160} aria-label="Loading the panel history" />;
  if (query.isError) {
    return (
      <Text size="sm" c="red.9" role="alert">
        {MSG_HISTORY_FAILED}
      </Text>
    );
  }
  const history = query.data;
  return (
    <Stack gap="md">
      <Standing history={history} own={own} name={name} timeZone={timeZone} />
      <InfoCard title="Panel History">
        {history.events.length === 0 ? (
          <EmptyState message={MSG_NO_PANEL_EVENTS} />
        ) : (
          <ResponsiveTable items={history.events} columns={columns} label="Panel history" mobile={mobile} idAttribute="data-event-id" />
        )}
      </InfoCard>
      {own ? (
        <InfoCard title="Answer">
          <AnswerForm appraiserId={id} />
        </InfoCard>
      ) : null}
    </Stack>
  );
}
