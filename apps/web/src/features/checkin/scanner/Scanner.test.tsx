import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { CHECKIN_TEXT as T } from '@eo/contract';
import { renderPage } from '../../../test/render-page';

const detector = vi.hoisted(() => ({ qrDetector: vi.fn() }));
vi.mock('./detector', () => detector);
const { Scanner } = await import('./Scanner');
const { REPEAT_IGNORE_MS, SCAN_EVERY_MS } = await import('./scan-gate');

afterEach(() => {
  vi.useRealTimers();
  vi.clearAllMocks();
  vi.unstubAllGlobals();
});

describe('Scanner: the decoder comes with the screen', () => {
  it('says "getting ready", then ready (also offline), once the decoder has loaded as the screen opened', async () => {
    let loaded!: () => void;
    detector.qrDetector.mockReturnValue(new Promise((done) => { loaded = () => done({ detect: async () => [] }); }));
    renderPage(<Scanner onCode={async () => undefined} />);
    screen.getByText(T.scannerLoading);
    expect(detector.qrDetector).toHaveBeenCalledTimes(1);
    loaded();
    await screen.findByText(T.scannerReady);
  });

  it('says nothing of readiness when the decoder could not load (starting a scan tries again)', async () => {
    detector.qrDetector.mockRejectedValue(new Error('offline'));
    renderPage(<Scanner onCode={async () => undefined} />);
    await vi.waitFor(() => expect(screen.queryByText(T.scannerLoading)).toBeNull());
    expect(screen.queryByText(T.scannerReady)).toBeNull();
  });
});

describe('Scanner: a ticket held in front of the camera', () => {
  it('is scanned once; the same code again only 5 s after its result, another code at once', async () => {
    vi.useFakeTimers();
    let showing = 'KODE-SATU';
    detector.qrDetector.mockResolvedValue({ detect: async () => [{ rawValue: showing }] });
    const track = { stop: vi.fn() };
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator), {
      mediaDevices: { getUserMedia: vi.fn(async () => ({ getTracks: () => [track] })) },
    }));
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    vi.spyOn(HTMLMediaElement.prototype, 'readyState', 'get').mockReturnValue(4);
    // Each answer takes a second, as a slow network would.
    const onCode = vi.fn(() => new Promise<void>((done) => setTimeout(done, 1000)));
    renderPage(<Scanner onCode={onCode} />);
    await act(async () => { fireEvent.click(screen.getByRole('button', { name: /Mulai pindai/ })); });
    await act(() => vi.advanceTimersByTimeAsync(SCAN_EVERY_MS));
    expect(onCode).toHaveBeenCalledTimes(1);
    expect(onCode).toHaveBeenLastCalledWith('KODE-SATU');

    // Answered at 1 s; the code stays in front of the camera for the whole window: no new scan.
    await act(() => vi.advanceTimersByTimeAsync(1000 + REPEAT_IGNORE_MS - 2 * SCAN_EVERY_MS));
    expect(onCode).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(2 * SCAN_EVERY_MS));
    expect(onCode).toHaveBeenCalledTimes(2);

    // The next ticket is read as soon as the answer is in.
    showing = 'KODE-DUA';
    await act(() => vi.advanceTimersByTimeAsync(1000 + SCAN_EVERY_MS));
    expect(onCode).toHaveBeenCalledTimes(3);
    expect(onCode).toHaveBeenLastCalledWith('KODE-DUA');
  });
});
