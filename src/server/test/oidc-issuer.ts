import { createServer, type Server } from 'node:http';
import Provider from 'oidc-provider';
import { freePort } from './free-port';

export interface IssuerAccount {
  email: string;
  name: string;
}

export interface OidcIssuer {
  url: string;
  clientId: string;
  clientSecret: string;
  close(): Promise<void>;
}

/**
 * A real OpenID Connect provider on 127.0.0.1 standing in for Google in tests. Its development
 * login page accepts any account id as the login; `accounts` maps ids to their claims.
 */
export async function startOidcIssuer(options: {
  redirectUri: string;
  accounts: Record<string, IssuerAccount>;
}): Promise<OidcIssuer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const clientId = 'tutora-test-client';
  const clientSecret = 'tutora-test-client-secret';
  const provider = new Provider(url, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [options.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    // Put the claims in the ID token too, as Google does.
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    cookies: { keys: ['tutora-test-cookie-key'] },
    async findAccount(_ctx, id) {
      const account = options.accounts[id];
      if (!account) return undefined;
      return {
        accountId: id,
        claims: async () => ({
          sub: id,
          email: account.email,
          email_verified: true,
          name: account.name,
        }),
      };
    },
  });
  const server: Server = createServer(provider.callback());
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url,
    clientId,
    clientSecret,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Walks the provider's development login and consent pages over HTTP as a browser would,
 * starting at the authorization URL; returns the redirect back to the app (with the code).
 */
export async function signInAtIssuer(authorizationUrl: string, accountId: string): Promise<URL> {
  const jar = new Map<string, string>();
  const cookieHeader = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const remember = (response: Response) => {
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const index = pair.indexOf('=');
      jar.set(pair.slice(0, index).trim(), pair.slice(index + 1));
    }
  };
  const origin = new URL(authorizationUrl).origin;
  let next = new URL(authorizationUrl);
  let form: Record<string, string> | undefined;
  for (let step = 0; step < 12; step += 1) {
    if (next.origin !== origin) return next;
    const response = await fetch(next, {
      method: form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        cookie: cookieHeader(),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body: form ? new URLSearchParams(form) : undefined,
    });
    remember(response);
    form = undefined;
    const location = response.headers.get('location');
    if (location) {
      next = new URL(location, next);
      continue;
    }
    // An interaction page: answer its form (login, then consent).
    const html = await response.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    const prompt = /name="prompt" value="([^"]+)"/.exec(html)?.[1];
    if (!action || !prompt) throw new Error(`unexpected page at ${next}: ${html.slice(0, 300)}`);
    next = new URL(action, next);
    form = prompt === 'login' ? { prompt, login: accountId, password: 'any' } : { prompt };
  }
  throw new Error('the provider did not redirect back to the app');
}
