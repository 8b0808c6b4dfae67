import { queryOptions } from '@tanstack/react-query';
import { api, call, type Schemas } from '../../../lib/api';

/** Staff's calls for the products: their settings and review checklists (/api/staff/products). */
export type Product = Schemas['Product'];
export type Checklist = Schemas['Checklist'];
export type ChecklistItemInput = Schemas['ChecklistItemInput'];

export const productKeys = {
  all: ['staff', 'products'] as const,
  checklist: (id: number) => [...productKeys.all, id, 'checklist'] as const,
};

const onProduct = (id: number) => ({ params: { path: { id } } });

export const productsQuery = () => queryOptions({ queryKey: productKeys.all, queryFn: () => call(api.GET('/api/staff/products'), { notify: false }) });

export const checklistQuery = (id: number) =>
  queryOptions({ queryKey: productKeys.checklist(id), queryFn: () => call(api.GET('/api/staff/products/{id}/checklist', onProduct(id)), { notify: false }) });

export const MSG_PRODUCT_SAVE_FAILED = 'The product could not be saved. Please try again.';

/** A product's on/off settings. */
export type ProductSwitch = 'dataFileRequired' | 'borrowerPays';

/** PUT /api/staff/products/{id} turning one setting on or off (the data-file setting is always sent); a failure shows as a notice (the switch has no room for it). */
export const setProductSwitch = (product: Product, setting: ProductSwitch, on: boolean) =>
  call(api.PUT('/api/staff/products/{id}', { ...onProduct(product.id), body: { dataFileRequired: product.dataFileRequired, [setting]: on } }), {
    errorMessage: MSG_PRODUCT_SAVE_FAILED,
  });

/** PUT /api/staff/products/{id}/checklist: the whole list in order; the list as it now stands. */
export const saveChecklist = (id: number, items: ChecklistItemInput[]) =>
  call(api.PUT('/api/staff/products/{id}/checklist', { ...onProduct(id), body: { items } }), { notify: false });

/** PUT /api/staff/products/{id} with the default price list's price (the product's current data-file setting kept); a refusal shows on the input. */
export const setClientFee = (product: Product, clientFeeCents: number) =>
  call(api.PUT('/api/staff/products/{id}', { ...onProduct(product.id), body: { dataFileRequired: product.dataFileRequired, clientFeeCents } }), { notify: false });

// ---- A product's turn-time rule ------------------------------------------------------------------

export type StateTurnTime = Schemas['StateTurnTime'];

/** A product's turn-time rule; `businessDays` null means none (staff choose every due date). */
export type TurnTimeRule = Schemas['TurnTimeRule'];

export const turnTimeKey = (id: number) => [...productKeys.all, id, 'turn-time'] as const;

/** GET /api/staff/products/{id}/turn-time. */
export const turnTimeQuery = (id: number) =>
  queryOptions({
    queryKey: turnTimeKey(id),
    queryFn: () => call(api.GET('/api/staff/products/{id}/turn-time', onProduct(id)), { notify: false }),
  });

/** PUT /api/staff/products/{id}/turn-time: the whole rule (the state list replaces the old one); the rule as saved. */
export const saveTurnTime = (id: number, rule: TurnTimeRule) =>
  call(api.PUT('/api/staff/products/{id}/turn-time', { ...onProduct(id), body: rule }), {
    notify: false,
  });
