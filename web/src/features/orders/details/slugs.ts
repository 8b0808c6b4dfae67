/** Tabs, their slugs, the {action} segment rule (a dashed slug naming an action, else a tab) and action labels. */

export const TABS = [
  { slug: 'order-details', label: 'Order Details' },
  { slug: 'histories', label: 'History & Revisions' },
  { slug: 'files', label: 'Files' },
  { slug: 'messages', label: 'Messages' },
] as const;

export type TabSlug = (typeof TABS)[number]['slug'];

export const FIRST_TAB: TabSlug = TABS[0].slug;

export function isTabSlug(value: string): value is TabSlug {
  return TABS.some((t) => t.slug === value);
}

/** A dashed slug as an action name: "schedule-inspection" -> "SCHEDULE_INSPECTION". */
export function actionNameFromSlug(slug: string): string {
  return slug.trim().replace(/-/g, '_').toUpperCase();
}

/** An action name as a dashed slug: "SCHEDULE_INSPECTION" -> "schedule-inspection". */
export function slugFromActionName(action: string): string {
  return action.trim().replace(/_/g, '-').toLowerCase();
}

export type SegmentMeaning = { kind: 'action'; action: string; tab: TabSlug } | { kind: 'tab'; tab: TabSlug };

/**
 * The {action} segment: a dashed slug converted to an upper-case underscore name; when that names an
 * available action, the action (its dialog opens over the first tab); otherwise a tab slug; anything
 * else (or nothing) the first tab.
 */
export function resolveSegment(segment: string | null | undefined, availableActions: readonly string[]): SegmentMeaning {
  if (!segment) return { kind: 'tab', tab: FIRST_TAB };
  const action = actionNameFromSlug(segment);
  if (availableActions.includes(action)) return { kind: 'action', action, tab: FIRST_TAB };
  const slug = segment.trim().toLowerCase();
  return { kind: 'tab', tab: isTabSlug(slug) ? slug : FIRST_TAB };
}

/** "REJECT_WITH_CONDITIONS" -> "Reject With Conditions". */
export function titleCaseWords(value: string): string {
  return value
    .split(/[_\s]+/)
    .filter(Boolean)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1).toLowerCase())
    .join(' ');
}

const ACTION_LABELS: Readonly<Record<string, string>> = {
  AUTO_REPLY_YES: 'Order Is On Time',
  AUTO_REPLY_NO: 'Order Is NOT On Time',
  DELIVER: 'Deliver To Client',
  CANCEL: 'Cancel Order',
  HOLD: 'Put On Hold',
  ASK_ON_TIME: 'Ask If On Time',
};

/** The Actions menu label of an action (as the server labels it). */
export function actionLabel(action: string, wasPreviouslyScheduled: boolean): string {
  if (action === 'SCHEDULE_INSPECTION') return wasPreviouslyScheduled ? 'Reschedule Inspection' : 'Schedule Inspection';
  return ACTION_LABELS[action] ?? titleCaseWords(action);
}
