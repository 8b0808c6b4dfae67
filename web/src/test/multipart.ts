import { vi } from 'vitest';

/**
 * Multipart bodies: jsdom's FormData and File do not survive Node's fetch, so an upload in a test
 * goes through Node's own classes, as a browser's would. Call `useNodeMultipart` in `beforeAll`
 * (and `vi.unstubAllGlobals()` in `afterAll`), then pick files made by `namedFile`.
 */
let nodeBlob: typeof Blob | undefined;

export async function useNodeMultipart(): Promise<void> {
  const form = await new Response(new URLSearchParams('a=1')).formData();
  nodeBlob = (await new Response('x').blob()).constructor as typeof Blob;
  vi.stubGlobal('FormData', form.constructor);
}

/** A small PDF named `name`, made of Node's classes. */
export function namedFile(name: string): File {
  if (!nodeBlob) throw new Error('call useNodeMultipart() first');
  const form = new FormData();
  form.append('file', new nodeBlob(['%PDF-1.4\n'], { type: 'application/pdf' }), name);
  return form.get('file') as File;
}
