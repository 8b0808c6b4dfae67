/**
 * The profile's tabs in their order: the slug a route names and the label the tab shows. A file
 * without imports, so that the browser tests (e2e/profile.spec.ts) navigate by the same table.
 */
export const TABS = [
  { slug: 'personal-info', label: 'Personal Info' },
  { slug: 'coverage-area', label: 'Coverage Area' },
  { slug: 'certifications', label: 'Certifications' },
  { slug: 'documents', label: 'Documents' },
  { slug: 'settings', label: 'Settings' },
  { slug: 'panel', label: 'Panel' },
] as const;

export type TabSlug = (typeof TABS)[number]['slug'];
