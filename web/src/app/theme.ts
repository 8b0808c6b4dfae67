import { createTheme, type CSSVariablesResolver } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'blue',
  // Default shade 6 fails WCAG AA contrast with white text; 8 passes.
  primaryShade: { light: 8, dark: 8 },
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '700' },
  // People who ask their system for less motion get no transitions.
  respectReducedMotion: true,
  defaultRadius: 'sm',
  components: {
    // The toast description is gray 6 under a title, which fails AA contrast. (A plain object, not
    // Notification.extend, keeps the notice component out of the sign-in page's code.)
    Notification: {
      styles: { description: { color: 'var(--mantine-color-gray-8)' } },
    },
  },
});

/**
 * Mantine's "dimmed" text (gray 6) and error red (red 6, #fa5252) fail AA contrast on white;
 * use gray 7 and red 9.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)', '--mantine-color-error': 'var(--mantine-color-red-9)' },
  dark: {},
});
