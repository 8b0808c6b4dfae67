import { describe, expect, it } from 'vitest';
import readme from '../../../README.md?raw';
import domain from '../../../docs/domain.md?raw';
import { UserType } from '../lib/roles';
import { menuFor } from './shell/menu';

/** The table rows of a Markdown document (lines starting with "|"). */
const tableRows = (markdown: string) => markdown.split('\n').filter((line) => line.startsWith('|'));

describe("the docs on the client's area", () => {
  it("docs/domain.md's route table names every client menu item with its route", () => {
    const clientRow = tableRows(domain).find((row) => row.startsWith('| `/client` |'));
    expect(clientRow).toBeDefined();
    // Every item: an administrator's menu.
    for (const item of menuFor(UserType.CLIENT, { administers: true, acts: true })) {
      expect(clientRow).toContain(`${item.label} (\`${item.to}\`)`);
    }
    expect(clientRow).toContain('`/client/orders/{id}`');
  });

  it("the README's demo table gives the demo client its own area, not Access Denied", () => {
    const row = tableRows(readme).find((r) => r.includes('`demo.client`'));
    expect(row).toBeDefined();
    expect(row).not.toContain('Access Denied');
    expect(row).toContain('client area');
  });
});
