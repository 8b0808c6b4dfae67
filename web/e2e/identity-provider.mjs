// A real OpenID Provider (the certified `oidc-provider`) for the single sign-on browser test, on a
// free 127.0.0.1 port. Its development sign-in form takes any login and password: the login is
// the person's e-mail address, vouched for (email_verified) in the ID token. PKCE is required.
import Provider from 'oidc-provider';
import { createServer } from 'node:net';

export const CLIENT_ID = 'appraisal-portal';
export const CLIENT_SECRET = 'e2e-only-client-secret';

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** Starts the provider for the portal at `portalOrigin`; answers its issuer URL and a closer. */
export async function startIdentityProvider(portalOrigin) {
  const port = await freePort();
  const issuer = `http://127.0.0.1:${port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: CLIENT_ID,
        client_secret: CLIENT_SECRET,
        redirect_uris: [`${portalOrigin}/api/auth/oidc/callback`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    pkce: { required: () => true },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name'] },
    // The e-mail claims travel in the ID token (the portal also reads UserInfo when they do not).
    conformIdTokenClaims: false,
    findAccount: async (_ctx, id) => ({
      accountId: id,
      claims: async () => ({ sub: id, email: id, email_verified: true, given_name: 'Sam', family_name: 'Single' }),
    }),
    cookies: { keys: ['e2e-only-cookie-key'] },
  });
  provider.proxy = false;
  const server = provider.listen(port, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  return { issuer, close: () => new Promise((resolve) => server.close(resolve)) };
}

// Run directly (`node identity-provider.mjs <portal origin>`, as the server's tests do): prints
// {"issuer": ...} on one line and stays up until its standard input closes.
if (import.meta.url === `file://${process.argv[1]}`) {
  const idp = await startIdentityProvider(process.argv[2] ?? 'http://127.0.0.1:18080');
  console.log(JSON.stringify({ issuer: idp.issuer }));
  process.stdin.resume();
  process.stdin.on('end', () => void idp.close().then(() => process.exit(0)));
}
