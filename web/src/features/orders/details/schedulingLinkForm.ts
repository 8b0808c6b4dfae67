import type { RowErrors } from '../../../components/useRows';
import { emailError, onlyFailed, phoneError, requiredTextError, textOrNull } from '../../../lib/fieldRules';
import { MSG_END_AFTER_START, MSG_LATE_INSPECTION_REASON, MSG_RESCHEDULE_REASON, needsLateInspectionReason, SCHEDULED_WITH } from './actions/rules';
import type { SchedulingLinkRequest } from './schedulingApi';
import type { Contact, OrderDetails } from './types';

/**
 * The Send Scheduling Link form's rules, repeated from the server (features/scheduling.rs) only to be
 * friendly: the server checks them all again.
 */

export const MAX_WINDOWS = 10;
export const MSG_DATE_REQUIRED = 'Please choose a date.';
export const MSG_START_TIME_REQUIRED = 'Please choose a start time.';
export const MSG_END_TIME_REQUIRED = 'Please choose an end time.';
export const MSG_EMAIL_OR_PHONE = 'Please enter an e-mail address or a mobile phone number.';

/** Whom the contact is to the inspection: Schedule Inspection's choices but Vacant (someone must choose). */
export const LINK_SCHEDULED_WITH = SCHEDULED_WITH.filter((w) => w !== 'Vacant');

/** One window as typed: a day and its start and end times (hh:mm, the 30-minute choices). */
export interface WindowRow {
  date: string;
  start: string;
  end: string;
}

export const blankWindow = (): WindowRow => ({ date: '', start: '', end: '' });

export function checkWindow(w: WindowRow): RowErrors<WindowRow> {
  return onlyFailed({
    date: w.date ? undefined : MSG_DATE_REQUIRED,
    start: w.start ? undefined : MSG_START_TIME_REQUIRED,
    end: !w.end ? MSG_END_TIME_REQUIRED : w.start && w.end <= w.start ? MSG_END_AFTER_START : undefined,
  });
}

export type LinkFields = { name: string; email: string; phone: string; scheduledWith: string; reason: string };

const isRole = (role: string) => (c: Contact) => c.type.toUpperCase() === role;

/** The form's first fields: the order's access contact, else its borrower (empty when it shows neither). */
export function initialFields(order: OrderDetails): LinkFields {
  const contacts = [order.propertyContact, ...order.otherContacts].filter((c): c is Contact => !!c);
  const c = contacts.find(isRole('ACCESS')) ?? contacts.find(isRole('BORROWER'));
  return { name: c?.name ?? '', email: c?.email ?? '', phone: c?.cellPhone ?? '', scheduledWith: 'Entry Contact', reason: '' };
}

/** Why the server will want a reason: the order was scheduled before, or a window is after its inspection due date. */
export type ReasonKind = 'reschedule' | 'late';

export const REASONS: Readonly<Record<ReasonKind, { label: string; missing: string }>> = {
  reschedule: { label: 'Reason for Rescheduling', missing: MSG_RESCHEDULE_REASON },
  late: { label: 'Reason for Late Inspection', missing: MSG_LATE_INSPECTION_REASON },
};

export function reasonKind(order: Pick<OrderDetails, 'inspectionDueDate' | 'wasPreviouslyScheduled'>, windows: readonly WindowRow[]): ReasonKind | null {
  if (order.wasPreviouslyScheduled) return 'reschedule';
  const rules = { inspectionDueDate: order.inspectionDueDate ?? null, wasPreviouslyScheduled: false };
  return windows.some((w) => needsLateInspectionReason(w.date, rules)) ? 'late' : null;
}

export function checkFields(f: LinkFields, reason: ReasonKind | null): Partial<Record<keyof LinkFields, string>> {
  const either = f.email.trim() || f.phone.trim() ? undefined : MSG_EMAIL_OR_PHONE;
  return onlyFailed({
    name: requiredTextError('Contact Name', f.name),
    email: emailError('Contact E-mail', f.email) ?? either,
    phone: phoneError('Mobile Phone', f.phone),
    reason: reason && !f.reason.trim() ? REASONS[reason].missing : undefined,
  });
}

/** The request as the server takes it: each window on its day in the company's local time. */
export function linkRequest(windows: readonly WindowRow[], f: LinkFields, reason: ReasonKind | null): SchedulingLinkRequest {
  return {
    windows: windows.map((w) => ({ start: `${w.date}T${w.start}`, end: `${w.date}T${w.end}` })),
    contact: { name: f.name.trim(), email: textOrNull(f.email), phone: textOrNull(f.phone) },
    scheduledWith: f.scheduledWith,
    reason: reason ? f.reason.trim() : null,
  };
}
