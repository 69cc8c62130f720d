import type { Transport } from '../client.ts';
import type {
  Health,
  MaxUploadSize,
  SystemSettings,
  UpdateSystemSettingsBody,
  VersionInfo,
} from '../contract/index.ts';

export class SystemResource {
  readonly #t: Transport;
  constructor(transport: Transport) {
    this.#t = transport;
  }
  health(): Promise<Health> {
    return this.#t.request('GET', '/health');
  }
  version(): Promise<VersionInfo> {
    return this.#t.request('GET', '/version');
  }
  settings(): Promise<SystemSettings> {
    return this.#t.request('GET', '/admin/system-settings');
  }
  updateSettings(body: UpdateSystemSettingsBody): Promise<SystemSettings> {
    return this.#t.request('PUT', '/admin/system-settings', { body });
  }
  maxUploadSize(): Promise<MaxUploadSize> {
    return this.#t.request('GET', '/system/max-upload-size');
  }
}
