import type { Transport } from '../client.ts';
import type {
  AdminTokenInfo,
  ApiKeyVerification,
  ChangePasswordBody,
  LoginResult,
} from '../contract/index.ts';

export class AuthResource {
  readonly #t: Transport;
  constructor(transport: Transport) {
    this.#t = transport;
  }
  login(username: string, password: string): Promise<LoginResult> {
    return this.#t.request('POST', '/admin/login', { body: { username, password } });
  }
  logout(): Promise<null> {
    return this.#t.request('POST', '/admin/logout');
  }
  verifyAdminToken(): Promise<AdminTokenInfo> {
    return this.#t.request('GET', '/test/admin-token');
  }
  verifyApiKey(): Promise<ApiKeyVerification> {
    return this.#t.request('GET', '/test/api-key');
  }
  changePassword(body: ChangePasswordBody): Promise<null> {
    return this.#t.request('POST', '/admin/change-password', { body, kind: 'change-password' });
  }
}
