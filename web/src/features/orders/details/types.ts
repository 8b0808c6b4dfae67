/**
 * The order details shapes of part 2 section 3, as the server sends them (camelCase JSON).
 * Written by hand until the server's OpenAPI document carries them; then these become aliases of
 * the generated schemas.
 */
export interface ReportType {
  id: number;
  productDescription: string;
}

export interface Contact {
  id: number;
  name: string;
  email: string | null;
  cellPhone: string | null;
  workPhone: string | null;
  homePhone: string | null;
  /** Underscore-separated words, e.g. PROPERTY_CONTACT. */
  type: string;
}

export interface HistoryEntry {
  id: number;
  orderStatus: number;
  orderStatusDescription: string;
  /** Sanitised HTML. */
  orderStatusMessage: string | null;
  statusDate: string;
  hide: boolean;
}

export interface OrderFile {
  id: number;
  fileName: string;
  fileTypeDescription: string;
  fileSize: number;
  uploadDateTime: string;
  uploadedByFirstName: string | null;
  uploadedByLastName: string | null;
  hide: boolean;
}

export interface OrderMessage {
  id: number;
  messageTypeDescription: string;
  messageText: string;
  messageFromFirstName: string | null;
  messageFromLastName: string | null;
  dateCreated: string;
  hide: boolean;
}

export interface OrderDetails {
  id: number;
  createDate: string;
  fileNumber: string;
  loanNumber: string | null;
  fhaCaseId: string | null;
  statusId: number;
  orderStatus: string;
  borrowerName?: string | null;
  propertyAddress: string;
  county: string | null;
  propertyType: string | null;
  intendedUse: string | null;
  reportType1: ReportType | null;
  reportType2: ReportType | null;
  reportType3: ReportType | null;
  reportType4: ReportType | null;
  appraiserFee: number | null;
  techFee: number | null;
  purchasePrice: number | null;
  orderedBy: string | null;
  orderedByAddress: string | null;
  /** Sanitised HTML. */
  notesAndSpecialInstructions: string | null;
  contactsVisible: boolean;
  propertyContact: Contact | null;
  otherContacts: Contact[];
  appraiserDueDate: string | null;
  inspectionActualDate: string | null;
  estimatedDeliveryDate: string | null;
  inspectionDueDate: string | null;
  estimatedClosingDate: string | null;
  wasPreviouslyScheduled: boolean;
  assignedAppraiserSecurityUser: number;
  availableActions: string[];
  alerts: string[];
  yearBuilt: number | null;
  livingArea: number | null;
  lotArea: number | null;
  countyUse: string | null;
  assessedValue: number | null;
  latitude: number | null;
  longitude: number | null;
  requiresEnv: boolean;
  amcLicense: string | null;
  histories: HistoryEntry[];
  files: OrderFile[];
  messages: OrderMessage[];
}
