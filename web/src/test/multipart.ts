import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { server } from './server';

/**
 * Multipart bodies: jsdom's FormData and File do not survive Node's fetch (the file arrives as the
 * text "undefined"), so an upload in a test goes through Node's own classes, as a browser's would.
 * Call `setUpMultipartServer` at the top of the test file (or `useNodeMultipart` in `beforeAll`, and
 * `vi.unstubAllGlobals()` in `afterAll`), then pick files made by `namedFile`.
 */
let nodeBlob: typeof Blob | undefined;

export async function useNodeMultipart(): Promise<void> {
  // Node's classes, reached through what Node's fetch hands back (jsdom hides the globals).
  const form = await new Response(new URLSearchParams('a=1')).formData();
  nodeBlob = (await new Response('x').blob()).constructor as typeof Blob;
  vi.stubGlobal('FormData', form.constructor);
}

/** A small file named `name` (a PDF unless `type` says otherwise), made of Node's classes. */
export function namedFile(name: string, type = 'application/pdf'): File {
  if (!nodeBlob) throw new Error('call useNodeMultipart() first');
  const form = new FormData();
  form.append('file', new nodeBlob(['%PDF-1.4\n'], { type }), name);
  return form.get('file') as File;
}

/** The shared MSW server for a test file that uploads files, with Node's multipart classes; mocks are restored after each test. */
export function setUpMultipartServer(): void {
  beforeAll(async () => {
    server.listen({ onUnhandledRequest: 'bypass' });
    await useNodeMultipart();
  });
  afterEach(() => {
    server.resetHandlers();
    vi.restoreAllMocks();
  });
  afterAll(() => {
    server.close();
    vi.unstubAllGlobals();
  });
}
