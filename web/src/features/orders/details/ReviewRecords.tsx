import { BorrowerCopyCard, BORROWER_COPY_TITLE, MSG_COPY_AFTER_REPORT } from './BorrowerCopyCard';
import { LenderRevisionRequestsCard } from './LenderRevisionRequestsCard';
import { UntilReport } from './parts';
import { ReconsiderationAnswerCard } from './ReconsiderationAnswerCard';
import { ReconsiderationCard } from './ReconsiderationCard';
import { hasReport } from './report';
import { ReviewCard } from './ReviewCard';
import { RevisionsCard } from './RevisionsCard';
import { MSG_UCDP_AFTER_REPORT, UcdpCard, UCDP_TITLE } from './UcdpCard';
import type { OrderDetails } from './types';

/**
 * The quality review and delivery records of the order page, beside the report data: the revision
 * requests for the appraiser too, the rest for staff (the lender's revision requests once there is a
 * report, as only a delivered order takes one). The UCDP submission and the borrower's copy
 * stay collapsed to one line until the order has a report. Once it has one, the reconsiderations of
 * value: staff work them, the appraiser answers those sent to them.
 */
export function ReviewRecords({ order, staff, timeZone }: { order: OrderDetails; staff: boolean; timeZone: string | null }) {
  const reported = hasReport(order);
  return (
    <>
      {staff ? <ReviewCard order={order} timeZone={timeZone} /> : null}
      {reported && staff ? <LenderRevisionRequestsCard orderId={order.id} timeZone={timeZone} /> : null}
      <RevisionsCard orderId={order.id} timeZone={timeZone} />
      {staff ? (
        <UntilReport reported={reported} title={UCDP_TITLE} testId="card-ucdp" line={MSG_UCDP_AFTER_REPORT}>
          <UcdpCard orderId={order.id} timeZone={timeZone} />
        </UntilReport>
      ) : null}
      {staff ? (
        <UntilReport reported={reported} title={BORROWER_COPY_TITLE} testId="card-borrower-copy" line={MSG_COPY_AFTER_REPORT}>
          <BorrowerCopyCard orderId={order.id} timeZone={timeZone} />
        </UntilReport>
      ) : null}
      {reported && staff ? <ReconsiderationCard orderId={order.id} timeZone={timeZone} /> : null}
      {reported && !staff ? <ReconsiderationAnswerCard orderId={order.id} timeZone={timeZone} /> : null}
    </>
  );
}
