import { createHash } from 'node:crypto';
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

/**
 * A visitor who will see the sign-in page gets its code and styles at once, beside the app's first
 * code, rather than once that code has arrived and run. A tiny script of its own (the
 * Content-Security-Policy allows no inline script) adds their preload links: on /login at once;
 * elsewhere once the signed-in check it starts (the request index.html preloads) answers no user, as every
 * signed-in page sends a signed-out visitor to sign-in. It leaves that answer to the app
 * (lib/session.ts reads `window.portalLoggedInCheck` once), so the check is still made once. A
 * signed-in visitor's page loads as before; the router finds the files already on their way.
 */
function signInPagePreload(): Plugin {
  return {
    name: 'sign-in-page-preload',
    apply: 'build',
    enforce: 'post',
    generateBundle(_, bundle) {
      const chunk = Object.values(bundle).find((c) => c.type === 'chunk' && c.name === 'sign-in');
      const html = bundle['index.html'];
      if (chunk?.type !== 'chunk' || html?.type !== 'asset') throw new Error('sign-in-page-preload: no sign-in chunk or index.html');
      const links = [
        { rel: 'modulepreload', href: `/${chunk.fileName}`, crossOrigin: '' },
        ...[...(chunk.viteMetadata?.importedCss ?? [])].map((css) => ({ rel: 'preload', as: 'style', href: `/${css}`, crossOrigin: '' })),
      ];
      const source =
        `const preload=()=>{for(const a of ${JSON.stringify(links)})document.head.appendChild(Object.assign(document.createElement('link'),a))};\n` +
        `if(location.pathname==='/login')preload();\n` +
        `else(window.portalLoggedInCheck=fetch('/api/auth/session',{credentials:'include'})).then((r)=>r.clone().json()).then((s)=>{if(!s.user)preload()},()=>{});\n`;
      const fileName = `assets/sign-in-preload-${createHash('sha256').update(source).digest('hex').slice(0, 8)}.js`;
      this.emitFile({ type: 'asset', fileName, source });
      const page = String(html.source);
      const at = page.indexOf('<script type="module"');
      if (at < 0) throw new Error('sign-in-page-preload: no module script in index.html');
      html.source = `${page.slice(0, at)}<script type="module" src="/${fileName}"></script>\n    ${page.slice(at)}`;
    },
  };
}

export default defineConfig({
  plugins: [react(), appShellScrollClassNames(), signInPagePreload()],
  server: {
    proxy: {
      '/api': { target: process.env.PORTAL_API_URL ?? 'http://127.0.0.1:8080', changeOrigin: false },
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
