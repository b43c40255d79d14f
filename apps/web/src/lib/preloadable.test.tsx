import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { preloadable } from './preloadable';

function Counter({ label }: { label: string }) {
  const [n, setN] = useState(0);
  return <button type="button" onClick={() => setN(n + 1)}>{`${label} ${n}`}</button>;
}

describe('preloadable', () => {
  it('keeps the state of a part that was shown before its code arrived, across later renders', async () => {
    let arrive!: (c: typeof Counter) => void;
    const Part = preloadable(() => new Promise<typeof Counter>((r) => { arrive = r; }), <span>memuat</span>);
    const { rerender } = render(<Part label="a" />);
    screen.getByText('memuat');
    await act(async () => arrive(Counter));
    await userEvent.click(await screen.findByRole('button', { name: 'a 0' }));
    screen.getByRole('button', { name: 'a 1' });
    // The parent renders again after the code is in: the part is not remounted.
    rerender(<Part label="b" />);
    screen.getByRole('button', { name: 'b 1' });
  });

  it('renders a part mounted after preload() at once, without a fallback', async () => {
    const Part = preloadable(async () => Counter, <span>memuat</span>);
    Part.preload();
    await act(async () => { await new Promise((r) => setTimeout(r, 0)); });
    render(<Part label="c" />);
    expect(screen.queryByText('memuat')).toBeNull();
    screen.getByRole('button', { name: 'c 0' });
  });
});
