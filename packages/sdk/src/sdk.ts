import { type ClientOptions, Transport } from './client.ts';
import { AccessLogResource } from './resources/accessLog.ts';
import { ApiKeysResource } from './resources/apiKeys.ts';
import { AuthResource } from './resources/auth.ts';
import { DashboardResource } from './resources/dashboard.ts';
import { FilesResource } from './resources/files.ts';
import { FsResource } from './resources/fs.ts';
import { MountsResource } from './resources/mounts.ts';
import { PastesResource } from './resources/pastes.ts';
import { PathSharesResource } from './resources/pathShares.ts';
import { StorageConfigsResource } from './resources/storageConfigs.ts';
import { SystemResource } from './resources/system.ts';
import { TasksResource } from './resources/tasks.ts';
import { UploadRequestsResource } from './resources/uploadRequests.ts';
import { UrlResource } from './resources/url.ts';

/** The typed client: one resource per API family, over one transport. */
export class ClipClient {
  readonly transport: Transport;
  readonly auth: AuthResource;
  readonly apiKeys: ApiKeysResource;
  readonly system: SystemResource;
  readonly pastes: PastesResource;
  readonly files: FilesResource;
  readonly url: UrlResource;
  readonly dashboard: DashboardResource;
  readonly accessLog: AccessLogResource;
  readonly storageConfigs: StorageConfigsResource;
  readonly tasks: TasksResource;
  readonly mounts: MountsResource;
  readonly fs: FsResource;
  readonly uploadRequests: UploadRequestsResource;
  readonly pathShares: PathSharesResource;

  constructor(options: ClientOptions) {
    this.transport = new Transport(options);
    this.auth = new AuthResource(this.transport);
    this.apiKeys = new ApiKeysResource(this.transport);
    this.system = new SystemResource(this.transport);
    this.pastes = new PastesResource(this.transport);
    this.files = new FilesResource(this.transport);
    this.url = new UrlResource(this.transport);
    this.dashboard = new DashboardResource(this.transport);
    this.accessLog = new AccessLogResource(this.transport);
    this.storageConfigs = new StorageConfigsResource(this.transport);
    this.tasks = new TasksResource(this.transport);
    this.mounts = new MountsResource(this.transport);
    this.fs = new FsResource(this.transport, () => this);
    this.uploadRequests = new UploadRequestsResource(this.transport);
    this.pathShares = new PathSharesResource(this.transport);
  }

  setAuth(auth: ClientOptions['auth']): void {
    this.transport.auth = auth ?? { type: 'none' };
  }
}
