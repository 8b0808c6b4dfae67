import { ReviewCard } from './ReviewCard';
import type { OrderDetails } from './types';

/** The quality review and delivery records of the order page, beside the report data: staff see them all. */
export function ReviewRecords({ order, staff, timeZone }: { order: OrderDetails; staff: boolean; timeZone: string | null }) {
  return <>{staff ? <ReviewCard order={order} timeZone={timeZone} /> : null}</>;
}
