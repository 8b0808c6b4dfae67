/**
 * Test doubles for the profile calls (PROFILE-CONTRACT.md): an in-memory appraiser whose handlers
 * answer like the server, record what they were sent, and can be told to refuse.
 */
import { http, HttpResponse, type HttpHandler } from 'msw';
import { appConfig, csrf, loggedIn, server } from '../../test/server';
import { renderApp } from '../../test/render';
import { appraiserInfo } from '../../test/appraiser';
import type { TaxForm, TaxInfo } from '../../lib/taxId';
import type { AppraiserInfo, CoverageArea, EnoFileRef, FeeEntry, FileRecord, Licence, PanelHistory, Scorecard } from './api';

export const APPRAISER_ID = 10;
export const appraiserUser = { securityUserId: APPRAISER_ID, userType: 1, firstName: 'Avery', lastName: 'Appraiser' };
export const adminUser = { securityUserId: 30, userType: 6, firstName: 'Casey', lastName: 'Admin' };
export const staffUser = { securityUserId: 20, userType: 2, firstName: 'Dana', lastName: 'Staff' };

export interface ProfileState {
  appraiser: AppraiserInfo;
  areas: CoverageArea[];
  averageScore: number;
  licences: Licence[];
  enoFile: EnoFileRef | null;
  documents: FileRecord[];
  scorecard: Scorecard;
  panel: PanelHistory;
  fees: FeeEntry[];
  tax: TaxInfo;
}

/** A refusal: status and message, for a call told to fail. */
export type Refusal = { status: number; message: string };

export interface Calls {
  add: unknown[];
  remove: unknown[];
  trainee: unknown[];
  ooo: unknown[];
  password: unknown[];
  answer: unknown[];
  capacity: unknown[];
  fees: unknown[];
  tax: TaxForm[];
  /** Multipart bodies as [name, value or file name] pairs. */
  eno: [string, string][][];
  upload: [string, string][][];
  downloads: string[];
}

export interface ProfileServerOptions {
  user?: Record<string, unknown>;
  state?: Partial<ProfileState>;
  /** Calls that answer with a refusal instead. */
  refuse?: Partial<Record<'load' | 'add' | 'remove' | 'trainee' | 'eno' | 'ooo' | 'password' | 'upload' | 'answer' | 'capacity', Refusal>>;
  /** The 422 field map the fee schedule's save answers with instead. */
  refuseFees?: Record<string, string>;
  /** What the tax information's save answers instead: a status, message and (for a 422) its field map. */
  refuseTax?: Refusal & { fields?: Record<string, string> };
  /** The password change's answer on success (default { message: 'Password changed successfully' }). */
  passwordAnswer?: unknown;
}

const refusal = (r: Refusal) => HttpResponse.json({ message: r.message }, { status: r.status });

/** A multipart body as [name, value] pairs; a file as its name. */
async function entries(request: Request): Promise<[string, string][]> {
  const form = await request.formData();
  return [...form.entries()].map(([k, v]) => [k, typeof v === 'string' ? v : (v as File).name]);
}

