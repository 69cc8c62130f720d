export {
  parseRequestLink,
  type RememberedRequestUpload,
  type RequestUploadMemory,
  requestUploadKey,
  type UploadToRequestOptions,
  uploadToRequest,
} from './uploadToRequest.ts';
