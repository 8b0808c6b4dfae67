import type { ComponentType } from 'react';
import { MarkInspectedDialog } from './actions/MarkInspectedDialog';
import { ReassignDialog } from './actions/ReassignDialog';
import { RejectWithConditionsDialog } from './actions/RejectWithConditionsDialog';
import { ScheduleInspectionDialog } from './actions/ScheduleInspectionDialog';
import { AcceptDialog, AutoReplyNoDialog, AutoReplyYesDialog, RejectDialog, SendMessageDialog, UpdateStatusDialog } from './actions/SimpleDialogs';
import { UploadFilesDialog } from './actions/UploadFilesDialog';
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
 * The dialog of each order action, keyed by action name (SCHEDULE_INSPECTION, SEND_MESSAGE, ...):
 * the Actions menu and an action slug in the URL open them. An action without a dialog here would
 * only close the menu.
 */
export const actionDialogs: Partial<Record<string, ComponentType<ActionDialogProps>>> = {
  SCHEDULE_INSPECTION: ScheduleInspectionDialog,
  MARK_INSPECTED: MarkInspectedDialog,
  UPLOAD_FILES: UploadFilesDialog,
  SEND_MESSAGE: SendMessageDialog,
  REJECT_WITH_CONDITIONS: RejectWithConditionsDialog,
  REJECT: RejectDialog,
  REASSIGN: ReassignDialog,
  ACCEPT: AcceptDialog,
  AUTO_REPLY_YES: AutoReplyYesDialog,
  AUTO_REPLY_NO: AutoReplyNoDialog,
  UPDATE_STATUS: UpdateStatusDialog,
};
