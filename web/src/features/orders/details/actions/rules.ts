/**
 * The order action forms' rules (docs/domain.md#action-input-rules), repeated from the server only to be
 * friendly: the server checks every one of them with the same words.
 */

export const MSG_MESSAGE_REQUIRED = 'Please enter a message.';
export const MSG_SEND_FAILED = 'Failed to send message. Please try again.';
export const MSG_ACTION_FAILED = 'The action could not be completed. Please try again.';
export const MSG_VISIBILITY_FAILED = 'What appraisers see could not be changed. Please try again.';
export const MSG_INSPECTION_DATE_REQUIRED = 'Inspection date is required';
export const MSG_INSPECTION_TIME_REQUIRED = 'Inspection time is required';
export const MSG_DELIVERY_DATE_REQUIRED = 'Estimated delivery date is required';
export const MSG_LATE_DELIVERY_REASON = 'Please provide a reason for the late delivery date';
export const MSG_INSPECTION_BEFORE_CREATED = 'Inspection date cannot be before the order create date';
export const MSG_DELIVERY_BEFORE_INSPECTION = 'Estimated delivery date cannot be before Inspection Date';
export const MSG_START_REQUIRED = 'Appointment start time is required';
export const MSG_END_REQUIRED = 'Appointment end time is required';
export const MSG_END_AFTER_START = 'End time must be after start time';
export const MSG_SCHEDULED_WITH_REQUIRED = 'Scheduled with is required';
export const MSG_LATE_INSPECTION_REASON = 'Please provide a reason for the late inspection';
export const MSG_RESCHEDULE_REASON = 'Please provide a reason for Rescheduling';
export const MSG_COMMENTS_REQUIRED = 'Comments are required';
export const MSG_FEE_DIGITS = 'The fee may contain digits and a dot only';
export const MSG_REJECT_REASON = 'Please enter a reason for rejection.';
export const MSG_STATUS_REQUIRED = 'Please select a status.';
export const MSG_NO_ASSIGNABLE = 'No assignable appraisers available.';
export const MSG_SELECT_APPRAISER = 'Please select an appraiser to assign the order to.';

export interface Choice {
  value: string;
  label: string;
}

/** "09:30" -> "9:30am". */
export function timeLabel(value: string): string {
  const [h, m] = value.split(':').map(Number) as [number, number];
  const hour = h % 12 === 0 ? 12 : h % 12;
  return `${hour}:${String(m).padStart(2, '0')}${h < 12 ? 'am' : 'pm'}`;
}

/** Inspection and appointment times: every 30 minutes from 7:00am to 8:00pm. */
export const TIME_CHOICES: readonly Choice[] = Array.from({ length: 27 }, (_, i) => {
  const minutes = 7 * 60 + i * 30;
  const value = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
  return { value, label: timeLabel(value) };
});

/** The time choices of a select, after its empty "Select a time". */
export const TIME_OPTIONS: readonly Choice[] = [{ value: '', label: 'Select a time' }, ...TIME_CHOICES];

export const SCHEDULED_WITH = ['Borrower', 'Entry Contact', 'Realtor', 'Tenant', 'Vacant'] as const;

/** What the Vacant Property checkbox sets (and locks). */
export const VACANT = { scheduledWith: 'Vacant', start: '09:00', end: '17:00' } as const;

/** The yyyy-mm-dd date of an instant in `timeZone` (the company's); '' for none or garbage. */
export function localDate(iso: string | null | undefined, timeZone?: string | null, now?: Date): string {
  const t = iso ? new Date(iso) : (now ?? new Date());
  if (Number.isNaN(t.getTime())) return '';
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: timeZone || undefined, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(t);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

type Errors<K extends string> = Partial<Record<K, string>>;

function blank(value: string | null | undefined): boolean {
  return !value || !value.trim();
}

export interface ScheduleForm {
  date: string;
  delivery: string;
  start: string;
  end: string;
  scheduledWith: string;
  lateReason: string;
  rescheduleReason: string;
}

export interface ScheduleRules {
  /** The order's create date (yyyy-mm-dd, company time). */
  createdOn: string;
  inspectionDueDate: string | null;
  wasPreviouslyScheduled: boolean;
}

/** The late inspection reason is asked for when the date is after the due date on a first scheduling. */
export function needsLateInspectionReason(date: string, rules: Pick<ScheduleRules, 'inspectionDueDate' | 'wasPreviouslyScheduled'>): boolean {
  return !rules.wasPreviouslyScheduled && !!rules.inspectionDueDate && !!date && date > rules.inspectionDueDate;
}

export function checkSchedule(f: ScheduleForm, rules: ScheduleRules): Errors<keyof ScheduleForm> {
  const e: Errors<keyof ScheduleForm> = {};
  if (!f.date) e.date = MSG_INSPECTION_DATE_REQUIRED;
  else if (rules.createdOn && f.date < rules.createdOn) e.date = MSG_INSPECTION_BEFORE_CREATED;
  if (!f.delivery) e.delivery = MSG_DELIVERY_DATE_REQUIRED;
  else if (f.date && f.delivery < f.date) e.delivery = MSG_DELIVERY_BEFORE_INSPECTION;
  if (!f.start) e.start = MSG_START_REQUIRED;
  if (!f.end) e.end = MSG_END_REQUIRED;
  else if (f.start && f.end <= f.start) e.end = MSG_END_AFTER_START;
  if (!f.scheduledWith) e.scheduledWith = MSG_SCHEDULED_WITH_REQUIRED;
  if (needsLateInspectionReason(f.date, rules) && blank(f.lateReason)) e.lateReason = MSG_LATE_INSPECTION_REASON;
  if (rules.wasPreviouslyScheduled && blank(f.rescheduleReason)) e.rescheduleReason = MSG_RESCHEDULE_REASON;
  return e;
}

export interface InspectedForm {
  date: string;
  time: string;
  delivery: string;
  comment: string;
  lateReason: string;
}

/** A late delivery reason is asked for when the inspection date is later than the delivery date. */
export function needsLateDeliveryReason(f: Pick<InspectedForm, 'date' | 'delivery'>): boolean {
  return !!f.date && !!f.delivery && f.date > f.delivery;
}

export function checkInspected(f: InspectedForm): Errors<keyof InspectedForm> {
  const e: Errors<keyof InspectedForm> = {};
  if (!f.date) e.date = MSG_INSPECTION_DATE_REQUIRED;
  if (!f.time) e.time = MSG_INSPECTION_TIME_REQUIRED;
  if (!f.delivery) e.delivery = MSG_DELIVERY_DATE_REQUIRED;
  if (needsLateDeliveryReason(f) && blank(f.lateReason)) e.lateReason = MSG_LATE_DELIVERY_REASON;
  return e;
}

/** Digits and one dot, as the fee is typed. */
export function isFeeText(value: string): boolean {
  return /^\d*\.?\d*$/.test(value) && /\d/.test(value);
}

export interface ConditionsForm {
  comments: string;
  fee: string;
  dueDate: string;
}

export function checkConditions(f: ConditionsForm): Errors<keyof ConditionsForm> {
  const e: Errors<keyof ConditionsForm> = {};
  if (blank(f.comments)) e.comments = MSG_COMMENTS_REQUIRED;
  if (f.fee.trim() && !isFeeText(f.fee.trim())) e.fee = MSG_FEE_DIGITS;
  return e;
}

/** One required text (message, reason, note): its message when blank. */
export function requiredText(value: string, message: string): string | undefined {
  return blank(value) ? message : undefined;
}
