/** Test doubles for the order form's pages (New Order, Edit Order): the signed-in staff member and the form's lookups. */
import { http, HttpResponse } from 'msw';
import { appConfig, csrf, loggedIn } from '../../../test/server';
import { staff } from '../../../test/users';

const options = (labels: string[]) => labels.map((label, i) => ({ label, value: String(i + 1), id: i + 1 }));
const product = (id: number, label: string, defaultFee: number) => ({ id, label, value: String(id), productDescription: label, desktop: false, defaultFee });

/** Staff signed in, and what the form reads: `clients`, Texas with Travis County, property types, intended uses and two report products. */
export function orderFormLookups(clients = [{ id: 3, companyName: 'Acme Lending' }]) {
  return [
    loggedIn(staff),
    appConfig(),
    csrf,
    http.get('*/api/staff/clients', () => HttpResponse.json(clients)),
    http.get('*/api/constants/states', () => HttpResponse.json([{ label: 'Texas', value: 'TX' }])),
    http.get('*/api/constants/counties/TX', () => HttpResponse.json([{ label: 'Travis County', value: 'Travis County' }])),
    http.get('*/api/constants/property-types', () => HttpResponse.json(options(['Single Family Residence', 'Condominium']))),
    http.get('*/api/constants/intended-uses', () => HttpResponse.json(options(['Purchase', 'Refinance']))),
    http.get('*/api/constants/report-products', () => HttpResponse.json([product(1, '1004 Single Family Residential', 450), product(2, '1007 Rent Schedule', 100)])),
  ];
}
