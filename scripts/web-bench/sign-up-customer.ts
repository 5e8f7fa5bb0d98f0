// A signed-in customer made through the public API, as the SPA makes one.

export interface SignedUpCustomer {
  email: string;
  cookies: { name: string; value: string }[];
}

function cookiesOf(response: Response, jar: Map<string, string>): void {
  for (const header of response.headers.getSetCookie()) {
    const [pair = ''] = header.split(';');
    const at = pair.indexOf('=');
    jar.set(pair.slice(0, at), pair.slice(at + 1));
  }
}

/** Signs up a new customer at `origin` (sign-up signs in) and returns the browser's cookies. */
export async function signUpCustomer(origin: string): Promise<SignedUpCustomer> {
  const jar = new Map<string, string>();
  cookiesOf(await fetch(`${origin}/sanctum/csrf-cookie`), jar);
  const email = `bench-web-${process.pid}-${performance.now().toFixed(0)}@example.com`;
  const password = 'Bench-Web-Passw0rd';
  const response = await fetch(`${origin}/client/v1/signup`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json',
      cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; '),
      'x-xsrf-token': decodeURIComponent(jar.get('XSRF-TOKEN') ?? ''),
    },
    body: JSON.stringify({ email, password, confirm_password: password }),
  });
  if (response.status !== 201) {
    throw new Error(`sign-up answered ${response.status}: ${await response.text()}`);
  }
  cookiesOf(response, jar);
  return { email, cookies: [...jar].map(([name, value]) => ({ name, value })) };
}
