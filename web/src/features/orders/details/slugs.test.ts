import { describe, expect, it } from 'vitest';
import { actionLabel, actionNameFromSlug, resolveSegment, slugFromActionName, titleCaseWords } from './slugs';

const ACTIONS = ['SCHEDULE_INSPECTION', 'SEND_MESSAGE', 'UPLOAD_FILES', 'AUTO_REPLY_YES'];

describe('the {action} segment', () => {
  it.each([
    ['schedule-inspection', 'SCHEDULE_INSPECTION'],
    ['Send-Message', 'SEND_MESSAGE'],
    ['order-details', 'ORDER_DETAILS'],
    ['reject', 'REJECT'],
  ])('%s names the action %s', (slug, action) => {
    expect(actionNameFromSlug(slug)).toBe(action);
  });

  it('turns names back into slugs', () => {
    expect(slugFromActionName('REJECT_WITH_CONDITIONS')).toBe('reject-with-conditions');
  });

  it.each([
    [undefined, { kind: 'tab', tab: 'order-details' }],
    ['', { kind: 'tab', tab: 'order-details' }],
    ['order-details', { kind: 'tab', tab: 'order-details' }],
    ['histories', { kind: 'tab', tab: 'histories' }],
    ['files', { kind: 'tab', tab: 'files' }],
    ['messages', { kind: 'tab', tab: 'messages' }],
    ['MESSAGES', { kind: 'tab', tab: 'messages' }],
    ['schedule-inspection', { kind: 'action', action: 'SCHEDULE_INSPECTION', tab: 'order-details' }],
    ['auto-reply-yes', { kind: 'action', action: 'AUTO_REPLY_YES', tab: 'order-details' }],
    // an action the server does not offer is not opened: it is not a tab either, so the first tab
    ['reject', { kind: 'tab', tab: 'order-details' }],
    ['mark-inspected', { kind: 'tab', tab: 'order-details' }],
    ['no-such-thing', { kind: 'tab', tab: 'order-details' }],
  ])('%s -> %o', (segment, meaning) => {
    expect(resolveSegment(segment, ACTIONS)).toEqual(meaning);
  });

  it('prefers an available action over a tab of the same words', () => {
    expect(resolveSegment('files', ['FILES'])).toEqual({ kind: 'action', action: 'FILES', tab: 'order-details' });
  });
});

describe('action labels', () => {
  it.each([
    ['SCHEDULE_INSPECTION', false, 'Schedule Inspection'],
    ['SCHEDULE_INSPECTION', true, 'Reschedule Inspection'],
    ['AUTO_REPLY_YES', false, 'Order Is On Time'],
    ['AUTO_REPLY_NO', false, 'Order Is NOT On Time'],
    ['MARK_INSPECTED', false, 'Mark Inspected'],
    ['REJECT_WITH_CONDITIONS', true, 'Reject With Conditions'],
    ['UPLOAD_FILES', false, 'Upload Files'],
    ['REASSIGN', false, 'Reassign'],
  ])('%s (previously scheduled: %s) -> %s', (action, previously, label) => {
    expect(actionLabel(action, previously)).toBe(label);
  });

  it('title-cases words', () => {
    expect(titleCaseWords('PROPERTY_CONTACT')).toBe('Property Contact');
    expect(titleCaseWords('loan_officer')).toBe('Loan Officer');
  });
});
