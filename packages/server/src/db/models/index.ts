/**
 * Every aggregate's objection model (ADR 0048): thin (table, id, column types, relations), used by its
 * store for plain CRUD. Stores load them through `loadModels()`, so objection costs nothing until the
 * first store that needs a model runs.
 */
export { AdminModel } from './AdminModel.ts';
export { AdminTokenModel } from './AdminTokenModel.ts';
export { ApiKeyModel } from './ApiKeyModel.ts';
export { CacheVersionModel } from './CacheVersionModel.ts';
export { DailyCreationModel } from './DailyCreationModel.ts';
export { DavLockModel } from './DavLockModel.ts';
export { DavPropertyModel } from './DavPropertyModel.ts';
export { FileShareModel } from './FileShareModel.ts';
export { MountModel } from './MountModel.ts';
export { PasteModel } from './PasteModel.ts';
export { PathShareModel } from './PathShareModel.ts';
export { RateLimitModel } from './RateLimitModel.ts';
export { RequestFileModel } from './RequestFileModel.ts';
export { ServerIdentityModel } from './ServerIdentityModel.ts';
export { SettingModel } from './SettingModel.ts';
export { ShareObjectMoveModel } from './ShareObjectMoveModel.ts';
export { ShareViewDailyModel } from './ShareViewDailyModel.ts';
export { SignedWriteModel } from './SignedWriteModel.ts';
export { StorageConfigModel } from './StorageConfigModel.ts';
export { StorageUploadModel } from './StorageUploadModel.ts';
export { TaskModel } from './TaskModel.ts';
export { UploadPartModel } from './UploadPartModel.ts';
export { UploadRequestModel } from './UploadRequestModel.ts';
export { UploadSessionModel } from './UploadSessionModel.ts';
export { WriteReservationModel } from './WriteReservationModel.ts';
