import { BorrowerCopyCard } from './BorrowerCopyCard';
import { ReviewCard } from './ReviewCard';
import { RevisionsCard } from './RevisionsCard';
import { UcdpCard } from './UcdpCard';
import type { OrderDetails } from './types';

/** The quality review and delivery records of the order page, beside the report data: the revision requests for the appraiser too, the rest for staff. */
export function ReviewRecords({ order, staff, timeZone }: { order: OrderDetails; staff: boolean; timeZone: string | null }) {
  return (
    <>
      {staff ? <ReviewCard order={order} timeZone={timeZone} /> : null}
      <RevisionsCard orderId={order.id} timeZone={timeZone} />
      {staff ? <UcdpCard orderId={order.id} timeZone={timeZone} /> : null}
      {staff ? <BorrowerCopyCard orderId={order.id} timeZone={timeZone} /> : null}
    </>
  );
}
