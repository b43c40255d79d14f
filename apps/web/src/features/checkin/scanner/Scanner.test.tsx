import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { CHECKIN_TEXT as T } from '@eo/contract';
import { renderPage } from '../../../test/render-page';

const detector = vi.hoisted(() => ({ qrDetector: vi.fn() }));
vi.mock('./detector', () => detector);
const { Scanner } = await import('./Scanner');

afterEach(() => vi.clearAllMocks());

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
