import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { InfoCard } from '../../../components/DataDisplay';
import { MSG_RECONSIDERATIONS_FAILED, RECONSIDERATION_TITLE, ReconsiderationCaseView } from '../../../components/ReconsiderationCaseView';
import type { Reconsideration } from '../../../lib/reconsiderations';
import { CardLoadFailed } from './parts';

interface ReconsiderationsCardProps {
  cases: UseQueryResult<Reconsideration[]>;
  /** Staff see the screening, what is missing and the steps too. */
  staff: boolean;
  timeZone: string | null;
  /** Above the cases. */
  intro?: ReactNode;
  /** What may be done with a case, under it. */
  actions: (rov: Reconsideration) => ReactNode;
}

/** The order page's card of its reconsiderations of value: a line when they could not be loaded, nothing without one. */
export function ReconsiderationsCard({ cases, staff, timeZone, intro, actions }: ReconsiderationsCardProps) {
  if (cases.isError) return <CardLoadFailed message={MSG_RECONSIDERATIONS_FAILED} />;
  if (!cases.data?.length) return null;
  return (
    <InfoCard title={RECONSIDERATION_TITLE} testId="card-reconsiderations">
      {intro}
      {cases.data.map((rov) => (
        <ReconsiderationCaseView key={rov.id} rov={rov} staff={staff} steps={staff} timeZone={timeZone}>
          {actions(rov)}
        </ReconsiderationCaseView>
      ))}
    </InfoCard>
  );
}
