// Writes src/lib/api-enums.ts: a named constant for each value of every integer enum of the API
// document that names its values (x-enum-varnames), e.g. OrderStatus.InReview === 14.
import { readFileSync, writeFileSync } from 'node:fs';

const [input = 'openapi.json', output = 'src/lib/api-enums.ts'] = process.argv.slice(2);
const schemas = JSON.parse(readFileSync(input, 'utf8')).components?.schemas ?? {};

const blocks = Object.entries(schemas)
  .filter(([, schema]) => Array.isArray(schema['x-enum-varnames']))
  .sort(([a], [b]) => a.localeCompare(b))
  .map(([name, schema]) => {
    const entries = schema['x-enum-varnames'].map((variant, i) => `  ${variant}: ${JSON.stringify(schema.enum[i])},`);
    return [`export const ${name} = {`, ...entries, '} as const;', `export type ${name} = (typeof ${name})[keyof typeof ${name}];`].join('\n');
  });

writeFileSync(output, ['// Generated from openapi.json by scripts/gen-enums.mjs: do not edit.', '', blocks.join('\n\n'), ''].join('\n'));
