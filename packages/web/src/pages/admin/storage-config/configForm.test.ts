import type { StorageConfig } from '@clip/sdk';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  configBody,
  editConfigForm,
  newConfigForm,
  validateConfigForm,
  withProvider,
  withRegion,
} from './configForm.ts';

const filled = (over = {}) => ({
  ...newConfigForm('minio'),
  name: 'minio',
  bucket: 'my-bucket',
  accessKeyId: 'AKIA123',
  secret: 'secret',
  ...over,
});

test('presets prefill endpoint, region and path style per provider', () => {
  const b2 = withProvider(newConfigForm(), 'b2');
  assert.equal(
    [b2.endpoint, b2.region, b2.pathStyle],
    ['https://s3.us-west-004.backblazeb2.com', 'us-west-004', false],
  );
  const oss = withProvider(newConfigForm(), 'aliyun');
  assert.is(oss.endpoint, 'https://oss-cn-hangzhou.aliyuncs.com');
  assert.is(
    withRegion(oss, 'cn-shanghai').endpoint,
    'https://oss-cn-shanghai.aliyuncs.com',
    'follows the region',
  );
  const custom = { ...oss, endpoint: 'https://oss.internal.example' };
  assert.is(
    withRegion(custom, 'cn-beijing').endpoint,
    'https://oss.internal.example',
    'a typed endpoint stays',
  );
  const minio = withProvider(newConfigForm(), 'minio');
  assert.is(minio.pathStyle, true);
  const r2 = withProvider(newConfigForm(), 'r2');
  assert.equal([r2.endpoint, r2.region], ['', 'auto']);
});

test('a complete S3 form is valid; the endpoint is optional only for AWS', () => {
  assert.equal(validateConfigForm(filled(), true, false), {});
  assert.is(validateConfigForm(filled({ endpoint: '' }), true, false).endpoint, 'required');
  assert.is(validateConfigForm(filled({ provider: 'aws', endpoint: '' }), true, false).endpoint, undefined);
});

test('endpoint URL, bucket, region and capacity are checked', () => {
  const v = (over: object) => validateConfigForm(filled(over), true, false);
  assert.is(v({ endpoint: 'ftp://x' }).endpoint, 'url');
  assert.is(v({ endpoint: 'not a url' }).endpoint, 'url');
  assert.is(v({ endpoint: 'https://u:p@s3.example.com' }).endpoint, 'url-extra');
  assert.is(v({ bucket: 'Upper_Case' }).bucket, 'bucket-strict');
  assert.is(v({ bucket: 'ab' }).bucket, 'bucket-strict');
  assert.is(v({ bucket: '192.168.1.1' }).bucket, 'bucket-strict');
  assert.is(v({ provider: 'b2', bucket: 'Upper_Case' }).bucket, undefined, 'B2 names are relaxed');
  assert.is(v({ region: 'us east' }).region, 'region');
  assert.is(v({ capacity: '-1' }).capacity, 'capacity');
  assert.is(v({ capacity: '1.5', capacityUnit: 'TB' }).capacity, undefined);
  assert.is(v({ signatureExpiresIn: '0' }).signatureExpiresIn, 'signature');
  assert.is(v({ signatureExpiresIn: '604801' }).signatureExpiresIn, 'signature');
  assert.is(v({ defaultFolder: 'a/../b' }).defaultFolder, 'folder');
});

test('the secret is write-only: required on create, blank keeps it on edit', () => {
  assert.is(validateConfigForm(filled({ secret: '' }), true, false).secret, 'required');
  assert.is(validateConfigForm(filled({ secret: '' }), false, true).secret, undefined);
  assert.is(configBody(filled({ secret: '' }), false).secret_access_key, undefined);
  assert.is(configBody(filled(), true).secret_access_key, 'secret');
});

test('the body carries bytes for capacity and only local fields for local storage', () => {
  const body = configBody(filled({ capacity: '2', capacityUnit: 'GB', defaultFolder: '/shares/' }), true);
  assert.is(body.total_storage_bytes, 2 * 1024 ** 3);
  assert.is(body.default_folder, 'shares');
  assert.is(body.path_style, true);
  const local = configBody({ ...newConfigForm('local'), name: 'disk', rootPath: '/srv/clip' }, true);
  assert.equal(local, {
    name: 'disk',
    provider_type: 'local',
    is_public: true,
    total_storage_bytes: null,
    is_default: false,
    root_path: '/srv/clip',
  });
});

test('editing starts from the stored config, capacity in the largest whole unit', () => {
  const stored = {
    id: 'c1',
    name: 'r2',
    provider_type: 'r2',
    is_public: false,
    is_default: true,
    total_storage_bytes: 10 * 1024 ** 4,
    created_at: '',
    updated_at: '',
    endpoint_url: 'https://acc.r2.cloudflarestorage.com',
    bucket_name: 'b-1',
    region: 'auto',
    access_key_id: 'id',
    has_secret_access_key: true,
    path_style: false,
    default_folder: '',
    custom_host: null,
    signature_expires_in: 600,
    root_path: null,
    proxy_downloads: false,
  } satisfies StorageConfig;
  const form = editConfigForm(stored);
  assert.equal(
    [form.capacity, form.capacityUnit, form.secret, form.signatureExpiresIn],
    ['10', 'TB', '', '600'],
  );
  assert.equal(validateConfigForm(form, false, true), {});
});

test.run();
