/** The order details shapes: the generated schemas of the server's OpenAPI document. */
import type { Schemas } from '../../../lib/api';

export type Contact = Schemas['Contact'];
export type HistoryEntry = Schemas['HistoryEntry'];
export type OrderFile = Schemas['OrderFile'];
export type OrderMessage = Schemas['OrderMessage'];
export type OrderDetails = Schemas['OrderDetails'];
/** An action the server offers on an order (SCHEDULE_INSPECTION, SET_VISIBILITY, ...). */
export type OrderAction = Schemas['OrderAction'];
