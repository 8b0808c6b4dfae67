import type { ComponentType } from 'react';
import { MarkInspectedDialog } from './actions/MarkInspectedDialog';
import { ReassignDialog } from './actions/ReassignDialog';
import { RejectWithConditionsDialog } from './actions/RejectWithConditionsDialog';
import { ScheduleInspectionDialog } from './actions/ScheduleInspectionDialog';
import { AcceptDialog, AutoReplyNoDialog, AutoReplyYesDialog, RejectDialog, SendMessageDialog, UpdateStatusDialog } from './actions/SimpleDialogs';
import {
  ApproveConditionsDialog,
  AskOnTimeDialog,
  AssignDialog,
  CancelOrderDialog,
  CompleteDialog,
  DeclineConditionsDialog,
  DeliverDialog,
  HoldDialog,
  RequestRevisionDialog,
  ResumeDialog,
  UnassignDialog,
} from './actions/StaffDialogs';
import { UploadFilesDialog } from './actions/UploadFilesDialog';
import type { TabSlug } from './slugs';
import type { OrderAction, OrderDetails } from './types';

/** What an action dialog tells the page when its action succeeded (reload, and which tab or page to show). */
export interface ActionOutcome {
  /** Switch to this tab after the reload (schedule inspection -> histories, and so on). */
  tab?: TabSlug;
  /** Leave the page for this path instead (reject -> the dashboard). */
  leaveTo?: 'dashboard';
}

export interface ActionDialogProps {
  order: OrderDetails;
  /** The action name, e.g. SCHEDULE_INSPECTION. */
  action: DialogAction;
  opened: boolean;
  onClose: () => void;
  /** Called after a successful action: the page reloads the order, then follows the outcome. */
  onDone: (outcome?: ActionOutcome) => void;
}

/** Actions done elsewhere on the page, without a dialog: SET_VISIBILITY is the hide/show control of each row. */
export type InlineAction = Extract<OrderAction, 'SET_VISIBILITY'>;

/** Every other action the server may offer opens a dialog. */
export type DialogAction = Exclude<OrderAction, InlineAction>;

/**
 * The dialog of each order action, keyed by action name (SCHEDULE_INSPECTION, SEND_MESSAGE, ...):
 * the Actions menu and an action slug in the URL open them. An action the server's schema adds
 * without a dialog here (or in InlineAction) does not compile.
 */
export const actionDialogs: Record<DialogAction, ComponentType<ActionDialogProps>> = {
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
  // The staff desk's operations.
  ASSIGN: AssignDialog,
  UNASSIGN: UnassignDialog,
  APPROVE_CONDITIONS: ApproveConditionsDialog,
  DECLINE_CONDITIONS: DeclineConditionsDialog,
  REQUEST_REVISION: RequestRevisionDialog,
  COMPLETE: CompleteDialog,
  DELIVER: DeliverDialog,
  CANCEL: CancelOrderDialog,
  HOLD: HoldDialog,
  RESUME: ResumeDialog,
  ASK_ON_TIME: AskOnTimeDialog,
};

/** Whether an action name (from the server or the URL) is one with a dialog. */
export function hasDialog(action: string): action is DialogAction {
  return Object.hasOwn(actionDialogs, action);
}
