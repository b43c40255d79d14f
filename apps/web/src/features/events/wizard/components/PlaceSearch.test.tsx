import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Place, PlacesResult } from '@eo/contract';
import { PlaceSearch } from './PlaceSearch';

afterEach(() => vi.unstubAllGlobals());

const place = (name: string, source: Place['source']): Place => ({ id: `${source}:${name}`, name, address: `${name}, Indonesia`, lat: -6.9, lng: 107.6, source });

/** The API answers each search in turn with the given results (a number: that error status). */
function stubPlaces(...answers: (PlacesResult | number)[]) {
  const asked: string[] = [];
  vi.stubGlobal('fetch', vi.fn(async (url: URL) => {
    asked.push(url.searchParams.get('q') ?? '');
    const data = answers[Math.min(asked.length, answers.length) - 1];
    if (typeof data === 'number') return new Response(JSON.stringify({ message: 'x', messageId: 'x' }), { status: data });
    return new Response(JSON.stringify({ data }), { status: 200, headers: { 'content-type': 'application/json' } });
  }));
  return asked;
}

describe('PlaceSearch', () => {
  it('a throttled answer shows the gazetteer at once, then asks once more and adds the geocoder\'s hits', async () => {
    const asked = stubPlaces(
      { result: [place('Kota Bandung', 'gazetteer')], retryAfterMs: 40 },
      { result: [place('Gedung Sate', 'geocoder'), place('Kota Bandung', 'gazetteer')], retryAfterMs: 40 },
    );
    render(<PlaceSearch onPick={() => undefined} />);
    await userEvent.type(screen.getByRole('combobox'), 'bandung');
    await screen.findByText('Kota Bandung');
    await screen.findByText('Gedung Sate');
    // Once more only, even when the second answer is throttled too.
    await new Promise((r) => setTimeout(r, 200));
    expect(asked).toEqual(['bandung', 'bandung']);
  });

  it('a failed second ask keeps the first answer on screen', async () => {
    const asked = stubPlaces({ result: [place('Kota Bandung', 'gazetteer')], retryAfterMs: 40 }, 429);
    render(<PlaceSearch onPick={() => undefined} />);
    await userEvent.type(screen.getByRole('combobox'), 'bandung');
    await screen.findByText('Kota Bandung');
    await waitFor(() => expect(asked).toHaveLength(2));
    await new Promise((r) => setTimeout(r, 100));
    screen.getByText('Kota Bandung');
  });

  it('a complete answer is not asked again', async () => {
    const asked = stubPlaces({ result: [place('Kota Malang', 'gazetteer')] });
    render(<PlaceSearch onPick={() => undefined} />);
    await userEvent.type(screen.getByRole('combobox'), 'malang');
    await screen.findByText('Kota Malang');
    await new Promise((r) => setTimeout(r, 400));
    await waitFor(() => expect(asked).toEqual(['malang']));
  });
});
