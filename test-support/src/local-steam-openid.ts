import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

const OPENID_NS = 'http://specs.openid.net/auth/2.0';
const IDENTIFIER_SELECT = 'http://specs.openid.net/auth/2.0/identifier_select';
const SIGNED = 'signed,op_endpoint,claimed_id,identity,return_to,response_nonce,assoc_handle';

/**
 * A stand-in for Steam's OpenID 2.0 endpoint on loopback, doing what Steam does:
 * `GET ?openid.mode=checkid_setup` sends the browser back to `openid.return_to` with a signed
 * positive assertion for `nextSteamId` (or a cancel), and `POST openid.mode=check_authentication`
 * answers `is_valid:true` only when the signature over the signed fields is its own.
 */
export class LocalSteamOpenId {
  /** The Steam id the next sign-in asserts. */
  nextSteamId = '76561197960287930';
  /** What the next checkid_setup answers: an assertion, or the player pressing cancel. */
  nextAnswer: 'assert' | 'cancel' = 'assert';
  /** How many check_authentication requests came in. */
  checkAuthenticationCalls = 0;
  /** The `Connection` header of the last check_authentication request. */
  lastCheckAuthenticationConnection: string | undefined;
  private readonly key = randomBytes(32);
  private nonceCounter = 0;

  private constructor(
    private readonly server: Server,
    readonly url: string,
  ) {}

  static async start(): Promise<LocalSteamOpenId> {
    let endpoint: LocalSteamOpenId | null = null;
    const server = createServer((req, res) => {
      // No keep-alive: every request gets a connection of its own, closed after the answer.
      // A kept-alive connection sat idle in fetch's pool (undici) between test cases, and Node
      // closes idle ones after 5 s; while a test app started (PGlite blocks the event loop for
      // seconds), undici's idle timer — whose coarse clock stops while the loop is blocked —
      // did not drop it first. The next case's request then went out on it just as this
      // server's overdue timer destroyed it: ECONNRESET, in one run of the file in five or so.
      res.setHeader('connection', 'close');
      endpoint?.handle(req, res).catch((error: unknown) => {
        res.writeHead(500).end(String(error));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    endpoint = new LocalSteamOpenId(server, `http://127.0.0.1:${port}/openid/login`);
    return endpoint;
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve, reject) =>
      this.server.close((error) => (error ? reject(error) : resolve())),
    );
  }

  private sign(fields: URLSearchParams): string {
    const names = (fields.get('openid.signed') ?? '').split(',');
    const message = names.map((name) => `${name}:${fields.get(`openid.${name}`) ?? ''}\n`).join('');
    return createHmac('sha256', this.key).update(message).digest('base64');
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const requestUrl = new URL(req.url ?? '/', this.url);
    if (requestUrl.pathname !== '/openid/login') return void res.writeHead(404).end();
    if (req.method === 'GET') return this.checkidSetup(requestUrl.searchParams, res);
    if (req.method === 'POST') {
      let body = '';
      for await (const chunk of req) body += String(chunk);
      return this.checkAuthentication(new URLSearchParams(body), req, res);
    }
    res.writeHead(405).end();
  }

  private checkidSetup(query: URLSearchParams, res: ServerResponse): void {
    const returnTo = query.get('openid.return_to') ?? '';
    const realm = query.get('openid.realm') ?? '';
    const wellFormed =
      query.get('openid.ns') === OPENID_NS &&
      query.get('openid.mode') === 'checkid_setup' &&
      query.get('openid.identity') === IDENTIFIER_SELECT &&
      query.get('openid.claimed_id') === IDENTIFIER_SELECT &&
      realm !== '' &&
      returnTo.startsWith(realm);
    if (!wellFormed) return void res.writeHead(400).end('bad checkid_setup');
    const back = new URL(returnTo);
    back.searchParams.set('openid.ns', OPENID_NS);
    if (this.nextAnswer === 'cancel') {
      this.nextAnswer = 'assert';
      back.searchParams.set('openid.mode', 'cancel');
      return void res.writeHead(302, { location: back.toString() }).end();
    }
    const claimedId = `https://steamcommunity.com/openid/id/${this.nextSteamId}`;
    this.nonceCounter += 1;
    const assertion = new URLSearchParams({
      'openid.ns': OPENID_NS,
      'openid.mode': 'id_res',
      'openid.op_endpoint': this.url,
      'openid.claimed_id': claimedId,
      'openid.identity': claimedId,
      'openid.return_to': returnTo,
      // Unique across test runs sharing one Redis, as Steam's own nonces are.
      'openid.response_nonce': `${new Date().toISOString().slice(0, 19)}Z${this.nonceCounter}${randomBytes(6).toString('hex')}`,
      'openid.assoc_handle': '1234567890',
      'openid.signed': SIGNED,
    });
    assertion.set('openid.sig', this.sign(assertion));
    for (const [name, value] of assertion) back.searchParams.set(name, value);
    res.writeHead(302, { location: back.toString() }).end();
  }

  private checkAuthentication(
    body: URLSearchParams,
    req: IncomingMessage,
    res: ServerResponse,
  ): void {
    this.checkAuthenticationCalls += 1;
    this.lastCheckAuthenticationConnection = req.headers.connection;
    const sig = Buffer.from(body.get('openid.sig') ?? '');
    const expected = Buffer.from(this.sign(body));
    const valid =
      body.get('openid.mode') === 'check_authentication' &&
      sig.length === expected.length &&
      timingSafeEqual(sig, expected);
    res
      .writeHead(200, { 'content-type': 'text/plain' })
      .end(`ns:${OPENID_NS}\nis_valid:${valid ? 'true' : 'false'}\n`);
  }
}
