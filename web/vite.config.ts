import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * Mantine's AppShell header, footer and aside import react-remove-scroll only for the class name
 * that keeps them clear of a scroll lock's scrollbar gap. Given just the class names, the sign-in
 * page does without the scroll lock itself (about 3 KB compressed); dialogs still get the real one.
 */
function appShellScrollClassNames(): Plugin {
  const id = '\0app-shell-remove-scroll';
  return {
    name: 'app-shell-remove-scroll',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === 'react-remove-scroll' && importer && /@mantine\/core\/esm\/components\/AppShell\//.test(importer)) return id;
    },
    load(loaded) {
      if (loaded !== id) return;
      return `import { fullWidthClassName, zeroRightClassName } from 'react-remove-scroll-bar/constants';
export const RemoveScroll = { classNames: { fullWidth: fullWidthClassName, zeroRight: zeroRightClassName } };`;
    },
  };
}

export default defineConfig({
  plugins: [react(), appShellScrollClassNames()],
  server: {
    proxy: {
      '/api': { target: 'http://127.0.0.1:8080', changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      output: {
        // Few files on the way to the first screen: each is a request, and on a slow phone network
        // requests cost round trips (Lighthouse, issue 22). The code the entry imports statically is
        // one file (not the entry plus the small chunks it shares with lazy pages), and the sign-in
        // page is one file with the form controls it needs (which the other pages import from it).
        codeSplitting: {
          groups: [
            { name: 'shell', tags: ['$initial'], priority: 2 },
            { name: 'sign-in', test: /src[\\/](features[\\/]auth[\\/]LoginPage|app[\\/]styles[\\/]signIn)\./, priority: 1 },
          ],
        },
      },
    },
  },
});
