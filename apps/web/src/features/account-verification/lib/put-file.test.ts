import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeUploads } from '@/test/fake-uploads';
import { PutError, putFile } from './put-file';

afterEach(() => {
  vi.unstubAllGlobals();
});

const body = new Blob([new Uint8Array(2000)], { type: 'image/jpeg' });
const headers = { 'Content-Type': 'image/jpeg', 'x-amz-checksum': 'abc' };

describe('putFile', () => {
  it('PUTs the file to the signed URL with exactly its headers and no cookies, reporting progress', async () => {
    const { requests } = fakeUploads({ auto: false });
    const progress: number[] = [];
    const done = putFile({
      url: 'https://storage.test/k?sig=1',
      headers,
      body,
      onProgress: (sent) => progress.push(sent),
    });
    const [request] = requests;
    expect(request?.method).toBe('PUT');
    expect(request?.url).toBe('https://storage.test/k?sig=1');
    expect(request?.headers).toEqual(headers);
    expect(request?.withCredentials).toBe(false);
    expect(request?.body).toBe(body);

    request?.progress(500, 2000);
    request?.progress(2000, 2000);
    request?.respond(200);
    await done;
    expect(progress).toEqual([0.25, 1]);
  });

  it('fails as refused when storage answers an error (an expired or tampered signature)', async () => {
    const { requests } = fakeUploads({ auto: false });
    const done = putFile({
      url: 'https://storage.test/k',
      headers,
      body,
      onProgress: () => undefined,
    });
    requests[0]?.respond(403);
    await expect(done).rejects.toEqual(new PutError('refused', 403));
  });

  it('fails as a network failure when nothing answers', async () => {
    const { requests } = fakeUploads({ auto: false });
    const done = putFile({
      url: 'https://storage.test/k',
      headers,
      body,
      onProgress: () => undefined,
    });
    requests[0]?.fail();
    await expect(done).rejects.toEqual(new PutError('network'));
  });

  it('aborts the request when its signal aborts', async () => {
    const { requests } = fakeUploads({ auto: false });
    const controller = new AbortController();
    const done = putFile({
      url: 'https://storage.test/k',
      headers,
      body,
      onProgress: () => undefined,
      signal: controller.signal,
    });
    controller.abort();
    await expect(done).rejects.toEqual(new PutError('aborted'));
    expect(requests[0]?.aborted).toBe(true);
  });
});
