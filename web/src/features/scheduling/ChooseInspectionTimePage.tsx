import { Alert, Button, Radio, Stack } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useParams } from 'react-router';
import { Field, Fields } from '../../components/DataDisplay';
import { FailureAlert, PageSkeleton } from '../../components/LoadStates';
import { LinkLoadFailed, PublicLinkCard } from '../../components/PublicLinkPage';
import { ApiError, formFailure } from '../../lib/api';
import { chooseWindow, schedulingPageKey, schedulingPageQuery, type OfferedWindow, type SchedulingPage } from './api';

export const TITLE = 'Choose a time for the inspection';
export const MSG_ENDED = 'This scheduling link has ended. Please call the appraiser.';
export const MSG_CHOOSE_A_TIME = 'Please choose a time.';
export const MSG_CHOOSE_FAILED = 'Your choice could not be sent. Please try again.';
export const bookedLine = (label: string) => `Your inspection is booked for ${label}.`;

/** Why a window cannot be chosen, by the server's `unavailableBecause`. */
const UNAVAILABLE: Record<string, string> = { past: 'This time has passed', taken: 'Already taken' };

/** The booked window, focused when it was just chosen so that it is read out. */
function Booked({ label, justChosen }: { label: string; justChosen: boolean }) {
  const line = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (justChosen) line.current?.focus();
  }, [justChosen]);
  return (
    <Alert ref={line} tabIndex={-1} color="teal.9" variant="outline" role="status">
      {bookedLine(label)}
    </Alert>
  );
}

/** The windows offered, one to choose; a taken or past one shows why it cannot be. */
function ChooseForm({ token, windows, onChosen }: { token: string; windows: OfferedWindow[]; onChosen: (page: SchedulingPage) => void }) {
  const queryClient = useQueryClient();
  const [start, setStart] = useState('');
  const [missing, setMissing] = useState(false);
  const choose = useMutation({
    mutationFn: () => chooseWindow(token, start),
    onSuccess: onChosen,
    onError: (e) => {
      // Someone else took the window (or the link ended) meanwhile: show the windows as they now are.
      if (e instanceof ApiError && e.status === 409) {
        setStart('');
        void queryClient.invalidateQueries({ queryKey: schedulingPageKey(token) });
      }
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setMissing(!start);
    if (start && !choose.isPending) choose.mutate();
  };
  return (
    <form onSubmit={submit} noValidate aria-label={TITLE}>
      <Stack gap="md">
        <Radio.Group
          label="Times offered"
          required
          value={start}
          onChange={(value) => {
            setStart(value);
            setMissing(false);
          }}
          error={missing ? MSG_CHOOSE_A_TIME : undefined}
        >
          <Stack gap="sm" mt="xs">
            {windows.map((w) => (
              <Radio key={w.start} value={w.start} label={w.label} disabled={!w.available} description={w.unavailableBecause ? UNAVAILABLE[w.unavailableBecause] : undefined} />
            ))}
          </Stack>
        </Radio.Group>
        <FailureAlert message={formFailure(choose.error, MSG_CHOOSE_FAILED)} />
        <Button type="submit" loading={choose.isPending} w={{ base: '100%', xs: 'fit-content' }}>
          Confirm This Time
        </Button>
      </Stack>
    </form>
  );
}

function SchedulingView({ token, page }: { token: string; page: SchedulingPage }) {
  const queryClient = useQueryClient();
  const [justChosen, setJustChosen] = useState(false);
  const chosen = (fresh: SchedulingPage) => {
    queryClient.setQueryData(schedulingPageKey(token), fresh);
    setJustChosen(true);
  };
  return (
    <>
      <Fields>
        <Field label="Company">{page.company}</Field>
        <Field label="Property">{page.propertyAddress}</Field>
      </Fields>
      {page.state === 'scheduled' && page.chosen ? (
        <Booked label={page.chosen.label} justChosen={justChosen} />
      ) : page.state === 'open' ? (
        <ChooseForm token={token} windows={page.windows} onChosen={chosen} />
      ) : (
        <Alert color="orange.9" variant="outline" role="status">
          {MSG_ENDED}
        </Alert>
      )}
    </>
  );
}

/** /schedule/:token: the property's contact chooses one of the inspection windows the appraiser offered, without signing in. */
export function ChooseInspectionTimePage() {
  const token = useParams().token ?? '';
  const page = useQuery(schedulingPageQuery(token));
  if (page.isPending) return <PageSkeleton label="Loading the inspection times" />;
  return <PublicLinkCard title={TITLE}>{page.isError ? <LinkLoadFailed query={page} /> : <SchedulingView token={token} page={page.data} />}</PublicLinkCard>;
}
