import { chosenError, optionalTextError, requiredTextError, textOrNull, zipError } from './fieldRules';

/** Longest city (orders/placing.rs check_property). */
export const MAX_CITY = 100;
/** A ZIP code's digits. */
export const ZIP_LENGTH = 5;

/**
 * The property of an order form (the staff desk's and the client area's): where it is and what it
 * is, with the server's rules in its words (crates/server/src/orders/placing.rs check_property and
 * check_kind). The server checks everything again.
 */
export const EMPTY_PROPERTY = {
  propertyAddressLine1: '',
  propertyAddressLine2: '',
  propertyCity: '',
  propertyStateCode: '',
  propertyCounty: '',
  propertyZip: '',
  propertyTypeId: '',
  intendedUseId: '',
};
export type PropertyFields = typeof EMPTY_PROPERTY;

/** Each property field's check (undefined when it passed). */
export function propertyErrors(v: PropertyFields) {
  return {
    propertyAddressLine1: requiredTextError('Property address', v.propertyAddressLine1),
    propertyAddressLine2: optionalTextError('Property address line 2', v.propertyAddressLine2),
    propertyCity: requiredTextError('Property city', v.propertyCity, MAX_CITY),
    propertyStateCode: chosenError('Property state', v.propertyStateCode),
    propertyCounty: chosenError('Property county', v.propertyCounty),
    propertyZip: zipError('Property zip', v.propertyZip),
    propertyTypeId: chosenError('Property type', v.propertyTypeId),
    intendedUseId: chosenError('Intended use', v.intendedUseId),
  };
}

/** The property's part of the body the server takes. */
export function propertyBody(v: PropertyFields) {
  return {
    propertyAddressLine1: v.propertyAddressLine1.trim(),
    propertyAddressLine2: textOrNull(v.propertyAddressLine2),
    propertyCity: v.propertyCity.trim(),
    propertyStateCode: v.propertyStateCode,
    propertyCounty: v.propertyCounty,
    propertyZip: v.propertyZip.trim(),
    // Checked by propertyErrors before a body is made: both choices are made.
    propertyTypeId: Number(v.propertyTypeId),
    intendedUseId: Number(v.intendedUseId),
  };
}
