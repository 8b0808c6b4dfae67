import { crc32 } from 'node:zlib';

/*
 * UAD 3.6 data files for the browser tests: a ZIP (stored, not deflated) holding the MISMO 3.6
 * message, the report PDF and one photo, written from the published element names as the server's
 * own samples are (crates/uad/src/samples.rs).
 */

export interface Uad36 {
  /** The appraised value as written, or null to leave it out (hard stop 100). */
  value: string | null;
  effectiveDate: string;
  street: string;
  city: string;
  state: string;
  zip: string;
  appraiserName: string;
  licenseNumber: string;
  pdf: Buffer;
}

const leaf = (name: string, value: string | null) => (value == null ? '' : `<${name}>${value.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</${name}>`);

function message(u: Uad36): Buffer {
  const party =
    `<PARTY><INDIVIDUAL><NAME>${leaf('FullName', u.appraiserName)}</NAME></INDIVIDUAL><ROLES><ROLE><APPRAISER><APPRAISER_LICENSE>` +
    `${leaf('AppraiserLicenseIdentifier', u.licenseNumber)}${leaf('AppraiserLicenseStateCode', u.state)}${leaf('AppraiserLicenseExpirationDate', '2030-12-31')}` +
    `</APPRAISER_LICENSE></APPRAISER><ROLE_DETAIL><PartyRoleType>Appraiser</PartyRoleType></ROLE_DETAIL></ROLE></ROLES></PARTY>`;
  const xml =
    `<?xml version="1.0" encoding="UTF-8"?>\n<MESSAGE xmlns="http://www.mismo.org/residential/2009/schemas" MISMOReferenceModelIdentifier="3.6.0">` +
    `<DEAL_SETS><DEAL_SET><DEALS><DEAL><COLLATERALS><COLLATERAL><SUBJECT_PROPERTY><ADDRESS>` +
    `${leaf('AddressLineText', u.street)}${leaf('CityName', u.city)}${leaf('StateCode', u.state)}${leaf('PostalCode', u.zip)}</ADDRESS>` +
    `<PROPERTY_DETAIL><PropertyCategoryType>SingleFamily</PropertyCategoryType><PropertyConditionRatingType>C3</PropertyConditionRatingType>` +
    `<PropertyQualityRatingType>Q4</PropertyQualityRatingType></PROPERTY_DETAIL></SUBJECT_PROPERTY></COLLATERAL></COLLATERALS>` +
    `<PARTIES>${party}</PARTIES><SERVICES><SERVICE><VALUATION><VALUATION_RESPONSE><VALUATION_ANALYSES><VALUATION_ANALYSIS>` +
    `<VALUATION_RECONCILIATION>${leaf('OpinionOfValueAmount', u.value)}${leaf('AppraisalReportEffectiveDate', u.effectiveDate)}` +
    `<AppraisalValueConditionType>AsIs</AppraisalValueConditionType></VALUATION_RECONCILIATION>` +
    `</VALUATION_ANALYSIS></VALUATION_ANALYSES></VALUATION_RESPONSE></VALUATION></SERVICE></SERVICES></DEAL></DEALS></DEAL_SET></DEAL_SETS></MESSAGE>\n`;
  return Buffer.from(xml, 'utf8');
}

/** The run a local header and its central directory record share from `at`: CRC-32, both sizes (equal, as stored) and the name's length. */
function writeEntryFields(header: Buffer, at: number, crc: number, size: number, nameLength: number): void {
  header.writeUInt32LE(crc, at);
  header.writeUInt32LE(size, at + 4);
  header.writeUInt32LE(size, at + 8);
  header.writeUInt16LE(nameLength, at + 12);
}

/** A ZIP of the entries, stored (method 0). */
export function zipOf(entries: [string, Buffer][]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, data] of entries) {
    const fileName = Buffer.from(name, 'utf8');
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    writeEntryFields(local, 14, crc, data.length, fileName.length);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    writeEntryFields(central, 16, crc, data.length, fileName.length);
    central.writeUInt32LE(offset, 42);
    locals.push(local, fileName, data);
    centrals.push(central, fileName);
    offset += local.length + fileName.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** A UAD 3.6 ZIP: the message, the PDF and one photo. */
export function uad36(u: Uad36): Buffer {
  return zipOf([
    ['appraisal.xml', message(u)],
    ['appraisal.pdf', u.pdf],
    ['images/front.jpg', Buffer.from([0xff, 0xd8, 0xff, 0xd9])],
  ]);
}
