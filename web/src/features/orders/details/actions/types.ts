import type { TabSlug } from '../slugs';
import type { OrderAction, OrderDetails } from '../types';

/**
 * What the order page and its action dialogs share. The dialogs import only this file, never the
 * registry (actionDialogs.ts), which imports every dialog.
 */

/** What an action dialog tells the page when its action succeeded (reload, and which tab or page to show). */
export interface ActionOutcome {
  /** Switch to this tab after the reload (schedule inspection -> histories, and so on). */
  tab?: TabSlug;
  /** Leave the page for this path instead (reject -> the dashboard). */
  leaveTo?: 'dashboard';
}

/** Actions done elsewhere on the page, without a dialog: SET_VISIBILITY is the hide/show control of each row. */
export type InlineAction = Extract<OrderAction, 'SET_VISIBILITY'>;

/** The lender's own move (asked from the client's order page), never offered on the Actions menu. */
export type ClientAction = Extract<OrderAction, 'REQUEST_LENDER_REVISION'>;

/** Every other action the server may offer opens a dialog. */
export type DialogAction = Exclude<OrderAction, InlineAction | ClientAction>;

export interface ActionDialogProps {
  order: OrderDetails;
  /** The action name, e.g. SCHEDULE_INSPECTION. */
  action: DialogAction;
  opened: boolean;
  onClose: () => void;
  /** Called after a successful action: the page reloads the order, then follows the outcome. */
  onDone: (outcome?: ActionOutcome) => void;
}
