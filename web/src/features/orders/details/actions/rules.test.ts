import { describe, expect, it } from 'vitest';
import { checkUploadRows, MSG_CHOOSE_FILE, MSG_SELECT_FILE_TYPE } from '../../../../components/FileUploadDialog';
import {
  checkConditions,
  checkInspected,
  checkSchedule,
  localDate,
  MSG_COMMENTS_REQUIRED,
  MSG_DELIVERY_BEFORE_INSPECTION,
  MSG_DELIVERY_DATE_REQUIRED,
  MSG_END_AFTER_START,
  MSG_END_REQUIRED,
  MSG_FEE_DIGITS,
  MSG_INSPECTION_BEFORE_CREATED,
  MSG_INSPECTION_DATE_REQUIRED,
  MSG_INSPECTION_TIME_REQUIRED,
  MSG_LATE_DELIVERY_REASON,
  MSG_LATE_INSPECTION_REASON,
  MSG_RESCHEDULE_REASON,
  MSG_SCHEDULED_WITH_REQUIRED,
  MSG_START_REQUIRED,
  TIME_CHOICES,
  type ScheduleForm,
} from './rules';

const rules = { createdOn: '2026-05-04', inspectionDueDate: '2026-05-08', wasPreviouslyScheduled: false };
const good: ScheduleForm = { date: '2026-05-05', delivery: '2026-05-09', start: '09:00', end: '10:00', scheduledWith: 'Borrower', lateReason: '', rescheduleReason: '' };

describe('order action rules', () => {
  it('offers a time every 30 minutes from 7:00am to 8:00pm', () => {
    expect(TIME_CHOICES).toHaveLength(27);
    expect(TIME_CHOICES[0]).toEqual({ value: '07:00', label: '7:00am' });
    expect(TIME_CHOICES[11]).toEqual({ value: '12:30', label: '12:30pm' });
    expect(TIME_CHOICES.at(-1)).toEqual({ value: '20:00', label: '8:00pm' });
  });

  it('checks a schedule with the spec messages', () => {
    expect(checkSchedule(good, rules)).toEqual({});
    expect(checkSchedule({ ...good, date: '', delivery: '', start: '', end: '', scheduledWith: '' }, rules)).toEqual({
      date: MSG_INSPECTION_DATE_REQUIRED,
      delivery: MSG_DELIVERY_DATE_REQUIRED,
      start: MSG_START_REQUIRED,
      end: MSG_END_REQUIRED,
      scheduledWith: MSG_SCHEDULED_WITH_REQUIRED,
    });
    expect(checkSchedule({ ...good, date: '2026-05-03' }, rules).date).toBe(MSG_INSPECTION_BEFORE_CREATED);
    expect(checkSchedule({ ...good, delivery: '2026-05-04' }, rules).delivery).toBe(MSG_DELIVERY_BEFORE_INSPECTION);
    expect(checkSchedule({ ...good, end: '09:00' }, rules).end).toBe(MSG_END_AFTER_START);
    expect(checkSchedule({ ...good, start: '12:00', end: '09:30' }, rules).end).toBe(MSG_END_AFTER_START);
    // After the inspection due date on a first scheduling: a late reason; a reschedule always needs its reason instead.
    expect(checkSchedule({ ...good, date: '2026-05-09' }, rules).lateReason).toBe(MSG_LATE_INSPECTION_REASON);
    expect(checkSchedule({ ...good, date: '2026-05-09', lateReason: 'Borrower away' }, rules)).toEqual({});
    const again = { ...rules, wasPreviouslyScheduled: true };
    expect(checkSchedule({ ...good, date: '2026-05-09' }, again)).toEqual({ rescheduleReason: MSG_RESCHEDULE_REASON });
  });

  it('checks an inspection and asks for a late delivery reason only when the inspection is later', () => {
    const f = { date: '2026-05-05', time: '10:30', delivery: '2026-05-09', comment: '', lateReason: '' };
    expect(checkInspected(f)).toEqual({});
    expect(checkInspected({ ...f, date: '', time: '', delivery: '' })).toEqual({
      date: MSG_INSPECTION_DATE_REQUIRED,
      time: MSG_INSPECTION_TIME_REQUIRED,
      delivery: MSG_DELIVERY_DATE_REQUIRED,
    });
    expect(checkInspected({ ...f, date: '2026-05-10' })).toEqual({ lateReason: MSG_LATE_DELIVERY_REASON });
  });

  it('checks conditions: comments required, the fee digits and a dot only', () => {
    expect(checkConditions({ comments: ' ', fee: '', dueDate: '' })).toEqual({ comments: MSG_COMMENTS_REQUIRED });
    for (const fee of ['$500', '5,00', '1.2.3', 'abc', '.']) expect(checkConditions({ comments: 'x', fee, dueDate: '' }).fee, fee).toBe(MSG_FEE_DIGITS);
    for (const fee of ['500', '525.50', '.5', '']) expect(checkConditions({ comments: 'x', fee, dueDate: '' }), fee).toEqual({});
  });

  it('reads dates in the company time zone', () => {
    expect(localDate('2026-05-05T03:00:00Z', 'America/Chicago')).toBe('2026-05-04');
    expect(localDate('2026-05-05T06:00:00Z', 'America/Chicago')).toBe('2026-05-05');
    expect(localDate('garbage', 'America/Chicago')).toBe('');
  });

  it('needs a file type and a file on every upload row', () => {
    const file = new File(['x'], 'a.pdf');
    expect(
      checkUploadRows([
        { fileType: '1', file },
        { fileType: '', file: null },
      ]),
    ).toEqual([
      { fileType: undefined, file: undefined },
      { fileType: MSG_SELECT_FILE_TYPE, file: MSG_CHOOSE_FILE },
    ]);
  });
});
