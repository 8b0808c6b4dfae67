import { queryOptions } from '@tanstack/react-query';
import { api, call, type Schemas } from '../../../lib/api';

/** Staff's calls for the fair-language rules (/api/staff/fair-language/rules): the lexicon, a new rule, a changed one. */
export type FairLanguageRule = Schemas['FairLanguageRule'];
export type RuleBody = Schemas['RuleBody'];

export const RULES_KEY = ['staff', 'fair-language', 'rules'] as const;

/** Failures are shown where the call was made, not as a notice. */
const quiet = { notify: false } as const;

/** GET: the rules in id order and the rule set's version. */
export const rulesQuery = () => queryOptions({ queryKey: RULES_KEY, queryFn: () => call(api.GET('/api/staff/fair-language/rules'), quiet) });

/** POST: a new rule (409 when its id is taken); the whole lexicon. */
export const addRule = (body: RuleBody) => call(api.POST('/api/staff/fair-language/rules', { body }), quiet);

/** PUT: changes the rule `body.id` names (active false retires it; none is deleted); the whole lexicon. */
export const changeRule = (body: RuleBody) => call(api.PUT('/api/staff/fair-language/rules', { body }), quiet);
