import { availableParallelism } from 'node:os';
import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

// An unhandled error fails the run, but vitest prints it long before the summary; CI keeps only
// the end of the output, so the errors are repeated as the very last lines.
const unhandled: string[] = [];
process.on('exit', () => {
  for (const e of unhandled) console.error(`\nUnhandled error during the tests (repeated):\n${e}`);
});

export default mergeConfig(
  viteConfig,
  defineConfig({
    // The docs' tests read README.md and docs/ (above web/) as text.
    server: { fs: { allow: ['..'] } },
    test: {
      environment: 'jsdom',
      globals: true,
      setupFiles: ['./src/test/setup.ts'],
      include: ['src/**/*.test.{ts,tsx}'],
      // A test spends much of its time waiting on rendering and timers: two files per core keep the
      // cores busy.
      maxWorkers: 2 * availableParallelism(),
      css: false,
      testTimeout: 15_000,
      onUnhandledError(error) {
        const stack = (error.stack ?? '').split('\n').slice(0, 12).join('\n');
        unhandled.push(`${error.name}: ${error.message}\n${stack}`);
      },
    },
  }),
);
