import type { ComponentType } from 'react';
import { MarkInspectedDialog } from './actions/MarkInspectedDialog';
import { ReassignDialog, StaffAssignDialog } from './actions/AssignDialog';
import { RejectWithConditionsDialog } from './actions/RejectWithConditionsDialog';
import { ScheduleInspectionDialog } from './actions/ScheduleInspectionDialog';
import { AcceptDialog, AutoReplyNoDialog, AutoReplyYesDialog, RejectDialog, SendMessageDialog, UpdateStatusDialog } from './actions/SimpleDialogs';
import {
  ApproveConditionsDialog,
  AskOnTimeDialog,
  CancelOrderDialog,
  CompleteDialog,
  DeclineConditionsDialog,
  DeliverDialog,
  HoldDialog,
  ResumeDialog,
  UnassignDialog,
} from './actions/StaffDialogs';
import { RequestRevisionDialog } from './actions/RequestRevisionDialog';
import { UploadFilesDialog } from './actions/UploadFilesDialog';
import type { ActionDialogProps, DialogAction } from './actions/types';

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
  ASSIGN: StaffAssignDialog,
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
