import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ITEM_MESSAGES, itemImageUrl } from '#contract/items';
import { createApp, type App } from '../../app';
import { freshDatabase } from '../../test/harness';
import { defaultItemImagesDir, itemImageRoutes } from './item-images';

const IMAGES = join(process.cwd(), 'server/catalog/images');
const bytes = (name: string) => readFileSync(join(IMAGES, `${name}.jpg`));

let app: App;
let drop: () => Promise<void>;
beforeAll(async () => {
  // The image route reads no data: an empty, unseeded database is enough.
  const fresh = await freshDatabase({ seed: false });
  drop = fresh.drop;
  app = createApp({ db: fresh.db, tokenSecret: 'x'.repeat(43), staticDir: '/nonexistent-static-dir' });
});
afterAll(() => drop());

const fetchImage = async (path: string, headers: Record<string, string> = {}) => {
  const res = await app.request(path, { headers });
  return { res, status: res.status, body: Buffer.from(await res.arrayBuffer()) };
};

describe('GET /item-images/{image}.jpg', () => {
  it('serves an existing image as image/jpeg with cache headers, no token needed', async () => {
    const { res, status, body } = await fetchImage('/item-images/apple-red.jpg');
    expect(status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(res.headers.get('cache-control')).toBe('public, max-age=86400');
    expect(res.headers.get('content-length')).toBe(String(bytes('apple-red').length));
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(body.equals(bytes('apple-red'))).toBe(true);

    const etag = res.headers.get('etag')!;
    expect(etag).toMatch(/^".+"$/);
    const again = await fetchImage('/item-images/apple-red.jpg', { 'If-None-Match': etag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
  });

  it('answers HEAD with the headers only', async () => {
    const res = await app.request('/item-images/tea-premium.jpg', { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect((await res.arrayBuffer()).byteLength).toBe(0);
  });

  it('serves the placeholder for a valid name without a file, cached briefly', async () => {
    for (const name of ['no-such-item', 'farmfresh-banana', 'under_score_9']) {
      const { res, status, body } = await fetchImage(`/item-images/${name}.jpg`);
      expect(status, name).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/jpeg');
      expect(res.headers.get('cache-control')).toBe('public, max-age=300');
      expect(body.equals(bytes('placeholder'))).toBe(true);
    }
  });

  it('refuses names outside [a-z0-9_-], so nothing outside the folder is reachable', async () => {
    for (const path of [
      '/item-images/..%2F..%2Fpackage.jpg',
      '/item-images/..%2Fmaster-catalog.jpg',
      '/item-images/%2E%2E.jpg',
      '/item-images/..%5C..%5Cwin.jpg',
      '/item-images/apple-red%00.jpg',
      '/item-images/Apple-Red.jpg',
      '/item-images/apple.red.jpg',
      '/item-images/apple-red.png',
      '/item-images/apple-red',
      '/item-images/.jpg',
      `/item-images/${'a'.repeat(201)}.jpg`,
    ]) {
      const res = await app.request(path);
      expect(res.status, path).toBe(400);
      expect(await res.json()).toEqual({
        isSuccess: false,
        result: null,
        errorMessages: [ITEM_MESSAGES.badImageName],
      });
    }
    // Paths with more segments are not image paths at all.
    for (const path of ['/item-images/x/apple-red.jpg', '/item-images/../package.json']) {
      const res = await app.request(path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/json/);
    }
  });

  it('finds the folder from the working directory or the module, and takes an override', async () => {
    expect(defaultItemImagesDir()).toBe(IMAGES);
    const dir = mkdtempSync(join(tmpdir(), 'item-images-'));
    try {
      const images = itemImageRoutes(dir);
      expect((await images.request('/item-images/apple-red.jpg')).status).toBe(404);
      writeFileSync(join(dir, 'placeholder.jpg'), 'P');
      writeFileSync(join(dir, 'custom.jpg'), 'C');
      expect(await (await images.request('/item-images/custom.jpg')).text()).toBe('C');
      expect(await (await images.request('/item-images/apple-red.jpg')).text()).toBe('P');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('itemImageUrl points an <img> at a servable path', () => {
    expect(itemImageUrl('apple-red')).toBe('/item-images/apple-red.jpg');
    expect(itemImageUrl('')).toBe('/item-images/placeholder.jpg');
    expect(itemImageUrl('../etc/passwd')).toBe('/item-images/placeholder.jpg');
  });
});