export function profileServer(options: ProfileServerOptions = {}) {
  const state: ProfileState = {
    appraiser: appraiserInfo(),
    areas: [
      { id: 1, appraiserProfile: 3, coverageStateCode: 'TX', coverageCounty: 'Travis', verified: true },
      { id: 2, appraiserProfile: 3, coverageStateCode: 'TX', coverageCounty: 'Williamson', verified: false },
    ],
    averageScore: 0,
    licences: [{ id: 5, type: 'Certified Residential', stateCode: 'TX', ogNumber: 'TX-1380001-R', expirationDate: '2027-03-31' }],
    enoFile: { id: 41, fileName: 'eno-2025.pdf', uploadDate: '2026-01-05T15:00:00Z' },
    documents: [
      { id: 52, fileType: 'W-9', fileName: 'w9.pdf', fileSize: 1536, uploadedBy: 'Avery Appraiser', uploadDate: '2026-02-03T16:30:00Z' },
      { id: 51, fileType: 'License', fileName: 'license.pdf', fileSize: 300, uploadedBy: 'Dana Staff', uploadDate: '2026-01-02T15:00:00Z' },
    ],
    scorecard: { orders: 4, onTimeRate: 0.75, averageTurnTimeBusinessDays: 4.5, revisionsPerOrder: 0.25, fairLanguageBlockRate: 0.25, fairLanguageWarnRate: null },
    panel: { suspended: false, events: [] },
    fees: [{ productId: 1, feeCents: 40000 }],
    tax: { legalName: null, taxAddress: null, taxIdKind: null, taxIdLast4: null },
    ...options.state,
  };
  const calls: Calls = { add: [], remove: [], trainee: [], ooo: [], password: [], answer: [], capacity: [], fees: [], tax: [], eno: [], upload: [], downloads: [] };
  const refuse = options.refuse ?? {};
  let nextId = 100;
  const mine = (id: string | readonly string[] | undefined) => Number(id) === state.appraiser.securityUser.id;
  const notFound = () => HttpResponse.json({ message: 'Appraiser Not Found' }, { status: 404 });
  const load = () => (refuse.load ? refusal(refuse.load) : HttpResponse.json(state.appraiser));

  const handlers: HttpHandler[] = [
    csrf,
    appConfig(),
    loggedIn(options.user ?? appraiserUser),
    http.get('*/api/appraiser/me', () => load()),
    http.get('*/api/appraiser/:id', ({ params }) => (mine(params.id) ? load() : notFound())),
    http.get('*/api/appraiser/:id/coverage-areas', ({ params }) =>
      mine(params.id) ? HttpResponse.json({ appraiserCoverageAreas: state.areas, averageScore: state.averageScore }) : notFound(),
    ),
    http.post('*/api/appraiser/coverage-areas/add', async ({ request }) => {
      const body = (await request.json()) as { state: string; county: string };
      calls.add.push(body);
      if (refuse.add) return refusal(refuse.add);
      const area: CoverageArea = { id: nextId++, appraiserProfile: 3, coverageStateCode: body.state, coverageCounty: body.county, verified: false };
      state.areas = [...state.areas, area];
      return HttpResponse.json(area);
    }),
    http.post('*/api/appraiser/coverage-areas/delete', async ({ request }) => {
      const body = (await request.json()) as { coverageAreaId: number };
      calls.remove.push(body);
      if (refuse.remove) return refusal(refuse.remove);
      state.areas = state.areas.filter((a) => a.id !== body.coverageAreaId);
      return HttpResponse.json({ message: 'Coverage area removed.' });
    }),
    http.post('*/api/appraiser/update-trainee-info', async ({ request }) => {
      const body = (await request.json()) as { hasTrainee: boolean };
      calls.trainee.push(body);
      if (refuse.trainee) return refusal(refuse.trainee);
      state.appraiser = { ...state.appraiser, noTrainee: !body.hasTrainee };
      return HttpResponse.json(state.appraiser);
    }),
    http.post('*/api/appraiser/update-ooo', async ({ request }) => {
      const body = (await request.json()) as { startDate: string; endDate: string };
      calls.ooo.push(body);
      if (refuse.ooo) return refusal(refuse.ooo);
      state.appraiser = { ...state.appraiser, oooStartDate: body.startDate, oooEndDate: body.endDate };
      return HttpResponse.json(state.appraiser);
    }),
    http.post('*/api/appraiser/update-capacity', async ({ request }) => {
      const body = (await request.json()) as { capacity: number | null };
      calls.capacity.push(body);
      if (refuse.capacity) return HttpResponse.json({ message: refuse.capacity.message, fields: { capacity: refuse.capacity.message } }, { status: refuse.capacity.status });
      state.appraiser = { ...state.appraiser, capacity: body.capacity };
      return HttpResponse.json(state.appraiser);
    }),
    http.get('*/api/appraiser/:id/fee-schedule', ({ params }) => (mine(params.id) ? HttpResponse.json(state.fees) : notFound())),
    http.put('*/api/appraiser/:id/fee-schedule', async ({ request }) => {
      const body = (await request.json()) as FeeEntry[];
      calls.fees.push(body);
      if (options.refuseFees) return HttpResponse.json({ message: Object.values(options.refuseFees)[0], fields: options.refuseFees }, { status: 422 });
      state.fees = body;
      return HttpResponse.json(state.fees);
    }),
    http.get('*/api/appraiser/:id/tax-info', ({ params }) => (mine(params.id) ? HttpResponse.json(state.tax) : refusal({ status: 403, message: 'Forbidden' }))),
    http.put('*/api/appraiser/:id/tax-info', async ({ request }) => {
      const body = (await request.json()) as TaxForm;
      calls.tax.push(body);
      const r = options.refuseTax;
      if (r) return HttpResponse.json({ message: r.message, fields: r.fields }, { status: r.status });
      const digits = body.taxId?.replace(/\D/g, '');
      state.tax = {
        legalName: body.legalName === undefined ? state.tax.legalName : body.legalName || null,
        taxAddress: body.taxAddress === undefined ? state.tax.taxAddress : body.taxAddress || null,
        taxIdKind: digits ? (body.taxId!.indexOf('-') === 2 ? 'EIN' : 'SSN') : state.tax.taxIdKind,
        taxIdLast4: digits ? digits.slice(5) : state.tax.taxIdLast4,
      };
      return HttpResponse.json(state.tax);
    }),
    http.get('*/api/constants/report-products', () =>
      HttpResponse.json([
        { id: 1, value: '1', label: '1004 Single Family Residential', productDescription: '1004 Single Family Residential', desktop: false, defaultFee: null },
        { id: 2, value: '2', label: '1007 Rent Schedule', productDescription: '1007 Rent Schedule', desktop: false, defaultFee: null },
      ]),
    ),
    http.post('*/api/appraiser/update-e-and-o', async ({ request }) => {
      const sent = await entries(request);
      calls.eno.push(sent);
      if (refuse.eno) return refusal(refuse.eno);
      const get = (k: string) => sent.find(([name]) => name === k)?.[1] ?? '';
      state.enoFile = { id: nextId++, fileName: get('policyFile'), uploadDate: '2026-03-01T12:00:00Z' };
      state.appraiser = {
        ...state.appraiser,
        enoProvider: get('provider'),
        enoPerIncidentAmount: Number(get('perIncidentCoverage')),
        enoAggregateAmount: Number(get('aggregateCoverage')),
        enoExpirationDate: get('expirationDate'),
      };
      const a = state.appraiser;
      return HttpResponse.json({
        enoProvider: a.enoProvider,
        enoPerIncidentAmount: a.enoPerIncidentAmount,
        enoAggregateAmount: a.enoAggregateAmount,
        enoExpirationDate: a.enoExpirationDate,
        enoFile: state.enoFile,
      });
    }),
    http.get('*/api/appraiser/:id/scorecard', ({ params }) => (mine(params.id) ? HttpResponse.json(state.scorecard) : notFound())),
    http.get('*/api/appraiser/:id/panel-history', ({ params }) => (mine(params.id) ? HttpResponse.json(state.panel) : notFound())),
    http.post('*/api/appraiser/:id/panel-history/answer', async ({ request }) => {
      const body = (await request.json()) as { text: string };
      calls.answer.push(body);
      if (refuse.answer) return refusal(refuse.answer);
      const event = { id: nextId++, kind: 'answer', text: body.text, by: 'Avery Appraiser', at: '2026-03-03T15:00:00Z' };
      state.panel = { ...state.panel, events: [...state.panel.events, event] };
      return HttpResponse.json({ message: 'Your answer was sent.' });
    }),
    http.get('*/api/appraiser/:id/license-info', ({ params }) => (mine(params.id) ? HttpResponse.json(state.licences) : notFound())),
    http.get('*/api/file/my-e-and-o/:id', ({ params }) => (mine(params.id) ? HttpResponse.json(state.enoFile) : notFound())),
    http.get('*/api/file/appraiser-documents/:id', ({ params }) => (mine(params.id) ? HttpResponse.json(state.documents) : notFound())),
    http.get('*/api/file/stream/appraiserprofilefile/:fileId', ({ params, request }) => {
      calls.downloads.push(`${String(params.fileId)}${new URL(request.url).search}`);
      return new HttpResponse('%PDF-1.4', { headers: { 'content-type': 'application/pdf' } });
    }),
    http.post('*/api/file/upload', async ({ request }) => {
      const sent = await entries(request);
      calls.upload.push(sent);
      if (refuse.upload) return refusal(refuse.upload);
      const names = sent.filter(([k]) => k === 'files').map(([, v]) => v);
      const added = names.map((fileName) => ({ id: nextId++, fileType: 'Resume', fileName, fileSize: 2048, uploadedBy: 'Avery Appraiser', uploadDate: '2026-03-02T12:00:00Z' }));
      state.documents = [...added.reverse(), ...state.documents];
      return HttpResponse.json(added);
    }),
    http.post('*/api/auth/change-my-password', async ({ request }) => {
      calls.password.push(await request.json());
      if (refuse.password) return refusal(refuse.password);
      return HttpResponse.json(options.passwordAnswer ?? 'Password changed successfully');
    }),
    http.get('*/api/constants/states', () =>
      HttpResponse.json([
        { label: 'Oklahoma', value: 'OK' },
        { label: 'Texas', value: 'TX' },
      ]),
    ),
    http.get('*/api/constants/counties/:state', ({ params }) =>
      HttpResponse.json((params.state === 'TX' ? ['Bexar', 'Travis', 'Williamson'] : ['Cleveland', 'Tulsa']).map((c) => ({ label: c, value: c }))),
    ),
    http.get('*/api/constants/appraiser-file-types', () =>
      HttpResponse.json([
        { label: 'License', value: '20', id: 20 },
        { label: 'Resume', value: '23', id: 23 },
      ]),
    ),
  ];
  return { handlers, calls, state };
}

/** Serves the profile calls as `options` say and opens `path`; `h` answers them and records what they were sent. */
export function renderProfile(path: string, options: ProfileServerOptions = {}) {
  const h = profileServer(options);
  server.use(...h.handlers);
  return { h, ...renderApp(path) };
}
