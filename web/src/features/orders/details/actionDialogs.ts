import type { ComponentType } from 'react';
import type { TabSlug } from './slugs';
import type { OrderDetails } from './types';

/** What an action dialog tells the page when its action succeeded (part 2 section 4). */
export interface ActionOutcome {
  /** Switch to this tab after the reload (schedule inspection -> histories, and so on). */
  tab?: TabSlug;
  /** Leave the page for this path instead (reject -> the dashboard). */
  leaveTo?: 'dashboard';
}

export interface ActionDialogProps {
  order: OrderDetails;
  /** The action name, e.g. SCHEDULE_INSPECTION. */
  action: string;
  opened: boolean;
  onClose: () => void;
  /** Called after a successful action: the page reloads the order, then follows the outcome. */
  onDone: (outcome?: ActionOutcome) => void;
}

/**
 * The dialog of each order action, keyed by action name (SCHEDULE_INSPECTION, SEND_MESSAGE, ...).
 * Empty until the order actions are built: choosing an action that has no dialog here only closes
 * the Actions menu, and an action slug in the URL then shows the first tab.
 */
export const actionDialogs: Partial<Record<string, ComponentType<ActionDialogProps>>> = {};
