import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PUBLIC_TWIBBON_TEXT as T } from '@eo/contract';
import { start, TWIBBON_IMAGE } from './main';

/**
 * The maker's script over the server's markup (the ids it reads), with the browser parts jsdom
 * lacks played by hand: images load when the test says so, and the canvas encodes when it says so.
 */
const MARKUP = `<main id="maker" data-key="Esai_2027" data-template="/files/frame.png">
<canvas id="tw-canvas" width="1080" height="1080"></canvas>
<input id="tw-photo" type="file"><input id="tw-zoom" type="range" disabled>
<button id="tw-reset" disabled>reset</button><button id="tw-download" disabled>download</button>
<p id="tw-status" role="status"></p></main>`;

let images: HTMLImageElement[];
let encodes: { type?: string; quality?: unknown; done: (blob: Blob | null) => void }[];
let downloads: string[];
const { createObjectURL, revokeObjectURL } = URL;

beforeEach(() => {
  images = [];
  encodes = [];
  downloads = [];
  document.body.innerHTML = MARKUP;
  vi.stubGlobal('Image', function FakeImage() {
    const img = document.createElement('img');
    images.push(img);
    return img;
  });
  const ctx = { clearRect() {}, fillRect() {}, drawImage() {}, fillStyle: '' };
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(ctx as unknown as CanvasRenderingContext2D);
  vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation((done, type, quality) => { encodes.push({ done, type, quality }); });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) { downloads.push(this.download); });
  URL.createObjectURL = () => 'blob:x';
  URL.revokeObjectURL = () => {};
  vi.stubGlobal('fetch', vi.fn(async () => new Response(null, { status: 204 })));
  start();
});
// The page's markup is written straight into the document: taken out again, so the next file in this worker starts empty.
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  Object.assign(URL, { createObjectURL, revokeObjectURL });
  document.body.innerHTML = '';
});

const $ = <E extends HTMLElement>(id: string) => document.getElementById(id) as E;
const status = () => $('tw-status').textContent;
const button = () => $<HTMLButtonElement>('tw-download');
const frame = () => images[0]!;
const load = (img: HTMLImageElement) => img.dispatchEvent(new Event('load'));
function pickPhoto() {
  const input = $<HTMLInputElement>('tw-photo');
  Object.defineProperty(input, 'files', { value: [new File(['x'], 'foto.jpg', { type: 'image/jpeg' })], configurable: true });
  input.dispatchEvent(new Event('change'));
  load(images.at(-1)!);
}

describe('the twibbon maker', () => {
  it('says the frame is still loading, and keeps the download off until it is there', () => {
    expect(status()).toBe(T.frameLoading);
    pickPhoto();
    expect(status()).toBe(T.frameLoading);
    expect(button().disabled).toBe(true);
    load(frame());
    expect(status()).toBe('');
    expect(button().disabled).toBe(false);
  });

  it('a frame that cannot load says so, and the download stays off', () => {
    pickPhoto();
    frame().dispatchEvent(new Event('error'));
    expect(status()).toBe(T.frameError);
    expect(button().disabled).toBe(true);
  });

  it('shows that the picture is being prepared, busy and disabled, until the JPEG is saved', async () => {
    load(frame());
    pickPhoto();
    button().click();
    expect(status()).toBe(T.preparing);
    expect(button().disabled).toBe(true);
    expect(button().getAttribute('aria-busy')).toBe('true');
    // A second tap while encoding starts no second picture.
    button().click();
    await vi.waitFor(() => expect(encodes).toHaveLength(1));
    expect(encodes[0]).toMatchObject({ type: 'image/jpeg', quality: TWIBBON_IMAGE.quality });
    expect(status()).toBe(T.preparing);
    encodes[0]!.done(new Blob(['jpeg'], { type: 'image/jpeg' }));
    await vi.waitFor(() => expect(status()).toBe(T.downloaded));
    expect(downloads).toEqual(['twibbon-Esai_2027.jpg']);
    expect(button().disabled).toBe(false);
    expect(button().getAttribute('aria-busy')).toBe('false');
    expect(encodes).toHaveLength(1);
  });
});
